/** Number formats the explorer and the spec table share: counts, bytes, rates, times. */
import type { Figure } from '../../engine';

/** A whole count with thousands separators: 16,896. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Bytes in binary units as vendors quote memory: 40 MB for 40 × 2^20, 80 GB for 80 × 2^30. */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [2 ** 30, 'GB'],
    [2 ** 20, 'MB'],
    [2 ** 10, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${trim(bytes / size)} ${unit}`;
  }
  return `${Math.round(bytes)} B`;
}

/** Bytes per second in decimal GB/s (or TB/s from 10,000 GB/s): 2,039 GB/s. */
export function formatBandwidth(bytesPerSecond: number): string {
  const gb = bytesPerSecond / 1e9;
  if (gb >= 10_000) return `${trim(gb / 1000)} TB/s`;
  if (gb >= 100) return `${formatCount(gb)} GB/s`;
  return `${trim(gb)} GB/s`;
}

/** FLOP/s in TFLOPS: 19.5 TFLOPS, 989 TFLOPS. */
export function formatTflops(flopsPerSecond: number): string {
  const t = flopsPerSecond / 1e12;
  if (t >= 100) return `${formatCount(t)} TFLOPS`;
  return `${trim(t)} TFLOPS`;
}

/** Hertz in GHz: 1.41 GHz. */
export function formatGhz(hertz: number): string {
  return `${trim(hertz / 1e9)} GHz`;
}

/** A duration with 3 significant digits and a unit from ns to s. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const abs = Math.abs(seconds);
  if (abs >= 1) return `${seconds.toPrecision(3)} s`;
  if (abs >= 1e-3) return `${(seconds * 1e3).toPrecision(3)} ms`;
  if (abs >= 1e-6) return `${(seconds * 1e6).toPrecision(3)} µs`;
  return `${(seconds * 1e9).toPrecision(3)} ns`;
}

/** Up to 3 significant digits, no trailing zeros, thousands separators: 19.5, 494.5 → 495. */
function trim(value: number): string {
  if (value >= 1000) return formatCount(value);
  const digits = value >= 100 ? 4 : 3;
  return Number(value.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A catalog figure's kind and source in one line, for a tooltip: "Vendor peak. Source: …". */
export function figureTitle(figure: Figure): string {
  const kind =
    figure.kind === 'vendor-peak'
      ? 'Vendor peak'
      : figure.kind === 'measured'
        ? 'Measured'
        : 'Estimate';
  return `${kind}. Source: ${figure.source}${figure.note ? `. Note: ${figure.note}` : ''}`;
}
