import { describe, expect, it } from 'vitest';
import { predictKernel } from '../../../engine/models';
import { stridedReadCpu, stridedSourceWords } from '../../../compute/strided-read-reference';
import { stridedReadPlan, stridedSectorBytes } from './strided-read';

describe('strided-read plan and reference', () => {
  it('fetches 4, 8, 16 and then 32 sectors per 32 reads as the stride grows', () => {
    expect([1, 2, 4, 8, 16, 32].map((s) => stridedSectorBytes(32, s) / 32)).toEqual([
      4, 8, 16, 32, 32, 32,
    ]);
  });

  it('tells the engine the sectors it reads, so a wider stride is predicted slower', () => {
    const plan = stridedReadPlan(1 << 20, 8);
    expect(plan.descriptor).toMatchObject({ kind: 'copy', bytesRead: 32 << 20, flops: 0 });
    expect(plan.dispatches).toEqual([[4096, 1, 1]]);
    const narrow = predictKernel('h100-sxm', stridedReadPlan(1 << 20, 1).descriptor).seconds;
    const wide = predictKernel('h100-sxm', plan.descriptor).seconds;
    expect(wide).toBeGreaterThan(narrow);
  });

  it('reads word i x stride into word i', () => {
    const source = Float32Array.from({ length: stridedSourceWords(4, 3) }, (_, i) => i);
    expect(Array.from(stridedReadCpu(source, 4, 3))).toEqual([0, 3, 6, 9]);
    expect(() => stridedReadCpu(new Float32Array(5), 4, 3)).toThrow(RangeError);
    expect(() => stridedReadPlan(0, 1)).toThrow(RangeError);
  });
});
