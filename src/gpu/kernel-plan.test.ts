import { describe, expect, it } from 'vitest';
import { gridForWorkgroups, invocationsPerWorkgroup, workgroupsPerRun } from './kernel-plan';

describe('kernel plans', () => {
  it('keeps a grid 1-D while it fits one dimension', () => {
    expect(gridForWorkgroups(1, 65_535)).toEqual([1, 1, 1]);
    expect(gridForWorkgroups(65_535, 65_535)).toEqual([65_535, 1, 1]);
  });

  it('folds a long row into even rows, never short of the count', () => {
    // One past the limit: two rows of 32,768, exactly the count.
    expect(gridForWorkgroups(65_536, 65_535)).toEqual([32_768, 2, 1]);
    // An odd count: two rows of 32,769 hold 65,538, one more than asked for, never one less.
    expect(gridForWorkgroups(65_537, 65_535)).toEqual([32_769, 2, 1]);
    expect(gridForWorkgroups(60, 8)).toEqual([8, 8, 1]);
  });

  it('refuses counts no grid can hold, and nonsense', () => {
    expect(() => gridForWorkgroups(65, 8)).toThrow(RangeError);
    expect(() => gridForWorkgroups(0, 8)).toThrow(RangeError);
    expect(() => gridForWorkgroups(4, 0)).toThrow(RangeError);
  });

  it('counts invocations and workgroups of a plan', () => {
    expect(invocationsPerWorkgroup({ workgroupSize: [16, 16, 1] })).toBe(256);
    expect(
      workgroupsPerRun({
        dispatches: [
          [4, 2, 1],
          [1, 1, 1],
        ],
      }),
    ).toBe(9);
  });
});
