import { describe, expect, it } from 'vitest';
import { bankAccess, bankResultText, conflictText, paddedStride } from './banks';

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
    expect(conflictText(1)).toBe('no conflict');
    expect(conflictText(2)).toBe('2-way conflict');
    expect(conflictText(32)).toBe('32-way conflict');
  });
});

describe('the banks sentence', () => {
  it('says a conflict-free read has no conflict, never "1 different words" or "1-way"', () => {
    for (const stride of [1, 3, 33]) {
      const text = bankResultText(bankAccess(stride));
      expect(text).toMatch(/No conflict: each bank serves at most one word/);
      expect(text).not.toMatch(/\b1 different words|1-way|none/);
    }
    expect(bankResultText(bankAccess(1))).toMatch(/^Stride 1 word: /);
  });

  it('counts the busiest bank’s words for every conflict, in the plural', () => {
    expect(bankResultText(bankAccess(2))).toMatch(
      /^Stride 2 words: .* serves 2 different words, one after another: a 2-way conflict, 2 accesses where one would do \(gcd\(2, 32\) = 2\)\.$/,
    );
    expect(bankResultText(bankAccess(32))).toMatch(/serves 32 different words.*a 32-way conflict/);
    for (let s = 1; s <= 64; s++) {
      const degree = bankAccess(s).conflictDegree;
      const text = bankResultText(bankAccess(s));
      if (degree > 1) expect(text, `stride ${s}`).toContain(`serves ${degree} different words`);
      else expect(text, `stride ${s}`).toContain('No conflict');
    }
  });

  it('calls a broadcast what it is', () => {
    expect(bankResultText(bankAccess(0))).toMatch(/same word.*broadcasts.*no conflict\.$/);
  });
});
