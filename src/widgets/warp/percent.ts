/** Percentages the warp view shows exactly enough: three significant digits, no trailing zeros. */

/** 0.125 → "12.5 %", 1 → "100 %", 1/3 → "33.3 %", 47/96 → "49 %". */
export function formatViewPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—';
  return `${Number((fraction * 100).toPrecision(3))} %`;
}
