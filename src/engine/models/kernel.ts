/**
 * The roofline model of one kernel: launch overhead plus the larger of its memory time (bytes
 * moved over achievable bandwidth) and its compute time (FLOPs over the achievable throughput
 * of the unit it runs on). Launch geometry, when given, stretches the compute time by the wave
 * tail: SMs left idle in a partial last wave do no arithmetic. Memory time is left alone, on the
 * assumption that the SMs still busy can keep the memory system saturated (true for the grids
 * real kernels launch; a grid of a handful of blocks would do worse).
 */
import {
  arithmeticIntensity,
  KERNEL_KINDS,
  PRECISIONS,
  validateDescriptor,
  type KernelDescriptor,
  type KernelKind,
  type Precision,
} from './descriptor';
import type { Figure } from '../catalog/figure';
import type { ComputeUnit } from '../catalog/gpus';
import { getGpu, type Gpu } from '../catalog/hardware';
import { finiteResult, requireNonNegative, requireOneOf } from './validate';
import { scheduleWaves } from './waves';

/** What limits a kernel's time. */
export type KernelBound = 'memory' | 'compute' | 'overhead';

/** A kernel's predicted time and how it breaks down. */
export interface KernelPrediction {
  seconds: number;
  memorySeconds: number;
  computeSeconds: number;
  launchSeconds: number;
  /** 'overhead' when the launch costs more than the work itself. */
  bound: KernelBound;
  unit: ComputeUnit;
  /** Achievable DRAM bandwidth the memory time uses. */
  bytesPerSecond: number;
  /** Achievable throughput of `unit` at this precision. */
  flopsPerSecond: number;
  /** FLOPs per byte moved; null for a kernel that moves no bytes. */
  arithmeticIntensity: number | null;
  /** Share of the GPU's block slots the launch geometry keeps busy; 1 without geometry. */
  waveUtilization: number;
  /** Waves of blocks, or null when the descriptor has no geometry. */
  waves: number | null;
}

/** The unit a kind of work at a precision runs on, with that unit's peak and achievable share. */
export interface UnitChoice {
  unit: ComputeUnit;
  peakFlopsPerSecond: Figure;
  achievableFraction: Figure;
}

/**
 * Picks the unit: tensor cores for tf32/fp16/bf16/fp8 matmul where the GPU has them, CUDA
 * cores for everything else. A GPU without tensor cores runs tf32, fp16 and bf16 matmul on its
 * FP32 lanes at the FP32 rate (a simplification: some can pack two fp16 ops per lane); it
 * cannot run an fp8 matmul at all.
 */
export function chooseUnit(gpu: Gpu, kind: KernelKind, precision: Precision): UnitChoice {
  requireOneOf('kind', kind, KERNEL_KINDS);
  requireOneOf('precision', precision, PRECISIONS);
  const cudaPeak = gpu.peakFlopsPerSecond['cuda-core'].fp32;
  if (kind !== 'matmul') {
    return {
      unit: 'cuda-core',
      peakFlopsPerSecond: cudaPeak,
      achievableFraction: gpu.achievable.cudaCoreArithmetic,
    };
  }
  if (precision !== 'fp32') {
    const peak = gpu.peakFlopsPerSecond['tensor-core'][precision];
    const fraction = gpu.achievable.tensorMatmul[precision];
    if (peak !== undefined && fraction !== undefined) {
      return { unit: 'tensor-core', peakFlopsPerSecond: peak, achievableFraction: fraction };
    }
    if (precision === 'fp8') {
      throw new RangeError(
        `gpu "${gpu.id}" has no fp8 tensor cores, so it cannot run an fp8 matmul`,
      );
    }
  }
  return {
    unit: 'cuda-core',
    peakFlopsPerSecond: cudaPeak,
    achievableFraction: gpu.achievable.cudaCoreMatmul,
  };
}

/** Achievable DRAM bytes per second of a GPU: datasheet bandwidth times its measured share. */
export function achievableMemoryBytesPerSecond(gpu: Gpu): number {
  return gpu.memoryBytesPerSecond.value * gpu.achievable.memory.value;
}

/** Predicts how long `descriptor` takes on the GPU `gpuId`. */
export function predictKernel(gpuId: string, descriptor: KernelDescriptor): KernelPrediction {
  return predictKernelOn(getGpu(gpuId), descriptor);
}

/**
 * The same prediction for a GPU given as a spec rather than a catalog id, such as one whose SM
 * count a learner set by hand in the explorer.
 */
export function predictKernelOn(gpu: Gpu, descriptor: KernelDescriptor): KernelPrediction {
  validateDescriptor(descriptor);
  checkFootprint(gpu, descriptor);
  const choice = chooseUnit(gpu, descriptor.kind, descriptor.precision);
  return rooflinePrediction(descriptor, {
    bytesPerSecond: achievableMemoryBytesPerSecond(gpu),
    flopsPerSecond: choice.peakFlopsPerSecond.value * choice.achievableFraction.value,
    launchSeconds: gpu.launchOverheadSeconds.value,
    unit: choice.unit,
    geometry: waveGeometry(gpu, descriptor),
  });
}

/** The rates a roofline prediction uses, whatever device they describe. */
export interface RooflineRoofs {
  /** Bytes per second the memory time divides by. */
  bytesPerSecond: number;
  /** FLOPs per second the compute time divides by. */
  flopsPerSecond: number;
  launchSeconds: number;
  unit: ComputeUnit;
  /** Wave tail of the launch geometry: utilization 1 and waves null when it is not modeled. */
  geometry: { utilization: number; waves: number | null };
}

