/** Formats a duration in seconds with a unit that keeps 2-3 significant digits (ns to s). */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const abs = Math.abs(seconds);
  if (abs >= 1) return `${seconds.toPrecision(3)} s`;
  if (abs >= 1e-3) return `${(seconds * 1e3).toPrecision(3)} ms`;
  if (abs >= 1e-6) return `${(seconds * 1e6).toPrecision(3)} µs`;
  return `${(seconds * 1e9).toPrecision(3)} ns`;
}

/** Formats a ratio such as a speedup: 1.23×, 12.3×, 1,234×. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  if (ratio >= 100) return `${Math.round(ratio).toLocaleString('en-US')}×`;
  return `${ratio.toPrecision(3)}×`;
}
