import { describe, expect, it } from 'vitest';
import { gammaF32 } from '../../../compute/verify-f32';
import { reduceCpu } from '../../jobs/sum-passes';
import { expectTwoPassReduction } from '../../testing/reduction-plan';
import { reducePasses, reducePlan, reduceRoundingDepth, reduceTolerance } from './reduce';

/** Elements one first-pass workgroup sums: 256 lanes x 16 vec4s x 4. */
const span = 16_384;

describe('sum reduction', () => {
  it('needs one pass up to a span, then a pass per factor of 4,096', () => {
    expect(reducePasses(1)).toEqual([{ entry: 'vec4', count: 1, workgroups: 1, grid: [1, 1, 1] }]);
    expect(reducePasses(span)).toHaveLength(1);
    expect(reducePasses(span + 1).map((p) => [p.entry, p.count, p.workgroups])).toEqual([
      ['vec4', 4097, 2],
      ['f32', 2, 1],
    ]);
    expect(reducePasses(span * 4096 + 1)).toHaveLength(3);
  });

  it('is the engine reduction, with one dispatch per pass', () => {
    expectTwoPassReduction(reducePlan(span * 3), span * 3, 3);
  });

  it('bounds the error by the rounding depth of its passes', () => {
    expect(reduceRoundingDepth(span)).toBe(16 + 8 + 2);
    expect(reduceRoundingDepth(span + 1)).toBe(26 + 24);
    expect(reduceTolerance(span + 1, 1000)).toBeCloseTo(gammaF32(50) * 1000, 15);
  });

  it('sums exactly in f64 on the CPU, with the sum of magnitudes', () => {
    expect(reduceCpu(new Float32Array([1.5, -2, 0.25]))).toEqual({ sum: -0.25, absSum: 3.75 });
  });
});
