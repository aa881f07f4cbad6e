import { describe, expect, it } from 'vitest';
import { findCrossover, type TimedPair } from './crossover-point';

const pair = (size: number, cpuSeconds: number, gpuSeconds: number): TimedPair => ({
  size,
  cpuSeconds,
  gpuSeconds,
});

describe('findCrossover', () => {
  it('interpolates between the last losing and the first winning size, in log-log space', () => {
    // The gap log(gpu/cpu) goes from log 2 to log 1/2: it crosses zero halfway, at sqrt(100 * 400).
    const c = findCrossover([pair(100, 1, 2), pair(400, 2, 1)]);
    expect(c.kind).toBe('at');
    if (c.kind !== 'at') return;
    expect(c.size).toBeCloseTo(200, 9);
    expect(c.between).toEqual([100, 400]);
  });

  it('uses the size from which the GPU wins for good, ignoring an early lucky win', () => {
    const c = findCrossover([
      pair(1, 1, 0.5),
      pair(2, 1, 3),
      pair(4, 1, 1),
      pair(8, 4, 1),
      pair(16, 16, 1),
    ]);
    expect(c).toMatchObject({ kind: 'at', between: [4, 8] });
  });

  it('says never when the GPU loses at the largest size, and always when it wins from the first', () => {
    expect(findCrossover([pair(1, 1, 2), pair(2, 1, 0.5), pair(4, 1, 2)])).toEqual({
      kind: 'never',
      upTo: 4,
    });
    expect(findCrossover([pair(8, 3, 1), pair(2, 3, 2)])).toEqual({ kind: 'always', from: 2 });
  });

  it('treats a tie as not winning, and ignores unusable points', () => {
    expect(findCrossover([pair(1, 1, 1)])).toEqual({ kind: 'never', upTo: 1 });
    expect(findCrossover([pair(1, Number.NaN, 1), pair(2, 0, 1)])).toEqual({
      kind: 'none-measured',
    });
    expect(findCrossover([])).toEqual({ kind: 'none-measured' });
  });
});
