import { describe, expect, it } from 'vitest';
import { elementwiseDescriptor, predictKernel, validateDescriptor } from '../../../engine/models';
import {
  allowedWorkgroupSize,
  checkReluScalarFits,
  reluCpu,
  reluPlan,
  reluScalarPlan,
  RELU_MAX_WORKGROUP_SIZE,
} from './relu';

const LIMITS = {
  maxStorageBufferBindingSize: 134_217_728,
  maxBufferSize: 268_435_456,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
};

describe('ReLU kernel', () => {
  it('is the engine elementwise kernel with one operation per element', () => {
    const plan = reluPlan(1 << 20);
    const engine = elementwiseDescriptor(1 << 20, 'fp32', 1);
    expect(plan.descriptor).toMatchObject({
      kind: 'elementwise',
      bytesRead: engine.bytesRead,
      bytesWritten: engine.bytesWritten,
      flops: 1 << 20,
      blocks: 1024,
    });
  });

  it('plans one thread per element in blocks of the chosen size for the explorer', () => {
    const plan = reluScalarPlan(524_288, 64);
    expect(plan.descriptor).toMatchObject({ threadsPerBlock: 64, blocks: 8192, flops: 524_288 });
    expect(plan.dispatches).toEqual([[8192, 1, 1]]);
    expect(reluScalarPlan(100, 32, 2).dispatches).toEqual([[2, 2, 1]]);
    expect(() => validateDescriptor(plan.descriptor)).not.toThrow();
    // 64-thread blocks: 32 per A100 SM (its block limit; 2,048 threads allow as many), so
    // 108 x 32 = 3,456 blocks per wave and 8,192 blocks take 3 waves.
    expect(predictKernel('a100-sxm-80gb', plan.descriptor).waves).toBe(3);
    expect(() => reluScalarPlan(0, 64)).toThrow(RangeError);
    expect(() => reluScalarPlan(10, RELU_MAX_WORKGROUP_SIZE + 1)).toThrow(/at most 1024/);
  });

  it('keeps positives and zeroes the rest, negative zero included', () => {
    const out = reluCpu(new Float32Array([-1.5, 0, 2.25, -0.0625, -0]));
    expect([...out]).toEqual([0, 0, 2.25, 0, 0]);
    expect(Object.is(out[4], 0)).toBe(true);
  });

  it('caps a workgroup size at what the device allows', () => {
    expect(allowedWorkgroupSize(64, LIMITS)).toBe(64);
    expect(allowedWorkgroupSize(1024, LIMITS)).toBe(256);
    expect(allowedWorkgroupSize(512, { ...LIMITS, maxComputeWorkgroupSizeX: 128 })).toBe(128);
    expect(() => allowedWorkgroupSize(0, LIMITS)).toThrow(RangeError);
  });

  it('refuses an array that does not fit one buffer, naming the limit', () => {
    expect(() => checkReluScalarFits(1 << 25, LIMITS)).not.toThrow();
    expect(() => checkReluScalarFits((1 << 25) + 1, LIMITS)).toThrow(
      /134,217,732 bytes per buffer, but this GPU binds at most 134,217,728 bytes/,
    );
  });
});
