/**
 * Numbers with units, for people: durations, sizes, rates, counts, ratios and shares. Pure, no
 * React, shared by every widget and by src/gpu.
 *
 * One style throughout: three significant digits with trailing zeros dropped ("1 ms", "15.3 µs",
 * "12.3×"), whole numbers with thousands separators from 1,000 ("2,039 GB/s"), sizes with at most
 * two decimals ("19.27 MB", "1.5 KiB"). A negative value keeps its sign; NaN and ±Infinity read
 * as {@link NO_VALUE}.
 */

/** What every formatter writes for NaN or an infinite value. */
export const NO_VALUE = '—';

/**
 * Number formats made once: `Number.prototype.toLocaleString` builds a new Intl.NumberFormat on
 * each call, which costs tens of microseconds and showed among the costliest calls of a lesson's
 * first render.
 */
const GROUPED = new Intl.NumberFormat('en-US');
const GROUPED_TWO_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Three significant digits, trailing zeros dropped, thousands separators from 1,000: 0.0123, 4.56, 2,940. */
export function formatSignificant(value: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  if (Math.abs(value) >= 999.5) return GROUPED.format(Math.round(value));
  return String(Number(value.toPrecision(3)));
}

/** A whole count with thousands separators: 16,896. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  return GROUPED.format(Math.round(value));
}

const SECOND_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1, 's'],
  [1e-3, 'ms'],
  [1e-6, 'µs'],
  [1e-9, 'ns'],
];

/** A duration in seconds with a unit from ns to s, three significant digits: "780 µs", "1 ms", "2.5 s". */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return NO_VALUE;
  if (seconds === 0) return '0 s';
  // Round first, so 999.9 µs reads "1 ms" rather than "1,000 µs".
  const abs = Math.abs(Number(seconds.toPrecision(3)));
  const [scale, unit] = SECOND_UNITS.find(([s]) => abs >= s) ?? [1e-9, 'ns'];
  return `${formatSignificant(seconds / scale)} ${unit}`;
}

/** Bytes scaled by powers of `base`, at most two decimals (one from 100): "19.27", "164", "494.5". */
function scaledBytes(bytes: number, base: number, units: readonly string[]): string {
  if (!Number.isFinite(bytes)) return NO_VALUE;
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let index = 0;
  while (index < units.length - 1 && roundBytes(value) >= base) {
    value /= base;
    index++;
  }
  const text = GROUPED_TWO_DECIMALS.format(roundBytes(value));
  return `${sign}${text} ${units[index]}`;
}

/** Rounds a scaled size to two decimals below 100, one from 100 (whole bytes below one unit). */
function roundBytes(value: number): number {
  const digits = value >= 100 ? 1 : 2;
  return Number(value.toFixed(digits));
}

/** Bytes in binary units, as memory is built: "512 B", "1.5 KiB", "128 MiB", "80 GiB". */
export function formatBytesBinary(bytes: number): string {
  if (Number.isFinite(bytes) && Math.abs(bytes) < 1024) return `${Math.round(bytes)} B`;
  return scaledBytes(bytes, 1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB']);
}

/** Bytes in decimal units, as links and disks are quoted: "999 B", "2.05 KB", "19.27 MB". */
export function formatBytesDecimal(bytes: number): string {
  if (Number.isFinite(bytes) && Math.abs(bytes) < 1000) return `${Math.round(bytes)} B`;
  return scaledBytes(bytes, 1000, ['B', 'KB', 'MB', 'GB', 'TB']);
}

const SI_PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** A value with an SI prefix and three significant digits, for tick labels: "10M", "1.5G", "100T". */
export function formatSiShort(value: number): string {
  const parts = siParts(value);
  return parts === null ? NO_VALUE : `${parts.digits}${parts.prefix}`;
}

/** A rate with the SI prefix that fits: "1.23 GB/s", "456 MFLOP/s", "0 B/s". */
export function formatRate(perSecond: number, unit: 'B' | 'FLOP'): string {
  const parts = siParts(perSecond);
  return parts === null ? NO_VALUE : `${parts.digits} ${parts.prefix}${unit}/s`;
}

/** Splits a value into three significant digits and an SI prefix (from none up to E). */
function siParts(value: number): { digits: string; prefix: string } | null {
  if (!Number.isFinite(value)) return null;
  let scaled = Number(value.toPrecision(3));
  let index = 0;
  while (Math.abs(scaled) >= 1000 && index < SI_PREFIXES.length - 1) {
    scaled = Number((scaled / 1000).toPrecision(3));
    index++;
  }
  return { digits: formatSignificant(scaled), prefix: SI_PREFIXES[index] ?? '' };
}

/** Bytes per second in GB/s (10^9): "0.912 GB/s", "25.2 GB/s", "2,039 GB/s". */
export function formatGigabytesPerSecond(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond)) return NO_VALUE;
  return `${formatSignificant(bytesPerSecond / 1e9)} GB/s`;
}

/** FLOP per second in GFLOP/s (10^9): "4.72 GFLOP/s", "19,500 GFLOP/s". */
export function formatGigaflopsPerSecond(flopsPerSecond: number): string {
  if (!Number.isFinite(flopsPerSecond)) return NO_VALUE;
  return `${formatSignificant(flopsPerSecond / 1e9)} GFLOP/s`;
}

/** FLOP per second in TFLOP/s (10^12), as datasheets quote them: "19.5 TFLOP/s", "1,979 TFLOP/s". */
export function formatTeraflopsPerSecond(flopsPerSecond: number): string {
  if (!Number.isFinite(flopsPerSecond)) return NO_VALUE;
  return `${formatSignificant(flopsPerSecond / 1e12)} TFLOP/s`;
}

/** A clock in GHz: "1.41 GHz". */
export function formatGigahertz(hertz: number): string {
  if (!Number.isFinite(hertz)) return NO_VALUE;
  return `${formatSignificant(hertz / 1e9)} GHz`;
}

/** A ratio such as a speedup: "4×", "12.3×", "1,235×". */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return NO_VALUE;
  return `${formatSignificant(ratio)}×`;
}

/** A fraction as a percentage with two significant digits: 0.198 → "20 %", 0.0213 → "2.1 %". */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return NO_VALUE;
  return `${Number((fraction * 100).toPrecision(2))} %`;
}

/** A relative spread around a median as "± 2.1 %" (two significant digits). */
export function formatSpread(relativeSpread: number): string {
  if (!Number.isFinite(relativeSpread)) return NO_VALUE;
  return `± ${formatPercent(Math.abs(relativeSpread))}`;
}

/** A ratio as a share when below 1 ("20 %") and as a multiple from 1 up ("3.48×"). */
export function formatShare(ratio: number): string {
  if (!Number.isFinite(ratio)) return NO_VALUE;
  return Math.abs(ratio) < 1 ? formatPercent(ratio) : formatRatio(ratio);
}
