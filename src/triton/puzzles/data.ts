/**
 * Seeded data and small helpers for the Triton puzzles. The triton layer imports nothing outside
 * src/triton, so the generator is its own (mulberry32, a 32-bit generator good enough for test
 * data).
 */

/** A generator of uniform numbers in [0, 1), the same sequence for the same seed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` numbers uniform in [lo, hi), rounded to fp32 as a tensor would hold them. */
export function uniform(seed: number, n: number, lo = -1, hi = 1): number[] {
  const next = seeded(seed);
  return Array.from({ length: n }, () => Math.fround(lo + (hi - lo) * next()));
}

/** A seed from a puzzle's salt and a size, so every size gets different data. */
export function seedFor(salt: number, size: Readonly<Record<string, number>>): number {
  let h = salt >>> 0;
  for (const v of Object.values(size)) h = (Math.imul(h ^ v, 0x9e3779b1) + 0x7f4a7c15) >>> 0;
  return h;
}

/** The smallest power of two at least `n` (Triton's `triton.next_power_of_2`). */
export function nextPowerOf2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** `triton.cdiv`. */
export function cdiv(a: number, b: number): number {
  return Math.ceil(a / b);
}

/** A size's field, which the puzzle's cases always set. */
export function sizeOf(size: Readonly<Record<string, number>>, name: string): number {
  const v = size[name];
  if (v === undefined) throw new RangeError(`the size has no field ${name}`);
  return v;
}

/** The usual header of every kernel source. */
export const HEADER = `import triton
import triton.language as tl
`;
