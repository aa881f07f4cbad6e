/** Where the Amdahl plot's two log axes put their labels and gridlines. */

/**
 * Which powers of two to label on the x axis so labels stay at least `minSpacingPx` apart on a
 * plot `plotWidthPx` wide: every doubling, every second, every fourth, ...
 */
export function coreTickValues(axisMax: number, plotWidthPx: number, minSpacingPx = 44): number[] {
  const doublings = Math.max(Math.floor(Math.log2(axisMax)), 1);
  const pxPerDoubling = plotWidthPx / Math.log2(axisMax);
  let stride = 1;
  while (stride * pxPerDoubling < minSpacingPx && stride < doublings) stride *= 2;
  const ticks: number[] = [];
  for (let k = 0; k <= doublings; k += stride) ticks.push(2 ** k);
  return ticks;
}

/** Speedup gridline values on a log axis up to `axisMax`: 1, 2, 5, 10, 20, 50, ... */
export function speedupTickValues(axisMax: number): number[] {
  const ticks: number[] = [];
  for (let decade = 1; decade <= axisMax; decade *= 10) {
    for (const m of [1, 2, 5]) if (m * decade <= axisMax) ticks.push(m * decade);
  }
  return ticks;
}
