/**
 * Units and figures shared by every NVIDIA entry of the GPU catalog (gpus.ts and the files it
 * gathers), and `nvidiaGpu`, which builds an entry from the few numbers its datasheet gives;
 * kept apart so those files can share them without importing each other.
 */
import { estimate, vendor, type Figure } from './figure';
import type { GpuId, GpuSpec, TensorPrecision } from './gpu-spec';
import type { LinkId } from './links';
import { CUDA_GUIDE_LIMITS, GPU_ALU_LATENCY, LAUNCH_LATENCY } from './sources';

/** 10^12, for TFLOP/s figures. */
export const T = 1e12;
/** 10^9, for GB/s figures. */
export const GB = 1e9;
/** Vendors quote GPU memory in binary gigabytes. */
export const GIB = 2 ** 30;
/** Binary megabytes, as vendors quote L2 sizes. */
const MB = 2 ** 20;

/** Host-side cost of one CUDA kernel launch. */
const NVIDIA_LAUNCH: Figure = estimate(5e-6, 's', LAUNCH_LATENCY, 'middle of the measured 4-6 us');

/** Cycles before a dependent FP32/INT32 op can issue on an NVIDIA SM. */
const NVIDIA_ALU_LATENCY: Figure = estimate(4, 'cycles', GPU_ALU_LATENCY);

/** Resident threads per SM for a compute capability, from the CUDA guide. */
function threadsPerSm(value: number, computeCapability: string): Figure {
  return vendor(value, 'threads', CUDA_GUIDE_LIMITS, `compute capability ${computeCapability}`);
}

/** Resident blocks per SM for a compute capability, from the CUDA guide. */
function blocksPerSm(value: number, computeCapability: string): Figure {
  return vendor(value, 'blocks', CUDA_GUIDE_LIMITS, `compute capability ${computeCapability}`);
}

/** The numbers that tell one NVIDIA GPU's datasheet from another's, all from one `source`. */
export interface NvidiaDatasheet {
  id: GpuId;
  name: string;
  architecture: string;
  /** The datasheet or whitepaper every figure of the entry quotes. */
  source: string;
  chip: { sms: number; fp32Lanes: number; tensorCores: number; boostClockHz: number };
  /** Peak TFLOP/s: FP32 on the CUDA cores, then each precision the tensor cores run. */
  tflops: { fp32: number } & Partial<Record<TensorPrecision, number>>;
  /** DRAM (binary GB, GB/s, its kind as the datasheet names it) and L2 (binary MB). */
  memory: { gib: number; gbPerSecond: number; kind: string; l2Mib: number };
  /** Residency limits of one SM, from the CUDA guide's table for its compute capability. */
  sm: { computeCapability: string; maxThreads: number; maxBlocks: number };
  hostLink: LinkId;
  /** How a figure was derived or what it assumes, where the datasheet number needs a word. */
  notes?: Partial<Record<'boostClockHz' | 'fp32' | TensorPrecision, string>>;
}

/** A catalog entry for an NVIDIA GPU: every figure a vendor peak from its datasheet. */
export function nvidiaGpu(sheet: NvidiaDatasheet): GpuSpec {
  const { chip, memory, sm, source } = sheet;
  const notes = sheet.notes ?? {};
  const { fp32, ...tensorTflops } = sheet.tflops;
  const flops = (tflops: number, note?: string) => vendor(tflops * T, 'FLOP/s', source, note);
  const tensorCore = Object.entries(tensorTflops).map(([precision, tflops]) => {
    return [precision, flops(tflops, notes[precision as TensorPrecision])];
  });
  return {
    id: sheet.id,
    name: sheet.name,
    architecture: sheet.architecture,
    sms: vendor(chip.sms, 'SMs', source),
    fp32Cores: vendor(chip.fp32Lanes, 'lanes', source),
    tensorCores: vendor(chip.tensorCores, 'tensor cores', source),
    boostClockHz: vendor(chip.boostClockHz, 'Hz', source, notes.boostClockHz),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: flops(fp32, notes.fp32) },
      'tensor-core': Object.fromEntries(tensorCore),
    },
    memoryBytes: vendor(memory.gib * GIB, 'B', source, memory.kind),
    memoryBytesPerSecond: vendor(memory.gbPerSecond * GB, 'B/s', source),
    l2Bytes: vendor(memory.l2Mib * MB, 'B', source),
    hostLink: sheet.hostLink,
    maxThreadsPerSm: threadsPerSm(sm.maxThreads, sm.computeCapability),
    maxBlocksPerSm: blocksPerSm(sm.maxBlocks, sm.computeCapability),
    launchOverheadSeconds: NVIDIA_LAUNCH,
    dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
  };
}
