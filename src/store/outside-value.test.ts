import { describe, expect, it } from 'vitest';
import { describeOutside, quoteOutside } from './outside-value';

describe('describing outside values for messages', () => {
  it('quotes text cut short, with invisible characters shown as ?', () => {
    expect(quoteOutside('abc')).toBe('"abc"');
    expect(quoteOutside('a\u202eb\u0000')).toBe('"a?b?"');
    expect(quoteOutside('x'.repeat(5000)).length).toBeLessThan(40);
  });

  it('names containers instead of printing them, even when nested deeply', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(describeOutside(deep)).toBe('a list');
    expect(describeOutside({ a: 1 })).toBe('an object');
    expect(describeOutside(undefined)).toBe('null');
    expect(describeOutside(null)).toBe('null');
    expect(describeOutside(1.5)).toBe('1.5');
    expect(describeOutside(false)).toBe('false');
    expect(describeOutside('v2')).toBe('"v2"');
  });
});
