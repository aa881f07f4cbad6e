import { describe, expect, it } from 'vitest';
import { formatViewPercent } from './percent';

describe('the warp view’s percentages', () => {
  it('show 12.5 % as 12.5 %, not rounded to two digits', () => {
    expect([1, 0.5, 0.25, 0.125, 1 / 3, 47 / 96].map(formatViewPercent)).toEqual([
      '100 %',
      '50 %',
      '25 %',
      '12.5 %',
      '33.3 %',
      '49 %',
    ]);
    expect(formatViewPercent(Number.NaN)).toBe('—');
  });
});
