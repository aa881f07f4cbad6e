/**
 * The pure half of the bandwidth measurement: which sizes to measure (powers of four from a few
 * KiB, capped by the adapter's limits and a memory budget) and the fill pattern that read-backs
 * are checked against. The timing itself is the harness's (timing/harness.ts).
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

/** Bytes filled with a pattern that depends on position and on `seed`. */
export function patternBytes(bytes: number, seed: number): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(bytes / 4));
  for (let i = 0; i < words.length; i++) words[i] = (Math.imul(i, 0x9e3779b1) ^ seed) >>> 0;
  return new Uint8Array(words.buffer, 0, bytes);
}

/** Whether two byte arrays are identical (compared four bytes at a time). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const whole = a.length - (a.length % 4);
  const wa = new Uint32Array(a.buffer, a.byteOffset, whole / 4);
  const wb =
    a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0
      ? new Uint32Array(b.buffer, b.byteOffset, whole / 4)
      : null;
  if (!wb) return a.every((v, i) => v === b[i]);
  for (let i = 0; i < wa.length; i++) if (wa[i] !== wb[i]) return false;
  for (let i = whole; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
