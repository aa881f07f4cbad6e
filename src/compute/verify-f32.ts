/**
 * Comparing f32 results from the GPU with a CPU reference: exactly, or within a tolerance per
 * element that the caller derives from the arithmetic (see each kernel's reference).
 */

/** The first element that failed a check. */
export interface F32Mismatch {
  index: number;
  expected: number;
  actual: number;
}

/** The outcome of checking GPU output against a reference. */
export interface F32Check {
  ok: boolean;
  /** Elements compared (fewer than the output holds when a large result is sampled). */
  checked: number;
  /** Elements in the whole output. */
  total: number;
  /** Elements outside their tolerance. */
  mismatches: number;
  /** Largest |actual - expected| seen. */
  maxAbsError: number;
  firstMismatch?: F32Mismatch;
}

/** Checks elements one at a time; `tolerance(i)` is the largest error allowed at index i. */
export function checkElements(
  indices: Iterable<number>,
  total: number,
  expectedAt: (index: number) => number,
  actual: ArrayLike<number>,
  tolerance: (index: number) => number = () => 0,
): F32Check {
  let checked = 0;
  let mismatches = 0;
  let maxAbsError = 0;
  let firstMismatch: F32Mismatch | undefined;
  for (const index of indices) {
    checked++;
    const expected = expectedAt(index);
    const got = index < actual.length ? (actual[index] as number) : Number.NaN;
    // NaN where NaN is expected, or the same infinity, is exact; any other gap is an error.
    const bothNaN = Number.isNaN(expected) && Number.isNaN(got);
    const error =
      bothNaN || (expected === got && !Number.isFinite(expected)) ? 0 : Math.abs(got - expected);
    if (!(error <= tolerance(index))) {
      mismatches++;
      firstMismatch ??= { index, expected, actual: got };
    }
    if (error > maxAbsError || Number.isNaN(error)) maxAbsError = error;
  }
  const check: F32Check = { ok: mismatches === 0, checked, total, mismatches, maxAbsError };
  if (firstMismatch) check.firstMismatch = firstMismatch;
  return check;
}

/**
 * Checks elements 0 .. count - 1 of `actual` against `expected`, exactly. The usual outcome,
 * every element equal, is found with one comparison per element (a kernel's output can hold
 * millions, checked on the page's main thread); any difference is judged by `checkElements`.
 */
export function checkEveryElement(
  expected: ArrayLike<number>,
  count: number,
  actual: ArrayLike<number>,
): F32Check {
  const comparable = Math.min(count, actual.length);
  let equal = 0;
  while (equal < comparable && expected[equal] === actual[equal]) equal++;
  if (equal === count)
    return { ok: true, checked: count, total: count, mismatches: 0, maxAbsError: 0 };
  return checkElements(allIndices(count), count, (i) => expected[i] as number, actual);
}

/** Indices 0 .. count - 1. */
export function* allIndices(count: number): Generator<number> {
  for (let i = 0; i < count; i++) yield i;
}

/**
 * About `samples` indices spread evenly over 0 .. count - 1, always including the first and
 * the last (where edge bugs live). All indices when count <= samples.
 */
export function sampledIndices(count: number, samples: number): number[] {
  if (count <= samples) return [...allIndices(count)];
  const picked = new Set<number>([0, count - 1]);
  const step = (count - 1) / (samples - 1);
  for (let s = 1; s < samples - 1; s++) picked.add(Math.round(s * step));
  return [...picked].sort((a, b) => a - b);
}

/** One line on a check, for the widget and for test failures. */
export function describeF32Check(check: F32Check): string {
  const scope =
    check.checked === check.total
      ? `all ${check.total.toLocaleString('en-US')} values`
      : `${check.checked.toLocaleString('en-US')} sampled values of ${check.total.toLocaleString('en-US')}`;
  if (check.ok) return `${scope} match the CPU reference`;
  const first = check.firstMismatch;
  const where = first
    ? `; first at index ${first.index}: expected ${first.expected}, got ${first.actual}`
    : '';
  return `${check.mismatches.toLocaleString('en-US')} of ${scope} differ from the CPU reference${where}`;
}

/** Unit roundoff of f32: the largest relative error of one correctly rounded operation. */
export const F32_UNIT_ROUNDOFF = 2 ** -24;

/**
 * Higham's gamma_n = n·u / (1 - n·u): a sum or dot product whose every term passes through at
 * most n roundings is off by at most gamma_n times the sum of the terms' magnitudes.
 */
export function gammaF32(n: number): number {
  const nu = n * F32_UNIT_ROUNDOFF;
  if (nu >= 1) return Number.POSITIVE_INFINITY;
  return nu / (1 - nu);
}
