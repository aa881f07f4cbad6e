/** Number formats of the kernel lab: rates with SI prefixes, sizes, ratios. */
export { formatSeconds } from '../race/format';

/** A rate with an SI prefix and 3 significant digits: "1.23 GB/s", "456 MFLOP/s". */
export function formatRate(perSecond: number, unit: 'B' | 'FLOP'): string {
  if (!Number.isFinite(perSecond) || perSecond < 0) return '—';
  if (perSecond === 0) return `0 ${unit}/s`;
  const prefixes = ['', 'k', 'M', 'G', 'T', 'P'];
  let value = perSecond;
  let index = 0;
  while (value >= 1000 && index < prefixes.length - 1) {
    value /= 1000;
    index++;
  }
  return `${value.toPrecision(3)} ${prefixes[index]}${unit}/s`;
}

/** Bytes per second as GB/s with 3 significant digits ("0.912 GB/s", "2,940 GB/s"). */
export function formatGigabytesPerSecond(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond)) return '—';
  return `${formatSignificant(bytesPerSecond / 1e9)} GB/s`;
}

/** FLOP/s as GFLOP/s with 3 significant digits. */
export function formatGigaflopsPerSecond(flopsPerSecond: number): string {
  if (!Number.isFinite(flopsPerSecond)) return '—';
  return `${formatSignificant(flopsPerSecond / 1e9)} GFLOP/s`;
}

/** Three significant digits, with thousands separators for large values: 0.0123, 4.56, 2,940. */
export function formatSignificant(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toString();
}

/** A ratio such as "12.3×" or "1,234×". */
export function formatTimes(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  if (ratio >= 100) return `${Math.round(ratio).toLocaleString('en-US')}×`;
  return `${Number(ratio.toPrecision(3))}×`;
}

/** A share as a percentage: "± 2.1 %". */
export function formatSpread(relativeSpread: number): string {
  if (!Number.isFinite(relativeSpread)) return '';
  return `± ${Number((relativeSpread * 100).toPrecision(2))} %`;
}

/** A ratio as a share when below 1 ("20 %") and as a multiple from 1 up ("3.48×"). */
export function formatShare(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  if (ratio < 1) return `${Number((ratio * 100).toPrecision(2))} %`;
  return formatTimes(ratio);
}