/**
 * The roofline core shared by catalog GPUs (`predictKernelOn`) and a device described by its
 * measured roofs (`measured-device.ts`): launch plus the larger of bytes over bandwidth and
 * FLOPs over throughput (stretched by the wave tail). Expects a validated descriptor.
 */
export function rooflinePrediction(
  descriptor: KernelDescriptor,
  roofs: RooflineRoofs,
): KernelPrediction {
  const { bytesPerSecond, flopsPerSecond, launchSeconds, geometry } = roofs;
  const rates = { bytesPerSecond, flopsPerSecond, overheadSeconds: launchSeconds };
  const time = rooflineTime(descriptor, { ...rates, utilization: geometry.utilization });
  return {
    seconds: time.seconds,
    memorySeconds: time.memorySeconds,
    computeSeconds: time.computeSeconds,
    launchSeconds,
    bound: time.bound,
    unit: roofs.unit,
    bytesPerSecond,
    flopsPerSecond,
    arithmeticIntensity: arithmeticIntensity(descriptor),
    waveUtilization: geometry.utilization,
    waves: geometry.waves,
  };
}

/** The rates a roofline time divides by, and what is paid before any work. */
export interface RooflineRates {
  bytesPerSecond: number;
  flopsPerSecond: number;
  /** A fixed cost paid once: a kernel launch, or waking a CPU's worker threads. */
  overheadSeconds: number;
  /** Share of the compute units kept busy (the wave tail); 1 when not modeled. */
  utilization?: number;
}

/** A roofline's time and what bounds it. */
export interface RooflineTime {
  seconds: number;
  memorySeconds: number;
  computeSeconds: number;
  bound: KernelBound;
}

/**
 * The roofline of a validated descriptor on any device, GPU or CPU: overhead plus the larger of
 * bytes over bandwidth and FLOPs over throughput (stretched by `utilization`); 'overhead' bounds
 * it when the overhead costs more than the work. `device` prefixes the names errors give
 * ('CPU ').
 */
export function rooflineTime(
  descriptor: KernelDescriptor,
  rates: RooflineRates,
  device = '',
): RooflineTime {
  const { bytesPerSecond, flopsPerSecond, overheadSeconds, utilization = 1 } = rates;
  const bytes = descriptor.bytesRead + descriptor.bytesWritten;
  const memorySeconds = finiteResult(`${device}memory seconds`, bytes / bytesPerSecond);
  const computeSeconds = finiteResult(
    `${device}compute seconds`,
    descriptor.flops / flopsPerSecond / utilization,
  );
  const workSeconds = Math.max(memorySeconds, computeSeconds);
  const bound: KernelBound =
    overheadSeconds >= workSeconds
      ? 'overhead'
      : memorySeconds >= computeSeconds
        ? 'memory'
        : 'compute';
  const seconds = finiteResult(`${device}kernel seconds`, overheadSeconds + workSeconds);
  return { seconds, memorySeconds, computeSeconds, bound };
}

/**
 * The roofline itself: FLOP/s attainable at `intensity` FLOPs per byte, the lesser of the
 * unit's achievable throughput and intensity times achievable bandwidth.
 */
export function attainableFlopsPerSecond(
  gpuId: string,
  kind: KernelKind,
  precision: Precision,
  intensity: number,
): number {
  requireNonNegative('intensity', intensity);
  const gpu = getGpu(gpuId);
  const choice = chooseUnit(gpu, kind, precision);
  const computeCeiling = choice.peakFlopsPerSecond.value * choice.achievableFraction.value;
  return finiteResult(
    'attainable FLOP/s',
    Math.min(computeCeiling, intensity * achievableMemoryBytesPerSecond(gpu)),
  );
}

/** The intensity (FLOPs per byte) where a kernel stops being memory bound: the roofline's knee. */
export function ridgeIntensity(gpuId: string, kind: KernelKind, precision: Precision): number {
  const gpu = getGpu(gpuId);
  const choice = chooseUnit(gpu, kind, precision);
  return (
    (choice.peakFlopsPerSecond.value * choice.achievableFraction.value) /
    achievableMemoryBytesPerSecond(gpu)
  );
}

function checkFootprint(gpu: Gpu, descriptor: KernelDescriptor): void {
  const footprint = descriptor.footprintBytes;
  if (footprint !== undefined && footprint > gpu.memoryBytes.value) {
    throw new RangeError(
      `${descriptor.name} needs ${footprint} bytes of device memory but gpu "${gpu.id}" has ${gpu.memoryBytes.value}`,
    );
  }
}

function waveGeometry(
  gpu: Gpu,
  descriptor: KernelDescriptor,
): { utilization: number; waves: number | null } {
  if (descriptor.blocks === undefined || descriptor.threadsPerBlock === undefined) {
    return { utilization: 1, waves: null };
  }
  const schedule = scheduleWaves({
    blocks: descriptor.blocks,
    threadsPerBlock: descriptor.threadsPerBlock,
    sms: gpu.sms.value,
    maxThreadsPerSm: gpu.maxThreadsPerSm.value,
    maxBlocksPerSm: gpu.maxBlocksPerSm.value,
    ...(descriptor.blocksPerSm === undefined ? {} : { blocksPerSmLimit: descriptor.blocksPerSm }),
  });
  return { utilization: schedule.utilization, waves: schedule.waves };
}
