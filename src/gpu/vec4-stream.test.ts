import { describe, expect, it } from 'vitest';
import { vec4Stream } from './vec4-stream';

describe('vec4 streams', () => {
  it('pads to whole vec4s and covers them with workgroup spans', () => {
    expect(vec4Stream(1, 256, 1, 65_535)).toEqual({
      vec4s: 1,
      paddedBytes: 16,
      workgroups: 1,
      grid: [1, 1, 1],
    });
    const s = vec4Stream(1025, 256, 1, 65_535);
    expect(s.vec4s).toBe(257);
    expect(s.workgroups).toBe(2);
  });

  it('uses fewer workgroups when each invocation takes more vec4s', () => {
    expect(vec4Stream(1 << 20, 256, 16, 65_535).workgroups).toBe(64);
  });

  it('refuses an empty array', () => {
    expect(() => vec4Stream(0, 256, 1, 65_535)).toThrow(RangeError);
  });
});
