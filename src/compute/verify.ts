/** Exact comparison of GPU results against a CPU reference. */

/** The first place two u32 arrays disagree. */
export interface U32Mismatch {
  index: number;
  expected: number | undefined;
  actual: number | undefined;
}

/** How two u32 arrays compare: equal or not, how many positions differ, and the first one. */
export interface U32Comparison {
  ok: boolean;
  /** Positions that differ, counting every position past the shorter array's end. */
  mismatches: number;
  firstMismatch?: U32Mismatch;
}

/** Compares `actual` with `expected` element by element; a length difference is a mismatch. */
export function compareU32(expected: ArrayLike<number>, actual: ArrayLike<number>): U32Comparison {
  const length = Math.max(expected.length, actual.length);
  let mismatches = 0;
  let firstMismatch: U32Mismatch | undefined;
  for (let index = 0; index < length; index++) {
    const want = index < expected.length ? expected[index] : undefined;
    const got = index < actual.length ? actual[index] : undefined;
    if (want === got) continue;
    mismatches++;
    firstMismatch ??= { index, expected: want, actual: got };
  }
  return firstMismatch ? { ok: false, mismatches, firstMismatch } : { ok: true, mismatches };
}

/** A one-line account of a comparison, for test failures and for the widget's check line. */
export function describeComparison(comparison: U32Comparison): string {
  const first = comparison.firstMismatch;
  if (!first) return 'all values match';
  const hex = (v: number | undefined): string =>
    v === undefined ? 'nothing' : `0x${v.toString(16).padStart(8, '0')}`;
  return (
    `${comparison.mismatches} value(s) differ; first at index ${first.index}: ` +
    `expected ${hex(first.expected)}, got ${hex(first.actual)}`
  );
}
