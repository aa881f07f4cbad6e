/** Keeps the Amdahl plot's curve and ceiling labels from overlapping. */

/**
 * Nudges label positions apart (in pixels, any order) so neighbours sit at least `minGapPx`
 * apart, keeping their order and staying within [lowPx, highPx] where there is room.
 */
export function spreadLabels(
  positionsPx: readonly number[],
  minGapPx: number,
  lowPx = -Infinity,
  highPx = Infinity,
): number[] {
  const order = positionsPx.map((_, i) => i).sort((a, b) => positionsPx[a]! - positionsPx[b]!);
  const placed = order.map((i) => positionsPx[i]!);
  for (let k = 0; k < placed.length; k++) {
    const floor = k === 0 ? lowPx : placed[k - 1]! + minGapPx;
    placed[k] = Math.max(placed[k]!, floor);
  }
  for (let k = placed.length - 1; k >= 0; k--) {
    const ceiling = k === placed.length - 1 ? highPx : placed[k + 1]! - minGapPx;
    placed[k] = Math.min(placed[k]!, ceiling);
  }
  const result = new Array<number>(positionsPx.length);
  order.forEach((originalIndex, k) => {
    result[originalIndex] = placed[k]!;
  });
  return result;
}
