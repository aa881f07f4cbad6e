/**
 * The points a chart of allocated memory needs: an x for every event (microseconds since the
 * first event when the trace carries usable times, else the event's number) and a thinned series
 * that keeps every bucket's lowest and highest value, so the peak survives thinning. Pure.
 */
import type { TraceEvent } from '../snapshot/types';

/** What the x axis counts. */
export type XKind = 'time' | 'event';

/** One point of the chart: allocated bytes from `x` until the next point. */
export interface SeriesPoint {
  x: number;
  bytes: number;
}

/**
 * The x of every event: microseconds since the first event when every event has a time and the
 * times never go back; otherwise the event's number (1 for the first), with 0 as the start.
 */
export function eventXs(events: readonly TraceEvent[]): { kind: XKind; xs: Float64Array } {
  const xs = new Float64Array(events.length);
  const first = events[0]?.timeMicroseconds ?? null;
  let usable = first !== null;
  let previous = first ?? 0;
  for (const event of events) {
    const t = event.timeMicroseconds;
    if (t === null || t < previous) {
      usable = false;
      break;
    }
    previous = t;
  }
  events.forEach((event, i) => {
    xs[i] = usable ? (event.timeMicroseconds as number) - (first as number) : i + 1;
  });
  return { kind: usable ? 'time' : 'event', xs };
}

/**
 * The series from `startBytes` through the value after each event, thinned to about
 * `maxPoints`: each bucket of events keeps its lowest, highest and last values in order.
 */
export function thinSeries(
  startBytes: number,
  afterEventBytes: Float64Array,
  xs: Float64Array,
  maxPoints: number,
): SeriesPoint[] {
  const points: SeriesPoint[] = [{ x: 0, bytes: startBytes }];
  const n = afterEventBytes.length;
  const at = (i: number): SeriesPoint => ({
    x: xs[i] as number,
    bytes: afterEventBytes[i] as number,
  });
  if (n + 1 <= maxPoints) {
    for (let i = 0; i < n; i++) points.push(at(i));
    return points;
  }
  const bucket = Math.ceil(n / Math.max(1, Math.floor(maxPoints / 3)));
  for (let start = 0; start < n; start += bucket) {
    const end = Math.min(n, start + bucket);
    let low = start;
    let high = start;
    for (let i = start; i < end; i++) {
      if ((afterEventBytes[i] as number) < (afterEventBytes[low] as number)) low = i;
      if ((afterEventBytes[i] as number) > (afterEventBytes[high] as number)) high = i;
    }
    const keep = [...new Set([low, high, end - 1])].sort((a, b) => a - b);
    for (const i of keep) points.push(at(i));
  }
  return points;
}
