import { describe, expect, it } from 'vitest';
import { getGpu } from '../../engine/catalog';
import {
  matmulDescriptor,
  predictCpuKernel,
  predictKernel,
  predictTransfer,
} from '../../engine/models';
import { copyBytes, MODEL_RANGE, modelCurves, modelPoint, modelSizes, MODELED_CPU } from './model';

describe('modelPoint', () => {
  it('adds a pinned copy in and out to the kernel, launch included', () => {
    const p = modelPoint('matmul', 512, 'a100-sxm-80gb');
    const kernel = predictKernel('a100-sxm-80gb', matmulDescriptor(512, 512, 512, 'fp32'));
    const up = predictTransfer({
      gpu: 'a100-sxm-80gb',
      bytes: 8 * 512 * 512,
      direction: 'h2d',
      pinned: true,
    });
    const down = predictTransfer({
      gpu: 'a100-sxm-80gb',
      bytes: 4 * 512 * 512,
      direction: 'd2h',
      pinned: true,
    });
    expect(p.gpuSeconds).toBeCloseTo(kernel.seconds + up.seconds + down.seconds, 15);
    expect(p.gpuKernelSeconds).toBeGreaterThanOrEqual(
      getGpu('a100-sxm-80gb').launchOverheadSeconds.value,
    );
    expect(p.cpuSeconds).toBe(
      predictCpuKernel(MODELED_CPU, matmulDescriptor(512, 512, 512, 'fp32')).seconds,
    );
  });

  it('copies 8 bytes per ReLU element and 12 per matmul element', () => {
    expect(copyBytes('relu', 10)).toEqual({ upBytes: 40, downBytes: 40 });
    expect(copyBytes('matmul', 10)).toEqual({ upBytes: 800, downBytes: 400 });
  });
});

describe('modelCurves', () => {
  it('covers the model range in quarter octaves', () => {
    const sizes = modelSizes('matmul');
    expect(sizes[0]).toBe(MODEL_RANGE.matmul[0]);
    expect(sizes.at(-1)).toBe(MODEL_RANGE.matmul[1]);
    expect(sizes.length).toBe(4 * 10 + 1);
  });

  it('finds that the A100 overtakes the i9 on a matmul of a few hundred, copies and all', () => {
    const curves = modelCurves('matmul', 'a100-sxm-80gb');
    expect(curves.crossover.kind).toBe('at');
    if (curves.crossover.kind !== 'at') return;
    expect(curves.crossover.size).toBeGreaterThan(64);
    expect(curves.crossover.size).toBeLessThan(1024);
    expect(curves.cpuName).toMatch(/i9-14900K/);
  });

  it('finds that with copies the GPU never wins a lone ReLU: PCIe is slower than the CPU’s memory', () => {
    const curves = modelCurves('relu', 'a100-sxm-80gb');
    expect(curves.crossover).toMatchObject({ kind: 'never' });
    // Per element at the top of the range, the copies alone cost more than the whole CPU run.
    const last = curves.points.at(-1)!;
    expect(last.gpuCopySeconds).toBeGreaterThan(last.cpuSeconds);
  });

  it('stops the curve where the GPU runs out of memory', () => {
    const curves = modelCurves('relu', 'gtx-1650');
    expect(curves.points.length).toBeGreaterThan(0);
    expect(curves.points.length).toBeLessThanOrEqual(modelSizes('relu').length);
  });
});
