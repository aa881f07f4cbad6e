import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../snapshot/types';
import { eventXs, thinSeries } from './series';

const at = (timeMicroseconds: number | null): TraceEvent => ({
  action: 'alloc',
  addr: 0,
  sizeBytes: 0,
  stream: 0,
  timeMicroseconds,
  deviceFreeBytes: null,
  stackId: 0,
});

describe('chart series', () => {
  it('uses microseconds since the first event when times are usable, else event numbers', () => {
    expect(eventXs([at(1000), at(1000), at(1250)])).toEqual({
      kind: 'time',
      xs: new Float64Array([0, 0, 250]),
    });
    expect(eventXs([at(1000), at(null)]).kind).toBe('event');
    expect(eventXs([at(1000), at(900)])).toEqual({ kind: 'event', xs: new Float64Array([1, 2]) });
  });

  it('keeps every point of a short series, after the starting value', () => {
    const points = thinSeries(5, new Float64Array([7, 6]), new Float64Array([1, 2]), 100);
    expect(points).toEqual([
      { x: 0, bytes: 5 },
      { x: 1, bytes: 7 },
      { x: 2, bytes: 6 },
    ]);
  });

  it('thins a long series to about the limit without losing the peak or the lowest dip', () => {
    const n = 100_000;
    const values = new Float64Array(n).map((_, i) => 1000 + (i % 50));
    values[61_234] = 99_999;
    values[7] = 1;
    const xs = new Float64Array(n).map((_, i) => i + 1);
    const points = thinSeries(0, values, xs, 300);
    expect(points.length).toBeLessThanOrEqual(301);
    expect(points).toContainEqual({ x: 61_235, bytes: 99_999 });
    expect(points).toContainEqual({ x: 8, bytes: 1 });
    expect(points.map((p) => p.x)).toEqual([...points.map((p) => p.x)].sort((a, b) => a - b));
  });
});
