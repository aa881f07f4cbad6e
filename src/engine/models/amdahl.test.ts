import { describe, it, expect } from 'vitest';
import { amdahlLimit, amdahlSpeedup } from './amdahl';

describe('amdahl', () => {
  it('follows S = 1 / ((1 - p) + p / N)', () => {
    expect(amdahlSpeedup(0.9, 10)).toBeCloseTo(1 / (0.1 + 0.09), 12);
    expect(amdahlSpeedup(0, 1000)).toBe(1);
    expect(amdahlSpeedup(1, 8)).toBeCloseTo(8, 12);
    expect(amdahlLimit(0.95)).toBeCloseTo(20, 12);
  });

  it('rejects impossible input by name', () => {
    expect(() => amdahlSpeedup(1.2, 4)).toThrow(/parallelFraction/);
    expect(() => amdahlSpeedup(0.5, 0)).toThrow(/cores/);
    expect(() => amdahlSpeedup(NaN, 4)).toThrow(/parallelFraction/);
    expect(() => amdahlLimit(1)).toThrow(/parallelFraction/);
  });
});
