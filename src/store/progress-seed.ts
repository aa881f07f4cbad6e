/** Per-learner seeds, kept with the saved progress (see progress.ts). */

/** Pattern every saved seed matches. */
export const SEED_PATTERN = /^[0-9a-z]{1,32}$/;

/** A fresh learner seed: twelve base-36 characters from the platform's random source. */
export function newLearnerSeed(): string {
  const words = new Uint32Array(2);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    crypto.getRandomValues(words);
  } else {
    words[0] = Math.floor(Math.random() * 2 ** 32);
    words[1] = Math.floor(Math.random() * 2 ** 32);
  }
  return Array.from(words, (w) => w.toString(36).padStart(7, '0'))
    .join('')
    .slice(-12);
}
