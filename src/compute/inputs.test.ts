import { describe, expect, it } from 'vitest';
import { inputValue, makeInput } from './inputs';

describe('kernel inputs', () => {
  it('are multiples of 1/16 in [-8, 8), the same every time', () => {
    const a = makeInput(10_000, 7);
    expect(makeInput(10_000, 7)).toEqual(a);
    // Every value is checked; what is wrong is collected and shown at the end (three expects per
    // value made expect's own bookkeeping most of this test's time).
    const wrong: string[] = [];
    a.forEach((v, i) => {
      if (!Number.isInteger(v * 16) || !(v >= -8) || !(v < 8)) wrong.push(`#${i}: ${v}`);
    });
    expect(wrong.slice(0, 20), `${wrong.length} wrong`).toEqual([]);
  });

  it('differ between seeds and mix signs', () => {
    expect(inputValue(3, 1)).not.toBe(inputValue(3, 2));
    const a = makeInput(1000, 1);
    expect(a.some((v) => v < 0) && a.some((v) => v > 0)).toBe(true);
  });
});
