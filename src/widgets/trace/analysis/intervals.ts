/**
 * Time intervals: the union of many (when the GPU was busy at all), how much of a window it
 * covers, and the gaps between its pieces (when the GPU sat idle). Times in µs. Pure.
 */

/** Disjoint, sorted intervals as parallel arrays. */
export interface IntervalUnion {
  startUs: Float64Array;
  endUs: Float64Array;
}

/** The union of intervals given by start and duration (any order, overlaps allowed). */
export function unionOf(starts: readonly number[], durations: readonly number[]): IntervalUnion {
  const order = starts.map((_, i) => i).sort((a, b) => (starts[a] ?? 0) - (starts[b] ?? 0));
  const s: number[] = [];
  const e: number[] = [];
  for (const i of order) {
    const start = starts[i] ?? 0;
    const end = start + (durations[i] ?? 0);
    const last = e.length - 1;
    if (last >= 0 && start <= (e[last] ?? 0)) e[last] = Math.max(e[last] ?? 0, end);
    else {
      s.push(start);
      e.push(end);
    }
  }
  return { startUs: Float64Array.from(s), endUs: Float64Array.from(e) };
}

/** µs of [fromUs, toUs) the union covers. */
export function coveredUs(union: IntervalUnion, fromUs: number, toUs: number): number {
  let total = 0;
  const n = union.startUs.length;
  for (let i = firstEndingAfter(union, fromUs); i < n; i += 1) {
    const start = union.startUs[i] ?? 0;
    if (start >= toUs) break;
    total += Math.min(toUs, union.endUs[i] ?? 0) - Math.max(fromUs, start);
  }
  return Math.max(0, total);
}

/** One stretch of a window the union leaves uncovered. */
export interface Gap {
  startUs: number;
  durationUs: number;
}

/** The `count` longest gaps of the union inside [fromUs, toUs), longest first. */
export function largestGaps(
  union: IntervalUnion,
  fromUs: number,
  toUs: number,
  count: number,
): Gap[] {
  const gaps: Gap[] = [];
  let cursor = fromUs;
  const n = union.startUs.length;
  for (let i = firstEndingAfter(union, fromUs); i < n && cursor < toUs; i += 1) {
    const start = Math.min(toUs, union.startUs[i] ?? 0);
    if (start > cursor) gaps.push({ startUs: cursor, durationUs: start - cursor });
    cursor = Math.max(cursor, union.endUs[i] ?? 0);
  }
  if (cursor < toUs) gaps.push({ startUs: cursor, durationUs: toUs - cursor });
  return gaps.sort((a, b) => b.durationUs - a.durationUs).slice(0, count);
}

/** Index of the first interval ending after `us` (binary search). */
function firstEndingAfter(union: IntervalUnion, us: number): number {
  let lo = 0;
  let hi = union.endUs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((union.endUs[mid] ?? 0) <= us) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
