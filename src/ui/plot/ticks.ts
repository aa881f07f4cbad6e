/** Tick values for log axes. Pure. */

/**
 * The powers of `base` inside `domain` (ends included), keeping every `every`-th from the first:
 * `logTicks([1 / 16, 64], 2, 2)` is 1/16, 1/4, 1, 4, 16, 64.
 */
export function logTicks(domain: readonly [number, number], base: number, every = 1): number[] {
  const [low, high] = domain[0] <= domain[1] ? domain : [domain[1], domain[0]];
  if (!(low > 0) || !Number.isFinite(high) || !(base > 1) || !(every >= 1)) return [];
  const first = Math.ceil(Math.log(low) / Math.log(base) - 1e-9);
  const last = Math.floor(Math.log(high) / Math.log(base) + 1e-9);
  const ticks: number[] = [];
  for (let e = first; e <= last; e += every) ticks.push(base ** e);
  return ticks;
}
