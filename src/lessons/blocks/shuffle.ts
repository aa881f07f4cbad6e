/**
 * Per-learner choice order for quick checks: a pure function of the learner's seed and the
 * quick check's id, so one learner sees the same order on every visit, different learners see
 * different ones, and the right answer sits in each position equally often across learners.
 */

/** 32-bit FNV-1a hash of a string (its UTF-16 code units). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The order in which to show `count` choices: a permutation of 0…count-1 (indices into the
 * authored order), shuffled by Fisher-Yates with a generator seeded by `seed` and `id`.
 */
export function seededOrder(count: number, seed: string, id: string): number[] {
  const order = Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => i);
  const random = generator(hashString(`${seed}\u0000${id}`));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * `items` in this learner's order for question `id` (seededOrder); in the authored order while
 * the learner has no seed yet.
 */
export function learnerOrder<T>(items: readonly T[], seed: string | null, id: string): T[] {
  return seed === null ? [...items] : seededOrder(items.length, seed, id).map((i) => items[i]!);
}
