import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GpuContext } from '../gpu';

const fakes = vi.hoisted(() => ({
  device: null as unknown,
  measureKernel: vi.fn(),
  cpuMeasure: vi.fn(),
  cpuDispose: vi.fn(),
}));

vi.mock('../gpu', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../gpu')>()),
  // The shared device, lent as withSharedGpu lends it (or none, with the reason).
  withSharedGpu: async (
    _options: unknown,
    build: (shared: { gpu: unknown; run(work: (gpu: unknown) => unknown): unknown }) => unknown,
  ) =>
    fakes.device
      ? build({ gpu: fakes.device, run: (work) => work(fakes.device) })
      : { ok: false, message: 'This browser has no WebGPU.' },
  measureKernel: fakes.measureKernel,
}));

vi.mock('../cpu/crossover-pool', () => ({
  CrossoverCpuPool: class {
    measure = fakes.cpuMeasure;
    dispose = fakes.cpuDispose;
  },
}));

const { modeledReluSeconds, RELU_EXPERIMENT_ELEMENTS, runReluGpuVsCpu } =
  await import('./relu-gpu-vs-cpu');

const passed = { ok: true, checked: 4, total: 4, mismatches: 0, maxAbsError: 0 };
const failed = { ...passed, ok: false, mismatches: 1, firstMismatch: { index: 0 } };

/** A device on an adapter that is (or is not) a software fallback. */
function device(isFallback: boolean): GpuContext {
  const adapter = { vendor: 'google', architecture: 'swiftshader', device: '', isFallback };
  return { adapter } as unknown as GpuContext;
}

beforeEach(() => {
  vi.clearAllMocks();
  fakes.device = device(false);
  fakes.measureKernel.mockResolvedValue({
    measurement: { medianSeconds: 0.001 },
    check: passed,
  });
  fakes.cpuMeasure.mockResolvedValue({
    measurement: { medianSeconds: 0.004 },
    check: passed,
    workers: 8,
  });
});

describe('the ReLU GPU-vs-CPU experiment', () => {
  it('sets the GPU kernel against every CPU worker, each checked, and frees the workers', async () => {
    const result = await runReluGpuVsCpu();
    expect(result).toMatchObject({
      a: { label: 'your GPU', seconds: 0.001 },
      b: { label: 'your CPU (8 Web Workers)', seconds: 0.004 },
      ratioBOverA: 4,
    });
    expect(result.source).toMatch(/^measured on this device \(google · swiftshader\)/);
    expect(result.realGpuNote).toBeUndefined();
    expect(fakes.measureKernel.mock.calls[0]?.slice(1, 3)).toEqual([
      'relu',
      { elements: RELU_EXPERIMENT_ELEMENTS, workgroupSize: 256 },
    ]);
    expect(fakes.cpuMeasure).toHaveBeenCalledWith('relu', RELU_EXPERIMENT_ELEMENTS, {});
    expect(fakes.cpuDispose).toHaveBeenCalled();
  });

  it('on a software adapter, says what the engine predicts for an A100', async () => {
    fakes.device = device(true);
    const { realGpuNote } = await runReluGpuVsCpu();
    expect(realGpuNote).toMatch(/software adapter/);
    expect(modeledReluSeconds()).toBeGreaterThan(0);
  });

  it('refuses with a readable reason: no WebGPU, or a result that does not match', async () => {
    fakes.device = null;
    await expect(runReluGpuVsCpu()).rejects.toThrow('This browser has no WebGPU.');
    fakes.device = device(false);
    fakes.measureKernel.mockResolvedValue({ measurement: { medianSeconds: 1 }, check: failed });
    await expect(runReluGpuVsCpu()).rejects.toThrow(/^the GPU result was wrong/);
    fakes.measureKernel.mockResolvedValue({ measurement: { medianSeconds: 1 }, check: passed });
    fakes.cpuMeasure.mockResolvedValue({ measurement: {}, check: failed, workers: 2 });
    await expect(runReluGpuVsCpu()).rejects.toThrow(/^the CPU result was wrong/);
    expect(fakes.cpuDispose).toHaveBeenCalledTimes(1);
  });
});
