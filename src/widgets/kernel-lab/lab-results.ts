/**
 * What the kernel lab keeps of the runtime's measurements: a kernel's run as a MeasuredKernel,
 * and the device's roofs, with a near-empty dispatch as the launch overhead, as MeasuredRoofs.
 * Pure.
 */
import type { DeviceRoofs } from '../../gpu';
import type { LabRunRequest, LabRunResult } from './lab-run';
import type { MeasuredKernel } from './compare';
import { describeF32Check } from '../../compute/verify-f32';

/** The device's roofs as the lab shows them. */
export interface MeasuredRoofs {
  /** Copy kernel, read + write bytes per second. */
  memoryBytesPerSecond: number;
  /** copyBufferToBuffer, read + write bytes per second. */
  copyEngineBytesPerSecond: number;
  /** FMA kernel. */
  flopsPerSecond: number;
  /**
   * Median time of a near-empty dispatch (the copy kernel on one element), the launch overhead
   * the device model adds to every kernel; null when that run failed its check.
   */
  launchOverheadSeconds: number | null;
  /** True when every output (the three roofs and the near-empty dispatch) matched. */
  verified: boolean;
  method: MeasuredKernel['method'];
}

/** The near-empty run whose time is the launch overhead of the device model. */
export const LAUNCH_PROBE: LabRunRequest = { kernel: 'copy', size: { elements: 1 } };

/** A lab result as the lab keeps it. */
export function measuredFrom(result: LabRunResult): MeasuredKernel {
  return {
    kernel: result.kernel,
    size: result.size,
    descriptor: result.plan.descriptor,
    medianSeconds: result.measurement.medianSeconds,
    relativeSpread: result.measurement.relativeSpread,
    samples: result.measurement.samples,
    repeatsPerBatch: result.measurement.repeatsPerBatch,
    method: result.measurement.method,
    bytesPerSecond: result.bytesPerSecond,
    flopsPerSecond: result.flopsPerSecond,
    verified: result.check.ok,
    checkText: describeF32Check(result.check),
  };
}

/**
 * The device roofs as the lab keeps them, with the near-empty dispatch (`probe`) as the launch
 * overhead; without a probe the launch overhead is absent.
 */
export function roofsFrom(roofs: DeviceRoofs, probe: LabRunResult | null = null): MeasuredRoofs {
  const all = [roofs.memory.measurement, roofs.copyEngine.measurement, roofs.compute.measurement];
  if (probe) all.push(probe.measurement);
  const probeOk = probe !== null && probe.check.ok;
  return {
    memoryBytesPerSecond: roofs.memory.bytesPerSecond,
    copyEngineBytesPerSecond: roofs.copyEngine.bytesPerSecond,
    flopsPerSecond: roofs.compute.flopsPerSecond,
    launchOverheadSeconds: probeOk ? probe.measurement.medianSeconds : null,
    verified:
      roofs.memory.check.ok && roofs.copyEngine.check.ok && roofs.compute.check.ok && probeOk,
    method: all.every((m) => m.method === 'timestamp-query') ? 'timestamp-query' : 'completion',
  };
}
