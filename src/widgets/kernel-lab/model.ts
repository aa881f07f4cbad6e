/**
 * The modeled side of the lab: the catalog GPUs a learner can compare with, the engine's
 * prediction of a descriptor on one of them, and its roofs for the plot. Pure (the cost engine
 * has no DOM and no WebGPU).
 */
import {
  achievableMemoryBytesPerSecond,
  attainableFlopsPerSecond,
  predictKernel,
  type KernelDescriptor,
} from '../../engine/models';
import { getGpu, listGpus } from '../../engine/catalog';
import type { ModeledKernel } from './compare';

/** The catalog GPU the lab compares with unless the learner picks another. */
export const DEFAULT_CATALOG_GPU = 'a100-sxm-80gb';

/** Catalog GPUs, by id and name, in catalog order. */
export function catalogChoices(): Array<{ id: string; name: string }> {
  return listGpus().map((g) => ({ id: g.id, name: g.name }));
}

/** The name of a catalog GPU. */
export function catalogName(gpuId: string): string {
  return getGpu(gpuId).name;
}

/** The engine's prediction for `descriptor` on `gpuId`, with the roofs it used. */
export function predictModeled(gpuId: string, descriptor: KernelDescriptor): ModeledKernel {
  const p = predictKernel(gpuId, descriptor);
  return {
    seconds: p.seconds,
    bound: p.bound,
    launchSeconds: p.launchSeconds,
    roofBytesPerSecond: p.bytesPerSecond,
    roofFlopsPerSecond: p.flopsPerSecond,
  };
}

/**
 * The catalog GPU's roofs for plain FP32 shader work: achievable DRAM bandwidth, and the
 * achievable FP32 rate of its CUDA cores (what the FMA kernel and the elementwise kernels use).
 */
export function catalogRoofs(gpuId: string): { bytesPerSecond: number; flopsPerSecond: number } {
  return {
    bytesPerSecond: achievableMemoryBytesPerSecond(getGpu(gpuId)),
    flopsPerSecond: attainableFlopsPerSecond(gpuId, 'other', 'fp32', Number.MAX_SAFE_INTEGER),
  };
}
