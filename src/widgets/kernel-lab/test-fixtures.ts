/**
 * Test helpers: lab results and measured kernels built from real plans with chosen times, and a
 * fake GPU to drive the controller with.
 */
import { planKernel, type LabKernelId, type LabSize } from '../../gpu';
import type { DeviceRoofs } from '../../gpu';
import type { MeasuredKernel } from './compare';
import type { KernelLabDeps, LabGpu } from './controller';
import type { LabRunRequest, LabRunResult } from './lab-run';

/** A lab result of `kernel` at `size` whose median run took `seconds`. */
export function fakeResult(
  kernel: LabKernelId,
  size: LabSize,
  seconds: number,
  options: { ok?: boolean; sizeNote?: string | null } = {},
): LabRunResult {
  const plan = planKernel(kernel, size);
  const bytes = plan.descriptor.bytesRead + plan.descriptor.bytesWritten;
  return {
    kernel,
    size,
    sizeNote: options.sizeNote ?? null,
    plan,
    measurement: {
      medianSeconds: seconds,
      minSeconds: seconds,
      maxSeconds: seconds,
      q1Seconds: seconds,
      q3Seconds: seconds,
      relativeSpread: 0,
      samples: 7,
      repeatsPerBatch: 3,
      secondsPerRun: [seconds],
      method: 'timestamp-query',
    },
    check:
      options.ok === false
        ? {
            ok: false,
            checked: 4,
            total: 4,
            mismatches: 1,
            maxAbsError: 1,
            firstMismatch: { index: 2, expected: 1, actual: 2 },
          }
        : { ok: true, checked: 4, total: 4, mismatches: 0, maxAbsError: 0 },
    bytesPerSecond: bytes / seconds,
    flopsPerSecond: plan.descriptor.flops / seconds,
  };
}

/** The measured kernel the controller keeps for such a result. */
export function fakeMeasured(
  kernel: LabKernelId,
  size: LabSize,
  seconds: number,
  verified = true,
): MeasuredKernel {
  const r = fakeResult(kernel, size, seconds, { ok: verified });
  return {
    kernel,
    size,
    descriptor: r.plan.descriptor,
    medianSeconds: seconds,
    relativeSpread: 0,
    samples: 7,
    repeatsPerBatch: 3,
    method: 'timestamp-query',
    bytesPerSecond: r.bytesPerSecond,
    flopsPerSecond: r.flopsPerSecond,
    verified,
    checkText: verified ? 'all 4 values match the CPU reference' : '1 of all 4 values differ',
  };
}

/** The adapter the fake GPU reports. */
export const FAKE_ADAPTER = {
  description: 'google · swiftshader',
  isFallback: true,
  timestampQuery: true,
};

/** A fake GPU whose runs succeed after reporting progress, unless `fail` says otherwise. */
export function fakeGpu(overrides: Partial<LabGpu> = {}): LabGpu {
  return {
    adapter: FAKE_ADAPTER,
    async run(request: LabRunRequest, onProgress) {
      onProgress({ stage: 'prepare', fraction: 0 });
      onProgress({ stage: 'sample', fraction: 0.5 });
      return fakeResult(request.kernel, request.size, 0.01);
    },
    async measureRoofs(onProgress) {
      onProgress(0.5, 'copy-engine');
      const memory = fakeResult('copy', { elements: 1 << 22 }, 0.02);
      const compute = fakeResult('fma', { elements: 1 << 14 }, 0.1);
      const copyEngine = {
        bytes: 1 << 24,
        measurement: memory.measurement,
        check: memory.check,
        bytesPerSecond: 1e10,
      };
      return { memory, compute, copyEngine } satisfies DeviceRoofs;
    },
    ...overrides,
  };
}

/** The lab's dependencies with `gpu`, or with no GPU and the reason. */
export function depsWith(gpu: LabGpu | { message: string }): KernelLabDeps {
  return {
    getGpu: async () => ('run' in gpu ? { ok: true, gpu } : { ok: false, message: gpu.message }),
  };
}
