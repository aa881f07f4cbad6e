import { describe, expect, it } from 'vitest';
import { inputValue, makeInput } from './inputs';

describe('kernel inputs', () => {
  it('are multiples of 1/16 in [-8, 8), the same every time', () => {
    const a = makeInput(10_000, 7);
    expect(makeInput(10_000, 7)).toEqual(a);
    for (const v of a) {
      expect(v * 16).toBe(Math.round(v * 16));
      expect(v).toBeGreaterThanOrEqual(-8);
      expect(v).toBeLessThan(8);
    }
  });

  it('differ between seeds and mix signs', () => {
    expect(inputValue(3, 1)).not.toBe(inputValue(3, 2));
    const a = makeInput(1000, 1);
    expect(a.some((v) => v < 0) && a.some((v) => v > 0)).toBe(true);
  });
});
