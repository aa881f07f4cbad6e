/**
 * The shape of a catalog GPU's datasheet, and the number formats the catalog speaks of. Types
 * only: the figures are in gpus.ts and gpus-volta-turing.ts.
 */
import type { Figure } from './figure';
import type { LinkId } from './links';

/** Number formats a kernel can compute in. */
export type Precision = 'fp32' | 'tf32' | 'fp16' | 'bf16' | 'fp8';

/** GPUs in the published catalog. */
export type CatalogGpuId =
  | 'a100-sxm-40gb'
  | 'a100-sxm-80gb'
  | 'a100-pcie-40gb'
  | 'h100-sxm'
  | 'h100-pcie'
  | 'h200-sxm'
  | 'v100-sxm2-16gb'
  | 't4'
  | 'rtx-4090'
  | 'rtx-3080'
  | 'gtx-1650'
  | 'apple-m2';

/** The id of the learner's own machine: an entry built from its calibration report (my-machine.ts). */
export const MY_MACHINE_ID = 'my-machine';

/** GPUs the engine can predict for: the catalog's, and the learner's own machine once entered. */
export type GpuId = CatalogGpuId | typeof MY_MACHINE_ID;

/** Precisions that tensor cores run (fp32 matmul runs on CUDA cores). */
export type TensorPrecision = Exclude<Precision, 'fp32'>;

/** The two kinds of arithmetic unit the engine tells apart. */
export type ComputeUnit = 'tensor-core' | 'cuda-core';

/** A GPU's datasheet: counts, clocks, peaks, memory, and the few behaviours the models need. */
export interface GpuSpec {
  id: GpuId;
  name: string;
  architecture: string;
  /** Streaming multiprocessors (NVIDIA) or GPU cores (Apple). */
  sms: Figure;
  /** FP32 lanes ("CUDA cores"; ALUs on Apple). */
  fp32Cores: Figure;
  tensorCores: Figure;
  /** Boost clock the peaks are computed at. */
  boostClockHz: Figure;
  /** Peak FLOP/s per unit: FP32 on CUDA cores, and each precision tensor cores support. */
  peakFlopsPerSecond: {
    'cuda-core': { fp32: Figure };
    'tensor-core': Partial<Record<TensorPrecision, Figure>>;
  };
  memoryBytes: Figure;
  memoryBytesPerSecond: Figure;
  /** Last-level GPU cache; null where the vendor does not publish it. */
  l2Bytes: Figure | null;
  hostLink: LinkId;
  /** Resident threads one SM can hold. */
  maxThreadsPerSm: Figure;
  /** Resident blocks one SM can hold. */
  maxBlocksPerSm: Figure;
  /** Host-side cost of launching one kernel. */
  launchOverheadSeconds: Figure;
  /** Cycles before a dependent simple ALU op can issue after the previous one. */
  dependentOpLatencyCycles: Figure;
  /**
   * Host time of one tiny eager PyTorch op, measured on the machine the entry describes; absent
   * for catalog GPUs, whose host (CPU, Python, driver) differs from server to server.
   */
  hostOpSeconds?: Figure;
}
