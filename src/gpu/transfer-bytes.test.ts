import { describe, expect, it } from 'vitest';
import { patternBytes, sameBytes } from './transfer-bytes';

describe('the bandwidth measurement’s bytes', () => {
  it('fills a pattern that changes with position and seed, and compares bytes exactly', () => {
    const a = patternBytes(4096, 1);
    expect(sameBytes(a, patternBytes(4096, 1))).toBe(true);
    expect(sameBytes(a, patternBytes(4096, 2))).toBe(false);
    const b = a.slice();
    b[4095] = (b[4095] ?? 0) ^ 1;
    expect(sameBytes(a, b)).toBe(false);
    expect(sameBytes(patternBytes(6, 3), patternBytes(6, 3))).toBe(true);
  });
});
