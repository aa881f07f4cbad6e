/**
 * Which sizes the bandwidth measurement runs at: powers of four from a few KiB, capped by the
 * largest size the learner picks, the adapter's limits and a memory budget. Pure; the runtime's
 * `measureTransferBandwidth` measures whatever sizes it is given.
 */

const KIB = 1024;
const MIB = 1024 * KIB;

/** Smallest size measured. */
export const MIN_BENCH_BYTES = 4 * KIB;
/** Largest size measured unless the caller allows more: stays clear of tab memory limits. */
export const DEFAULT_BENCH_BUDGET_BYTES = 256 * MIB;

/** Size choices the widget offers for the largest measurement. */
export const BENCH_MAX_CHOICES_BYTES: readonly number[] = [
  MIB,
  4 * MIB,
  16 * MIB,
  64 * MIB,
  256 * MIB,
];

/**
 * Sizes to measure: powers of four from `minBytes` up to the smallest of `maxBytes`, the
 * adapter's maxBufferSize and the budget. Every size is a multiple of 4 bytes.
 */
export function planBenchSizes(options: {
  maxBytes: number;
  maxBufferSize: number;
  minBytes?: number;
  budgetBytes?: number;
}): number[] {
  const min = options.minBytes ?? MIN_BENCH_BYTES;
  const cap = Math.min(
    options.maxBytes,
    options.maxBufferSize,
    options.budgetBytes ?? DEFAULT_BENCH_BUDGET_BYTES,
  );
  const sizes: number[] = [];
  for (let size = min; size <= cap; size *= 4) sizes.push(size);
  return sizes;
}

/** The largest size actually measured for a requested maximum, after the caps. */
export function cappedMaxBytes(
  requested: number,
  maxBufferSize: number,
  budgetBytes = DEFAULT_BENCH_BUDGET_BYTES,
): number {
  return planBenchSizes({ maxBytes: requested, maxBufferSize, budgetBytes }).at(-1) ?? 0;
}
