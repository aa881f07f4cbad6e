import { describe, expect, it } from 'vitest';
import { BRANCH_KINDS } from '../../compute/divergence-reference';
import { branchCost, branchMasks, countActive } from './branch';
import { kernelSteps, kernelText, MAX_STEPS } from './kernel-steps';

describe('divergence in one warp', () => {
  it('lane % 2 == 0: 16 lanes each way, both paths run, SIMT efficiency 50 %', () => {
    const masks = branchMasks('even');
    expect(masks.ifMask.slice(0, 4)).toEqual([true, false, true, false]);
    const cost = branchCost(masks);
    expect(cost).toMatchObject({ ifLanes: 16, elseLanes: 16, diverges: true });
    expect(cost.simtEfficiency).toBe(0.5);
  });

  it('lane < 16: lanes 0-15 and 16-31, also 50 %', () => {
    const masks = branchMasks('half');
    expect(masks.ifMask.indexOf(false)).toBe(16);
    expect(branchCost(masks).simtEfficiency).toBe(0.5);
  });

  it('a uniform branch: the whole warp on the if-path, 100 %', () => {
    const cost = branchCost(branchMasks('uniform'));
    expect(cost).toMatchObject({ ifLanes: 32, elseLanes: 0, diverges: false });
    expect(cost.simtEfficiency).toBe(1);
    expect(branchCost(branchMasks('uniform', 2)).ifLanes).toBe(0);
  });

  it('the data-dependent branch: (2 × if-lanes + else-lanes) / 96', () => {
    const masks = branchMasks('data');
    const ifLanes = countActive(masks.ifMask);
    expect(masks.ifMask).toEqual(masks.data.map((x) => x % 2 === 0));
    const cost = branchCost(masks);
    expect(cost.simtEfficiency).toBeCloseTo((2 * ifLanes + (32 - ifLanes)) / 96, 12);
    expect(ifLanes).toBe(DATA_IF_LANES);
    expect(cost.simtEfficiency).toBe(47 / 96);
  });

  it('steps every line each rule issues, with the mask of the path', () => {
    const even = kernelSteps(branchMasks('even'));
    expect(even).toHaveLength(MAX_STEPS);
    expect(even.map((s) => countActive(s.active))).toEqual([32, 32, 32, 16, 16, 16, 32]);
    const uniform = kernelSteps(branchMasks('uniform'));
    expect(uniform.map((s) => s.line)).toEqual([0, 1, 2, 3, 4, 8]);
    expect(kernelText('half')[2]).toBe('if (lane < 16u) {');
    for (const kind of BRANCH_KINDS)
      expect(kernelSteps(branchMasks(kind)).length).toBeGreaterThan(5);
  });
});

/** If-lanes of warp 0 under the data rule, counted once from the kernel's input words. */
const DATA_IF_LANES = 15;
