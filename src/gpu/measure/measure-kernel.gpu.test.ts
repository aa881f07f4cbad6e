import { afterAll, describe, expect, it } from 'vitest';
import type { GpuContext } from '../device';
import { acquireNodeGpu, warnIfUnavailable } from '../testing/node-gpu';
import { describeF32Check } from '../../compute/verify-f32';
import type { JobProgress } from '../jobs/measure-job';
import { maxCount } from '../kernels/lab-kernels';
import { measureKernel } from './measure-kernel';
import { measureCopyEngine, measureRoofs } from './roofs';

const acquisition = await acquireNodeGpu({ optionalFeatures: ['timestamp-query'] });
warnIfUnavailable(acquisition, 'measuring kernels by name');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const noGpu = gpu === undefined;

afterAll(() => gpu?.device.destroy());

/** Quick timing settings, so the tests spend their time on checks rather than on repeats. */
const quick = { samples: 3, minSamples: 2, budgetSeconds: 0.5 };

/**
 * The device seen through a stub whose next allocation reports that the GPU ran out of memory,
 * as a real driver would through the 'out-of-memory' error scope.
 */
function withFailingAllocation(real: GpuContext): GpuContext {
  const frames: Array<{ filter: GPUErrorFilter; allocated: boolean }> = [];
  let armed = true;
  const device = new Proxy(real.device, {
    get(target, property) {
      if (property === 'pushErrorScope') {
        return (filter: GPUErrorFilter) => {
          frames.push({ filter, allocated: false });
          target.pushErrorScope(filter);
        };
      }
      if (property === 'popErrorScope') {
        return () => {
          const frame = frames.pop();
          const popped = target.popErrorScope();
          if (armed && frame?.filter === 'out-of-memory' && frame.allocated) {
            armed = false;
            return popped.then(() => ({ message: 'stub: no memory left' }) as GPUError);
          }
          return popped;
        };
      }
      if (property === 'createBuffer') {
        return (descriptor: GPUBufferDescriptor) => {
          for (const frame of frames) frame.allocated = true;
          return target.createBuffer(descriptor);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...real, device };
}

/** The device seen through a stub whose limits allow storage bindings of `bytes` at most. */
function withStorageBindingLimit(real: GpuContext, bytes: number): GpuContext {
  const limits = new Proxy(real.device.limits, {
    get: (target, property) =>
      property === 'maxStorageBufferBindingSize' ? bytes : Reflect.get(target, property, target),
  });
  const device = new Proxy(real.device, {
    get(target, property) {
      if (property === 'limits') return limits;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...real, device };
}

describe('measureKernel on real WebGPU', () => {
  it.skipIf(noGpu)('measures, checks and reports rates and the timing method', async () => {
    const progress: JobProgress[] = [];
    const run = await measureKernel(
      gpu!,
      'relu',
      { elements: 100_003 },
      { measure: quick, onProgress: (p) => progress.push(p) },
    );
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.check.checked).toBe(100_003);
    expect(run.measurement.secondsPerRun).toHaveLength(run.measurement.samples);
    expect(run.bytesPerSecond).toBeCloseTo((8 * 100_003) / run.measurement.medianSeconds, 0);
    expect(run.flopsPerSecond).toBeCloseTo(100_003 / run.measurement.medianSeconds, 0);
    const expected = gpu!.device.features.has('timestamp-query') ? 'timestamp-query' : 'completion';
    expect(run.measurement.method).toBe(expected);
    expect(progress[0]?.stage).toBe('prepare');
    expect(progress.at(-1)).toEqual({ stage: 'verify', fraction: 1 });
  });

  it.skipIf(noGpu)('reduces a request beyond the device limits and says so', async () => {
    // The device as one whose storage bindings hold 1 MiB: at the real 128 MiB the reduced
    // matmul is one thread summing 2^25 products, minutes on a loaded software adapter. (The
    // browser tests run a kernel at the real limit: kernel-lab.e2e.ts, "reduces a size beyond
    // the device limits".)
    const small = withStorageBindingLimit(gpu!, 1 << 20);
    const limit = small.device.limits.maxStorageBufferBindingSize;
    expect(limit).toBe(1 << 20);
    const run = await measureKernel(
      small,
      'matmul-naive',
      { m: 3, n: 2, k: limit },
      { measure: { ...quick, samples: 1, minSamples: 1 } },
    );
    expect(run.sizeNote).toMatch(/^Reduced 3 x 2 x \d+ to 1 x 1 x \d+/);
    const size = run.size as { m: number; k: number };
    expect(size.m * size.k * 4).toBeLessThanOrEqual(limit);
    expect(size.m * (size.k + 1) * 4).toBeGreaterThan(limit);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });

  it.skipIf(noGpu)('rejects with AbortError when cancelled, then runs again', async () => {
    const controller = new AbortController();
    const run = measureKernel(
      gpu!,
      'matmul-tiled',
      { m: 96, n: 96, k: 96 },
      {
        signal: controller.signal,
        onProgress: (p) => p.stage === 'sample' && controller.abort(),
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const again = await measureKernel(
      gpu!,
      'matmul-tiled',
      { m: 33, n: 17, k: 5 },
      { measure: quick },
    );
    expect(again.check.ok).toBe(true);
  });

  it.skipIf(noGpu)('turns an allocation that runs out of memory into a clear error', async () => {
    const stubbed = withFailingAllocation(gpu!);
    await expect(
      measureKernel(stubbed, 'copy', { elements: 4096 }, { measure: quick }),
    ).rejects.toThrow(/ran out of memory trying to allocate the copy buffers.*stub: no memory/);
    const again = await measureKernel(stubbed, 'copy', { elements: 4096 }, { measure: quick });
    expect(again.check.ok).toBe(true);
  });

  it.skipIf(noGpu)(
    'fails with a device-lost message when the device is destroyed mid-run',
    async () => {
      const own = await acquireNodeGpu();
      if (!own.ok) throw new Error(own.message);
      const run = measureKernel(
        own.gpu,
        'matmul-naive',
        { m: 128, n: 128, k: 128 },
        { onProgress: (p) => p.stage === 'sample' && own.gpu.device.destroy() },
      );
      await expect(run).rejects.toThrow(/device was lost/);
      expect(own.gpu.isLost()).toBe(true);
      // A fresh device works: nothing of the lost one is kept.
      const fresh = await acquireNodeGpu();
      if (!fresh.ok) throw new Error(fresh.message);
      const again = await measureKernel(
        fresh.gpu,
        'matmul-naive',
        { m: 20, n: 20, k: 20 },
        { measure: quick },
      );
      expect(again.check.ok).toBe(true);
      fresh.gpu.device.destroy();
    },
  );
});

describe('roofs on real WebGPU', () => {
  it.skipIf(noGpu)('times copyBufferToBuffer and checks the copy', async () => {
    const result = await measureCopyEngine(gpu!, 1 << 20, { measure: quick });
    expect(result.check.ok, describeF32Check(result.check)).toBe(true);
    expect(result.bytesPerSecond).toBeGreaterThan(0);
  });

  it.skipIf(noGpu)('measures the memory, copy-engine and compute roofs, each checked', async () => {
    // The device seen with 1 MiB storage bindings, one timed batch per step: every step still
    // runs and is checked (probe, sizing, copy kernel, copy engine, FMA kernel), with copies of
    // 256 Ki elements instead of the 16 Mi floor that 128 MiB allows. That floor makes the
    // figure meaningful on real hardware; it is not about correctness. The sizing is tested in
    // roof-sizes.test.ts, and the browser tests measure the roofs at full size (kernel-lab.e2e.ts).
    const small = withStorageBindingLimit(gpu!, 1 << 20);
    const roofs = await measureRoofs(small, { measure: { ...quick, samples: 1, minSamples: 1 } });
    expect(roofs.memory.size).toEqual({ elements: maxCount('copy', small.device.limits) });
    for (const part of [roofs.memory, roofs.copyEngine, roofs.compute]) {
      expect(part.check.ok, describeF32Check(part.check)).toBe(true);
    }
    expect(roofs.memory.bytesPerSecond).toBeGreaterThan(0);
    expect(roofs.compute.flopsPerSecond).toBeGreaterThan(0);
    console.info(
      `roofs: copy kernel ${(roofs.memory.bytesPerSecond / 1e9).toFixed(2)} GB/s, ` +
        `copyBufferToBuffer ${(roofs.copyEngine.bytesPerSecond / 1e9).toFixed(2)} GB/s, ` +
        `FMA ${(roofs.compute.flopsPerSecond / 1e9).toFixed(2)} GFLOP/s`,
    );
  });
});
