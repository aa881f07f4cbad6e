import { describe, expect, it } from 'vitest';
import { bankAccess, conflictText, paddedStride } from './banks';

/** Greatest common divisor, to check the counted degree against the formula. */
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

describe('shared-memory bank conflicts', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 1],
    [4, 4],
    [8, 8],
    [16, 16],
    [32, 32],
    [33, 1],
    [64, 32],
  ])('stride %i words: %i-way', (stride, degree) => {
    expect(bankAccess(stride).conflictDegree).toBe(degree);
  });

  it('counts gcd(stride, 32) for every stride from 1 to 64', () => {
    for (let s = 1; s <= 64; s++)
      expect(bankAccess(s).conflictDegree, `stride ${s}`).toBe(gcd(s, 32));
  });

  it('padding a 32-word row by one word removes the column read’s conflict', () => {
    expect(paddedStride(32)).toBe(33);
    expect(bankAccess(paddedStride(32)).conflictDegree).toBe(1);
    expect(new Set(bankAccess(33).bankOfLane).size).toBe(32);
    expect(bankAccess(32).bankOfLane.every((b) => b === 0)).toBe(true);
  });

  it('treats a broadcast (stride 0) as one word, no conflict, and names the degrees', () => {
    expect(bankAccess(0).conflictDegree).toBe(1);
    expect(conflictText(1)).toBe('none (1-way)');
    expect(conflictText(2)).toBe('2-way');
    expect(conflictText(32)).toBe('32-way');
  });
});
