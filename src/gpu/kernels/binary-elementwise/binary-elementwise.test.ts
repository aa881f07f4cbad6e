import { describe, expect, it } from 'vitest';
import { predictKernel, validateDescriptor } from '../../../engine/models';
import {
  BINARY_MAX_ELEMENTS,
  BINARY_OPS,
  binaryElementwiseCpu,
  binaryElementwisePlan,
  binaryOpCode,
  binaryTolerance,
} from './binary-elementwise';

describe('binary elementwise kernel', () => {
  it('numbers its operations in the order of the WGSL switch', () => {
    expect(BINARY_OPS.map(binaryOpCode)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads two f32 and writes one per element, in workgroups of 64', () => {
    const plan = binaryElementwisePlan(1000, 'mul');
    expect(plan.descriptor).toMatchObject({
      kind: 'elementwise',
      bytesRead: 8000,
      bytesWritten: 4000,
      flops: 1000,
      threadsPerBlock: 64,
      blocks: 16,
    });
    expect(plan.dispatches).toEqual([[16, 1, 1]]);
    expect(() => validateDescriptor(plan.descriptor)).not.toThrow();
    expect(predictKernel('a100-sxm-80gb', plan.descriptor).bound).toBe('overhead');
    expect(() => binaryElementwisePlan(0, 'add')).toThrow(RangeError);
    expect(() => binaryElementwisePlan(BINARY_MAX_ELEMENTS + 1, 'add')).toThrow(/at most/);
  });

  it('computes each operation in f32, with the sign rule for negative bases', () => {
    const a = Float32Array.of(1.5, -2, 0.1, -8);
    const b = Float32Array.of(0.25, 3, 0.2, 1 / 3);
    expect([...binaryElementwiseCpu('add', a, b)]).toEqual(
      [1.75, 1, Math.fround(0.1 + 0.2), -8 + Math.fround(1 / 3)].map(Math.fround),
    );
    expect([...binaryElementwiseCpu('pow', a, b)].slice(0, 2)).toEqual([
      Math.fround(1.5 ** 0.25),
      -8,
    ]);
    expect(binaryElementwiseCpu('pow', a, b)[3]).toBeNaN();
    expect(binaryElementwiseCpu('div', Float32Array.of(1), Float32Array.of(0))[0]).toBe(Infinity);
    expect(() => binaryElementwiseCpu('add', a, Float32Array.of(1))).toThrow(/differ in length/);
  });

  it('allows one rounding for +, -, * and a few ulp for division and pow', () => {
    expect(binaryTolerance('add', 1)).toBeCloseTo(2 ** -24, 12);
    expect(binaryTolerance('div', 1)).toBeGreaterThan(binaryTolerance('mul', 1));
    expect(binaryTolerance('pow', 1)).toBeGreaterThan(binaryTolerance('div', 1));
    expect(binaryTolerance('add', Number.NaN)).toBe(0);
  });
});
