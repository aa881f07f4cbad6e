import { describe, expect, it } from 'vitest';
import {
  appendRun,
  median,
  medianAbsoluteError,
  predictionError,
  type PredictionRow,
  type RunEntry,
} from './prediction-record';

const entry = (predictedSeconds: number, measuredSeconds: number | null): RunEntry => ({
  kernel: 'relu',
  size: { elements: 1024 },
  predictedSeconds,
  bound: 'memory',
  measuredSeconds,
  resized: false,
});

describe('predictionError', () => {
  it('is (predicted − measured) / measured, signed', () => {
    expect(predictionError(1, 2)).toBe(-0.5); // took twice as long as predicted
    expect(predictionError(3, 2)).toBe(0.5); // ran faster than predicted
    expect(predictionError(2, 2)).toBe(0);
    expect(predictionError(0, 2)).toBe(-1);
  });

  it('is null when no error can be computed', () => {
    for (const [p, m] of [
      [1, 0],
      [1, -1],
      [-1, 1],
      [NaN, 1],
      [1, NaN],
      [Infinity, 1],
      [1, Infinity],
    ] as const) {
      expect(predictionError(p, m), `${p}, ${m}`).toBeNull();
    }
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('ignores values that are not finite and is null for none', () => {
    expect(median([])).toBeNull();
    expect(median([NaN, Infinity])).toBeNull();
    expect(median([NaN, 5, 1])).toBe(3);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('the record', () => {
  it('numbers runs in order and computes each error', () => {
    let rows: PredictionRow[] = [];
    rows = appendRun(rows, entry(1e-3, 2e-3));
    rows = appendRun(rows, entry(3e-3, 2e-3));
    rows = appendRun(rows, entry(1e-3, null));
    expect(rows.map((r) => [r.run, r.error])).toEqual([
      [1, -0.5],
      [2, 0.5],
      [3, null],
    ]);
  });

  it('keeps the rows it was given untouched', () => {
    const rows = appendRun([], entry(1, 1));
    const next = appendRun(rows, entry(1, 2));
    expect(rows).toHaveLength(1);
    expect(next).toHaveLength(2);
  });

  it('takes the median of |error| over the rows that have an error', () => {
    let rows: PredictionRow[] = [];
    expect(medianAbsoluteError(rows)).toBeNull();
    rows = appendRun(rows, entry(1, 2)); // −50 %
    rows = appendRun(rows, entry(1.1, 1)); // +10 %
    rows = appendRun(rows, entry(1, null)); // check failed: no error
    expect(medianAbsoluteError(rows)).toBeCloseTo(0.3, 12);
    rows = appendRun(rows, entry(1, 5)); // −80 %
    expect(medianAbsoluteError(rows)).toBeCloseTo(0.5, 12);
  });
});
