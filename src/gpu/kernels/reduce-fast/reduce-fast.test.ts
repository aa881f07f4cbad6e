import { describe, expect, it } from 'vitest';
import { SHARED_OPTIONAL_FEATURES } from '../../device';
import { gammaF32 } from '../../../compute/verify-f32';
import { expectTwoPassReduction } from '../../testing/reduction-plan';
import { reducePlan } from '../reduce/reduce';
import {
  REDUCE_FAST_MAX_WORKGROUPS,
  reduceFastPasses,
  reduceFastPlan,
  reduceFastRoundingDepth,
  reduceFastTolerance,
  reduceFastVariantFor,
} from './reduce-fast';

/** Elements one workgroup covers per trip: 256 lanes x 4 loads x 4 values. */
const trip = 4096;

describe('fast sum reduction', () => {
  it('takes one pass up to a trip, then two passes whatever the size', () => {
    expect(reduceFastPasses(1)).toEqual([
      { entry: 'vec4', count: 1, workgroups: 1, grid: [1, 1, 1] },
    ]);
    expect(reduceFastPasses(trip)).toHaveLength(1);
    expect(reduceFastPasses(trip + 1).map((p) => [p.entry, p.count, p.workgroups])).toEqual([
      ['vec4', 1025, 2],
      ['f32', 2, 1],
    ]);
    const huge = reduceFastPasses(2 ** 30);
    expect(huge.map((p) => [p.entry, p.workgroups])).toEqual([
      ['vec4', REDUCE_FAST_MAX_WORKGROUPS],
      ['f32', 1],
    ]);
    expect(reduceFastPasses(trip * 60, 8)[0]?.grid).toEqual([8, 8, 1]);
    expect(() => reduceFastPasses(0)).toThrow(RangeError);
    expect(() => reduceFastPasses(2.5)).toThrow(RangeError);
  });

  it('is the engine reduction, the same work as the simple kernel', () => {
    const plan = reduceFastPlan(trip * 3);
    expectTwoPassReduction(plan, trip * 3, 3);
    expect(plan.descriptor.threadsPerBlock).toBe(256);
    expect(plan.descriptor.bytesRead).toBe(reducePlan(trip * 3).descriptor.bytesRead);
  });

  it('bounds the error by each pass’s items per lane and how lanes are combined', () => {
    // One pass of 1 vec4: 1 item per lane, 2 + 2 folds, then 8 tree levels or 255 roundings.
    expect(reduceFastRoundingDepth(1, 'workgroup')).toBe(1 + 4 + 8);
    expect(reduceFastRoundingDepth(1, 'subgroups')).toBe(1 + 4 + 255);
    // 2^24 values: 4M vec4s over 1,024 x 256 lanes is 16 per lane; then 1,024 partials over
    // 256 lanes is 4 per lane.
    expect(reduceFastRoundingDepth(2 ** 24, 'workgroup')).toBe(16 + 4 + 8 + (4 + 2 + 8));
    expect(reduceFastTolerance(2 ** 24, 1000, 'workgroup')).toBeCloseTo(gammaF32(42) * 1000, 15);
    expect(reduceFastTolerance(5, 0, 'subgroups')).toBe(0);
  });

  it('picks subgroup adds only on a device with the feature', () => {
    expect(reduceFastVariantFor(new Set(['timestamp-query', 'subgroups']))).toBe('subgroups');
    expect(reduceFastVariantFor(new Set(['timestamp-query']))).toBe('workgroup');
    // The page's shared device asks for the feature wherever the adapter offers it.
    expect(SHARED_OPTIONAL_FEATURES).toContain('subgroups');
  });
});
