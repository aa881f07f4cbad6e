import { describe, expect, it } from 'vitest';
import { isBatchSettled, MAX_REPEATS_PER_BATCH, MIN_BATCH_SECONDS, nextRepeats } from './batching';

describe('batch sizing', () => {
  it('keeps a batch that already lasts the minimum', () => {
    expect(nextRepeats(3, 0.02)).toBe(3);
    expect(isBatchSettled(3, MIN_BATCH_SECONDS)).toBe(true);
  });

  it('grows a short batch past the minimum with some headroom', () => {
    // 1 run took 1 ms: about 10 runs reach 10 ms; 25 % headroom asks for 13.
    const next = nextRepeats(1, 0.001);
    expect(next).toBe(13);
    expect(next * 0.001).toBeGreaterThanOrEqual(MIN_BATCH_SECONDS);
  });

  it('grows blindly when a batch was too short for the clock to see', () => {
    expect(nextRepeats(2, 0)).toBe(32);
  });

  it('always grows by at least one run, and never past the cap', () => {
    expect(nextRepeats(100, 0.0099)).toBeGreaterThan(100);
    expect(nextRepeats(MAX_REPEATS_PER_BATCH - 1, 1e-9)).toBe(MAX_REPEATS_PER_BATCH);
    const limits = { minBatchSeconds: 0.01, maxRepeats: 10 };
    expect(nextRepeats(8, 1e-9, limits)).toBe(10);
    expect(isBatchSettled(10, 0, limits)).toBe(true);
  });

  it('refuses nonsense inputs', () => {
    expect(() => nextRepeats(0, 0.1)).toThrow(RangeError);
    expect(() => nextRepeats(1.5, 0.1)).toThrow(RangeError);
    expect(() => nextRepeats(1, Number.NaN)).toThrow(RangeError);
  });
});
