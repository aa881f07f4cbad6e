/** Test helpers: measured kernels and lab results built from real plans, with chosen times. */
import type { LabRunResult } from '../../gpu';
import { labPlan, type LabKernelId, type LabSize } from '../../gpu';
import type { MeasuredKernel } from './compare';

/** A lab result of `kernel` at `size` whose median run took `seconds`. */
export function fakeResult(
  kernel: LabKernelId,
  size: LabSize,
  seconds: number,
  options: { ok?: boolean; sizeNote?: string | null } = {},
): LabRunResult {
  const plan = labPlan(kernel, size, 65_535);
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
