/**
 * The spread of a kernel's figure across the benchmark's repetitions, and the file a report is
 * kept in. Pure.
 */

/** Median, extremes and quartiles of a few repeated measurements (seconds, or any unit). */
export interface RepetitionSpread {
  median: number;
  min: number;
  max: number;
  /** First and third quartiles (linear interpolation between order statistics). */
  q1: number;
  q3: number;
  /** Half the range over the median: 0 when every repetition agreed. */
  relativeHalfRange: number;
}

/** The value at fraction `p` (0..1) of sorted values, interpolating between neighbours. */
function quantile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** The spread of repeated measurements; throws a RangeError for none or a non-finite one. */
export function repetitionSpread(values: readonly number[]): RepetitionSpread {
  if (values.length === 0) throw new RangeError('no repetitions to summarise');
  if (values.some((v) => !Number.isFinite(v))) {
    throw new RangeError(`repetitions must be finite numbers, got ${values.join(', ')}`);
  }
  const sorted = [...values].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const min = sorted[0]!;
  const max = sorted.at(-1)!;
  return {
    median,
    min,
    max,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    relativeHalfRange: median > 0 ? (max - min) / 2 / median : 0,
  };
}

/** The parts of an adapter a report's file is named from. */
export interface AdapterName {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isFallback: boolean;
}

/** Lower-case words of `text` joined by single dashes ("NVIDIA H100 80GB HBM3" → "nvidia-h100-80gb-hbm3"). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The adapter's part of a report's file name: its device name, else its description, else vendor
 * and architecture; "unknown-adapter" when all are blank. Capped at 60 characters.
 */
export function adapterSlug(adapter: AdapterName): string {
  const named =
    slug(adapter.device) ||
    slug(adapter.description) ||
    slug(`${adapter.vendor} ${adapter.architecture}`);
  return (named || 'unknown-adapter').slice(0, 60).replace(/-+$/, '');
}

/** The date part of a report's name: the UTC day, `YYYY-MM-DD`. */
export function reportDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The report's file name: `kernel-bench-<adapter>-<date>.json`. */
export function reportFileName(adapter: AdapterName, date: Date): string {
  return `kernel-bench-${adapterSlug(adapter)}-${reportDate(date)}.json`;
}

/** Where a report may be kept, or why it may not. */
export type ReportDestination = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Where a report goes under `directory` (docs/runs): refused for a fallback adapter, because a
 * file there is named for, and read as, a hardware GPU's run. A later run on the same adapter
 * and day gets `-2`, `-3`, … before `.json` (`exists` says which names are taken), so no run
 * replaces another.
 */
export function reportDestination(
  directory: string,
  adapter: AdapterName,
  date: Date,
  exists: (path: string) => boolean = () => false,
): ReportDestination {
  if (adapter.isFallback) {
    return {
      ok: false,
      reason:
        `not writing a report to ${directory}: the adapter (${adapterSlug(adapter)}) is a ` +
        'software fallback, and files there record hardware runs',
    };
  }
  const base = directory.replace(/\/+$/, '') || '.';
  const name = reportFileName(adapter, date);
  let path = `${base}/${name}`;
  for (let n = 2; exists(path); n++) path = `${base}/${name.replace(/\.json$/, `-${n}.json`)}`;
  return { ok: true, path };
}
