/** The sizes a sweep measures: powers of two from a small start to the settings' cap. Pure. */
import type { CrossoverSettings, Op } from './settings';

/** First ReLU size measured: 1,024 elements (4 KiB). */
export const FIRST_ELEMENTS_LOG2 = 10;
/** First matmul edge measured. */
export const FIRST_MATMUL_EDGE = 16;

/** Sizes of a sweep, smallest first: elements for ReLU, n for an n × n matmul. */
export function planSweep(
  op: Op,
  settings: Pick<CrossoverSettings, 'elementsLog2' | 'matmulMax'>,
): number[] {
  const sizes: number[] = [];
  if (op === 'relu') {
    const last = Math.max(FIRST_ELEMENTS_LOG2, Math.floor(settings.elementsLog2));
    // Every other power of two (a factor of 4), always ending on the cap itself.
    for (let e = FIRST_ELEMENTS_LOG2; e < last; e += 2) sizes.push(2 ** e);
    sizes.push(2 ** last);
    return sizes;
  }
  const cap = Math.max(
    FIRST_MATMUL_EDGE,
    Number.parseInt(settings.matmulMax, 10) || FIRST_MATMUL_EDGE,
  );
  for (let n = FIRST_MATMUL_EDGE; n <= cap; n *= 2) sizes.push(n);
  return sizes;
}

/** The work of one size, to share a sweep's progress bar fairly: bytes for ReLU, n³ for matmul. */
export function sizeWeight(op: Op, size: number): number {
  return op === 'relu' ? size : size ** 3;
}

/** How a size reads: "16,384 elements" or "256 × 256". */
export function describeOpSize(op: Op, size: number): string {
  return op === 'relu' ? `${size.toLocaleString('en-US')} elements` : `${size} × ${size}`;
}
