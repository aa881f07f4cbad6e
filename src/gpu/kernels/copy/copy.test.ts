import { describe, expect, it } from 'vitest';
import { copyDescriptor, predictKernel } from '../../../engine/models';
import { FALLBACK_VEC4S_PER_INVOCATION, streamVec4sPerInvocation } from '../../vec4-stream';
import { COPY_WORKGROUP_SIZE, copyCpu, copyPlan } from './copy';

describe('copy kernel plan', () => {
  it('reads and writes 4 bytes per element, like the engine copy', () => {
    const plan = copyPlan(1000);
    const engine = copyDescriptor(4000);
    expect(plan.descriptor).toMatchObject({
      kind: 'copy',
      bytesRead: engine.bytesRead,
      bytesWritten: engine.bytesWritten,
      flops: 0,
      threadsPerBlock: COPY_WORKGROUP_SIZE,
      blocks: 1,
    });
    expect(plan.workgroupSize).toEqual([256, 1, 1]);
    expect(plan.dispatches).toEqual([[1, 1, 1]]);
  });

  it('launches fewer workgroups with more vec4s per invocation', () => {
    expect(copyPlan(1 << 20).dispatches[0]?.[0]).toBe(1024);
    expect(copyPlan(1 << 20, { vec4sPerInvocation: 16 }).dispatches[0]?.[0]).toBe(64);
  });

  it('goes 2-D past the per-dimension limit', () => {
    expect(copyPlan(60 * 1024 - 1, { maxWorkgroupsPerDimension: 8 }).dispatches).toEqual([
      [8, 8, 1],
    ]);
  });

  it('picks more work per invocation on a software adapter', () => {
    expect(streamVec4sPerInvocation(false)).toBe(1);
    expect(streamVec4sPerInvocation(true)).toBe(FALLBACK_VEC4S_PER_INVOCATION);
  });

  it('is a descriptor the cost engine can predict', () => {
    expect(predictKernel('h100-sxm', copyPlan(1 << 24).descriptor).bound).toBe('memory');
  });

  it('has the identity as its reference', () => {
    const x = new Float32Array([1, -2, 3]);
    expect(copyCpu(x)).toEqual(x);
    expect(copyCpu(x)).not.toBe(x);
  });
});
