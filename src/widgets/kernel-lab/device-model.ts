/**
 * The learner's device as a model: once the lab has measured its roofs (copy-kernel bandwidth,
 * FMA throughput, the time of a near-empty dispatch), the cost engine predicts every further run
 * on it before the run starts. Pure: the engine and the lab's plans, no WebGPU.
 */
import type { KernelBound } from '../../engine/models';
import {
  gpuFromMeasuredRoofs,
  predictKernelOnMeasured,
  type MeasuredDevice,
} from '../../engine/models';
import { planKernel } from '../../gpu';
import type { LabRunRequest } from './lab-run';
import type { KernelDescriptor } from '../../engine/models';

/** The measured figures the device model is built from. */
export interface DeviceModelInput {
  /** Copy kernel, read + write bytes per second. */
  memoryBytesPerSecond: number;
  /** FMA kernel, FLOPs per second. */
  flopsPerSecond: number;
  /** A near-empty dispatch; null when it was not measured. */
  launchOverheadSeconds: number | null;
}

/** The adapter facts the model needs: its name and whether it is software. */
export interface DeviceModelAdapter {
  description: string;
  isFallback: boolean;
}

/** The engine's description of this device, from its measured roofs. */
export function labDeviceModel(
  roofs: DeviceModelInput,
  adapter: DeviceModelAdapter,
): MeasuredDevice {
  return gpuFromMeasuredRoofs({
    name: adapter.description.trim() || 'this GPU',
    bytesPerSecond: roofs.memoryBytesPerSecond,
    fmaFlopsPerSecond: roofs.flopsPerSecond,
    launchOverheadSeconds: roofs.launchOverheadSeconds,
    software: adapter.isFallback,
  });
}

/** What the model of this device says about one run, before it starts. */
export type Forecast =
  { ok: true; seconds: number; bound: KernelBound } | { ok: false; message: string };

/** Said in place of a prediction while no roofs have been measured. */
export const MEASURE_FIRST =
  'No prediction for this device yet: measure the roofs first, and every later run is predicted before it starts.';

/** The model's prediction of a descriptor on the device, or why there is none. Never throws. */
export function forecastDescriptor(
  device: MeasuredDevice | null,
  descriptor: KernelDescriptor,
): Forecast {
  if (device === null) return { ok: false, message: MEASURE_FIRST };
  try {
    const result = predictKernelOnMeasured(device, descriptor);
    return result.ok
      ? { ok: true, seconds: result.prediction.seconds, bound: result.prediction.bound }
      : { ok: false, message: result.message };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The prediction for a run as requested (its plan's descriptor), or why there is none. */
export function forecastRun(device: MeasuredDevice | null, request: LabRunRequest): Forecast {
  if (device === null) return { ok: false, message: MEASURE_FIRST };
  try {
    return forecastDescriptor(device, planKernel(request.kernel, request.size).descriptor);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
