import { describe, expect, it } from 'vitest';
import {
  BRANCH_KINDS,
  divergenceCpu,
  divergenceInput,
  elsePath,
  ifPath,
  takesIfPath,
} from '../../../compute/divergence-reference';
import { divergenceParams, divergencePlan } from './divergence';

describe('divergence plan and reference', () => {
  it('numbers the rules as the WGSL switch does', () => {
    expect(BRANCH_KINDS.map((k) => divergenceParams(10, k, 3)[1])).toEqual([0, 1, 2, 3]);
  });

  it('sends half of a large launch down each path under every rule', () => {
    for (const kind of BRANCH_KINDS) {
      let taken = 0;
      for (let id = 0; id < 4096; id++) if (takesIfPath(kind, id, divergenceInput(id))) taken++;
      expect(Math.abs(taken / 4096 - 0.5), kind).toBeLessThan(0.05);
    }
  });

  it('runs u32 arithmetic like WGSL (wrapping) and keeps 16 exact bits', () => {
    expect(ifPath(0, 1)).toBe(1013904223);
    expect(ifPath(0xffffffff, 1)).toBe((Math.imul(0xffffffff, 1664525) + 1013904223) >>> 0);
    expect(elsePath(1, 1)).toBe(270369);
    const out = divergenceCpu(64, 'even', 5);
    expect(out.every((v) => Number.isInteger(v) && v >= 0 && v < 65536)).toBe(true);
  });

  it('counts the work of one path per invocation', () => {
    expect(divergencePlan(1000, 'half', 10).descriptor).toMatchObject({ flops: 60_000 });
    expect(() => divergencePlan(1, 'data', -1)).toThrow(RangeError);
  });
});
