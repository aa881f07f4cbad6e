/**
 * A device the engine knows only from measurement: the learner's own GPU (or the CPU behind a
 * software adapter) after the kernel lab has measured its roofs. It becomes a synthetic catalog
 * entry whose "peak" figures ARE the measured roofs and whose achievable fractions are all 1:
 * the measured copy-kernel bandwidth already is what a kernel achieves, so scaling it down again
 * would count the same losses twice. Nothing that was not measured is filled in: no SM count, no
 * memory size, no tensor cores, no clock. So the wave tail is not modeled (utilization 1), the
 * footprint is not checked, and only FP32 work can be predicted (the FMA kernel is FP32). A
 * roof that was not measured is absent (null), and a prediction then says to measure first
 * instead of guessing.
 */
import { validateDescriptor, type KernelDescriptor } from './descriptor';
import { rooflinePrediction, type KernelPrediction } from './kernel';
import { requireBoolean, requireNonNegative, requirePositive } from './validate';

/** The roofs a measured device needs before it can predict anything. */
export type MeasuredRoof = 'bandwidth' | 'fma' | 'launch overhead';

/** What the lab measured about a device; a roof left out or null was not measured. */
export interface MeasuredRoofsInput {
  /** How the device is called in text ("google · swiftshader"). */
  name: string;
  /** Read + write bytes per second of a streaming kernel (the copy kernel). */
  bytesPerSecond?: number | null;
  /** FP32 FLOPs per second of an FMA-only kernel (two FLOPs per FMA). */
  fmaFlopsPerSecond?: number | null;
  /** Time of a dispatch that does almost no work, measured the way kernels are. */
  launchOverheadSeconds?: number | null;
  /** True for a software adapter: the "device" is CPU cores running a GPU emulator. */
  software?: boolean;
}

/** A device described by its measured roofs (see the module comment for what that implies). */
export interface MeasuredDevice {
  kind: 'measured';
  name: string;
  bytesPerSecond: number | null;
  fmaFlopsPerSecond: number | null;
  launchOverheadSeconds: number | null;
  software: boolean;
}

/** A prediction on a measured device, or why there is none. */
export type MeasuredPrediction =
  | { ok: true; prediction: KernelPrediction }
  | {
      ok: false;
      /** The roofs still to measure; empty when the work is of a kind nothing measured covers. */
      missing: MeasuredRoof[];
      message: string;
    };

/**
 * Builds the engine's description of a device from its measured roofs. Throws a RangeError for
 * an empty name, a roof that is not a finite number > 0 (launch overhead may be 0), or a
 * `software` flag that is not a boolean; null or a missing field means "not measured".
 */
export function gpuFromMeasuredRoofs(input: MeasuredRoofsInput): MeasuredDevice {
  if (typeof input.name !== 'string' || input.name.trim() === '') {
    throw new RangeError('a measured device needs a name');
  }
  const optional = (name: string, value: number | null | undefined, zeroAllowed: boolean) => {
    if (value === null || value === undefined) return null;
    if (zeroAllowed) requireNonNegative(name, value);
    else requirePositive(name, value);
    return value;
  };
  const software = input.software ?? false;
  requireBoolean('software', software);
  return {
    kind: 'measured',
    name: input.name.trim(),
    bytesPerSecond: optional('bytesPerSecond', input.bytesPerSecond, false),
    fmaFlopsPerSecond: optional('fmaFlopsPerSecond', input.fmaFlopsPerSecond, false),
    launchOverheadSeconds: optional('launchOverheadSeconds', input.launchOverheadSeconds, true),
    software,
  };
}

/** The roofs of `device` that were not measured, in a fixed order. */
export function missingRoofs(device: MeasuredDevice): MeasuredRoof[] {
  const missing: MeasuredRoof[] = [];
  if (device.bytesPerSecond === null) missing.push('bandwidth');
  if (device.fmaFlopsPerSecond === null) missing.push('fma');
  if (device.launchOverheadSeconds === null) missing.push('launch overhead');
  return missing;
}

/** Words for a roof in the "measure first" message. */
const ROOF_WORDS: Record<MeasuredRoof, string> = {
  bandwidth: 'memory bandwidth',
  fma: 'FMA throughput',
  'launch overhead': 'launch overhead',
};

/**
 * Predicts `descriptor` on a measured device with the same roofline core as the catalog:
 * launch overhead + max(bytes read and written / bandwidth, FLOPs / FMA throughput), every kind
 * of FP32 work (matmul included) on the measured FMA rate. Returns `ok: false` when a roof was
 * not measured, or when the work is not FP32; throws like `predictKernelOn` for a descriptor
 * that is not valid or a result that overflows.
 */
export function predictKernelOnMeasured(
  device: MeasuredDevice,
  descriptor: KernelDescriptor,
): MeasuredPrediction {
  validateDescriptor(descriptor);
  const missing = missingRoofs(device);
  const { bytesPerSecond, fmaFlopsPerSecond, launchOverheadSeconds } = device;
  if (bytesPerSecond === null || fmaFlopsPerSecond === null || launchOverheadSeconds === null) {
    return {
      ok: false,
      missing,
      message: `Measure the roofs first: the ${missing.map((r) => ROOF_WORDS[r]).join(', ')} of ${device.name} ${missing.length === 1 ? 'has' : 'have'} not been measured.`,
    };
  }
  if (descriptor.precision !== 'fp32') {
    return {
      ok: false,
      missing: [],
      message: `Only FP32 arithmetic was measured on ${device.name}, so ${descriptor.precision} work cannot be predicted for it.`,
    };
  }
  return {
    ok: true,
    prediction: rooflinePrediction(descriptor, {
      bytesPerSecond,
      flopsPerSecond: fmaFlopsPerSecond,
      launchSeconds: launchOverheadSeconds,
      unit: 'cuda-core',
      geometry: { utilization: 1, waves: null },
    }),
  };
}
