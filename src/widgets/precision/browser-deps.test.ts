import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GpuContext } from '../../gpu';

const gpuModule = vi.hoisted(() => ({
  shareGpu: vi.fn(),
  acquireGpu: vi.fn(),
  measureKernel: vi.fn(),
}));

vi.mock('../../gpu', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../gpu')>()),
  acquireGpu: gpuModule.acquireGpu,
  measureKernel: gpuModule.measureKernel,
}));

// withSharedGpu asks the device module for the shared device.
vi.mock('../../gpu/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../gpu/device')>()),
  shareGpu: gpuModule.shareGpu,
}));

const { createBrowserKernelDeps, f16Absence } = await import('./browser-deps');

/** A fake device context: which features the adapter offers and the device was given. */
function context(options: { offers: string[]; has: string[]; fallback?: boolean }) {
  const destroy = vi.fn();
  const gpu = {
    device: { features: new Set(options.has), destroy },
    adapter: {
      vendor: 'acme',
      architecture: 'turbo',
      device: '',
      description: '',
      isFallback: options.fallback ?? false,
      limits: {},
      features: options.offers,
    },
  } as unknown as GpuContext;
  return { gpu, destroy };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the kernel part’s browser dependencies', () => {
  it('use the shared device when it already has shader-f16', async () => {
    const shared = context({ offers: ['shader-f16'], has: ['shader-f16'] });
    gpuModule.shareGpu.mockResolvedValue({ ok: true, gpu: shared.gpu });
    const acquired = await createBrowserKernelDeps().acquire();
    expect(acquired.ok && acquired.target.f16).toEqual({ available: true });
    expect(gpuModule.acquireGpu).not.toHaveBeenCalled();
    expect(gpuModule.shareGpu.mock.calls[0]![0].optionalFeatures).toContain('shader-f16');
  });

  it('make a device of their own when the shared one was made without f16, and free it', async () => {
    const shared = context({ offers: ['shader-f16'], has: [] });
    const own = context({ offers: ['shader-f16'], has: ['shader-f16'] });
    gpuModule.shareGpu.mockResolvedValue({ ok: true, gpu: shared.gpu });
    gpuModule.acquireGpu.mockResolvedValue({ ok: true, gpu: own.gpu });
    gpuModule.measureKernel.mockResolvedValue({
      measurement: { medianSeconds: 0.001, method: 'completion' },
      flopsPerSecond: 4e9,
      detail: { maxAbsError: 0.02, relativeError: 0.003, maxExact: 7, checked: 4096 },
      check: { ok: true, checked: 4096, total: 4096, mismatches: 0, maxAbsError: 0.02 },
    });
    const acquired = await createBrowserKernelDeps().acquire();
    if (!acquired.ok) throw new Error(acquired.message);
    expect(acquired.target.f16).toEqual({ available: true });
    const result = await acquired.target.measure('f16', 64, new AbortController().signal);
    expect(gpuModule.measureKernel.mock.calls[0]![0]).toBe(own.gpu);
    expect(gpuModule.measureKernel.mock.calls[0]!.slice(1, 3)).toEqual([
      'matmul-f16',
      { n: 64, variant: 'f16' },
    ]);
    expect(result).toMatchObject({ variant: 'f16', n: 64, maxAbsError: 0.02, verified: true });
    expect(result.checkText).toBe('all 4,096 values match the CPU reference');
    acquired.target.release();
    expect(own.destroy).toHaveBeenCalledTimes(1);
    expect(shared.destroy).not.toHaveBeenCalled();
  });

  it('say plainly why there is no f16 when the adapter does not offer it', async () => {
    const shared = context({ offers: [], has: [], fallback: true });
    gpuModule.shareGpu.mockResolvedValue({ ok: true, gpu: shared.gpu });
    const acquired = await createBrowserKernelDeps().acquire();
    if (!acquired.ok) throw new Error(acquired.message);
    expect(acquired.target.f16.available).toBe(false);
    expect(f16Absence(shared.gpu)).toMatch(
      /^This WebGPU adapter \(acme · turbo\) does not offer the "shader-f16" feature.*software fallback/,
    );
    expect(gpuModule.acquireGpu).not.toHaveBeenCalled();
  });

  it('pass on why there is no WebGPU at all', async () => {
    gpuModule.shareGpu.mockResolvedValue({ ok: false, reason: 'no-webgpu', message: 'No WebGPU.' });
    await expect(createBrowserKernelDeps().acquire()).resolves.toEqual({
      ok: false,
      message: 'No WebGPU.',
    });
  });
});
