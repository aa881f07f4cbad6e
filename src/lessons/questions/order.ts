/** Order-the-steps questions: moving a step, and grading an order. Pure. */

/** The order after moving the item at `from` by `delta` places (clamped at the ends). */
export function moveStep<T>(order: readonly T[], from: number, delta: number): T[] {
  const next = [...order];
  const to = Math.min(next.length - 1, Math.max(0, from + delta));
  if (from < 0 || from >= next.length || to === from) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The first shuffled order that is not already the right one (0…n-1), from seeded orders. */
export function scrambledOrder(count: number, orderFor: (attempt: number) => number[]): number[] {
  for (let attempt = 0; attempt < 8; attempt++) {
    const order = orderFor(attempt);
    if (count < 2 || order.some((v, i) => v !== i)) return order;
  }
  // Eight seeded shuffles all came out sorted (only likely for two steps): reverse instead.
  return Array.from({ length: count }, (_, i) => count - 1 - i);
}

/** How many steps sit in their right place, and whether all do. */
export function gradeOrder(order: readonly number[]): { inPlace: number; correct: boolean } {
  const inPlace = order.filter((v, i) => v === i).length;
  return { inPlace, correct: inPlace === order.length };
}

/** Reads a saved order ("2 0 1") back, or undefined when it is not a permutation of 0…n-1. */
export function readSavedOrder(saved: string, count: number): number[] | undefined {
  const order = saved.split(' ').map(Number);
  const sorted = [...order].sort((a, b) => a - b);
  return order.length === count && sorted.every((v, i) => v === i) ? order : undefined;
}
