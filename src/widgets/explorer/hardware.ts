/**
 * The hardware the explorer shows: a catalog GPU as it is, or one with the learner's own SM and
 * core counts. A hand-set GPU keeps its base GPU's clock, per-SM tensor cores, memory and
 * bandwidth; its peaks scale with the cores (FP32) and the SMs (tensor cores), which is how
 * the catalog's own peaks are built (cores × 2 FLOPs per FMA × clock).
 */
import {
  getGpu,
  type Figure,
  type Gpu,
  type GpuId,
  type TensorPrecision,
} from '../../engine/catalog';
import { estimate } from '../../engine/catalog';
import { smAnatomyOf, type SmAnatomy } from '../../engine/catalog';

/** Tensor precisions in the order the totals list them. */
export const TENSOR_PRECISIONS: readonly TensorPrecision[] = ['tf32', 'fp16', 'bf16', 'fp8'];

/** One peak throughput line of the totals. */
export interface PeakLine {
  /** 'fp32 (CUDA cores)' or a tensor precision. */
  label: string;
  flopsPerSecond: Figure;
}

/** Everything the explorer draws and totals for one GPU. */
export interface ExplorerHardware {
  /** The catalog GPU the figures come from. */
  base: Gpu;
  /** True when SMs or cores per SM differ from the catalog's. */
  custom: boolean;
  name: string;
  sms: number;
  coresPerSm: number;
  cudaCores: number;
  tensorCoresPerSm: number;
  tensorCores: number;
  /** The GPU as the cost engine's formulas see it, with the counts and peaks above. */
  gpu: Gpu;
  peaks: PeakLine[];
  anatomy: SmAnatomy;
}

/** The word the vendor uses for an SM (Apple calls them GPU cores). */
export function smWord(base: Gpu): string {
  return base.id === 'apple-m2' ? 'GPU core' : 'SM';
}

/** A catalog figure scaled by `factor`, marked as our estimate with how it was derived. */
function scaled(figure: Figure, factor: number, how: string): Figure {
  if (factor === 1) return figure;
  return estimate(figure.value * factor, figure.unit, figure.source, how);
}

/** The catalog's cores per SM for a GPU (every catalog GPU divides evenly). */
export function catalogCoresPerSm(base: Gpu): number {
  return base.fp32Cores.value / base.sms.value;
}

/**
 * The explorer's hardware for catalog GPU `baseId` with `sms` SMs of `coresPerSm` FP32 cores
 * (the catalog's own counts when left out).
 */
export function explorerHardware(
  baseId: GpuId,
  sms?: number,
  coresPerSm?: number,
): ExplorerHardware {
  const base = getGpu(baseId);
  const baseSms = base.sms.value;
  const smCount = sms ?? baseSms;
  const perSm = coresPerSm ?? catalogCoresPerSm(base);
  if (!Number.isInteger(smCount) || smCount < 1) {
    throw new RangeError(`sms must be a whole number >= 1, got ${String(smCount)}`);
  }
  if (!Number.isInteger(perSm) || perSm < 1) {
    throw new RangeError(`coresPerSm must be a whole number >= 1, got ${String(perSm)}`);
  }
  const cudaCores = smCount * perSm;
  const custom = smCount !== baseSms || perSm !== catalogCoresPerSm(base);
  const tensorCoresPerSm = base.tensorCores.value / baseSms;
  const coreFactor = cudaCores / base.fp32Cores.value;
  const smFactor = smCount / baseSms;
  const coreNote = `scaled from ${base.name}: ${cudaCores} cores / ${base.fp32Cores.value}`;
  const smNote = `scaled from ${base.name}: ${smCount} SMs / ${baseSms}`;

  const tensorPeaks: Partial<Record<TensorPrecision, Figure>> = {};
  for (const precision of TENSOR_PRECISIONS) {
    const peak = base.peakFlopsPerSecond['tensor-core'][precision];
    if (peak) tensorPeaks[precision] = scaled(peak, smFactor, smNote);
  }
  const fp32 = scaled(base.peakFlopsPerSecond['cuda-core'].fp32, coreFactor, coreNote);
  const gpu: Gpu = {
    ...base,
    sms: scaled(base.sms, smFactor, 'set by hand'),
    fp32Cores: scaled(base.fp32Cores, coreFactor, 'set by hand'),
    tensorCores: scaled(base.tensorCores, smFactor, smNote),
    peakFlopsPerSecond: { 'cuda-core': { fp32 }, 'tensor-core': tensorPeaks },
  };
  const peaks: PeakLine[] = [{ label: 'FP32 (CUDA cores)', flopsPerSecond: fp32 }];
  for (const precision of TENSOR_PRECISIONS) {
    const peak = tensorPeaks[precision];
    if (peak)
      peaks.push({ label: `${precision.toUpperCase()} (tensor cores)`, flopsPerSecond: peak });
  }
  return {
    base,
    custom,
    name: custom ? `Custom GPU based on ${base.name}` : base.name,
    sms: smCount,
    coresPerSm: perSm,
    cudaCores,
    tensorCoresPerSm,
    tensorCores: smCount * tensorCoresPerSm,
    gpu,
    peaks,
    anatomy: smAnatomyOf(base.id),
  };
}
