/** The hardware catalog: GPUs with their achievable fractions, CPUs and host links, by id. */
import { CPU_SPECS, type CpuId, type CpuSpec } from './cpus';
import { ACHIEVABLE, type GpuAchievable } from './efficiency';
import { GPU_SPECS, type GpuId, type GpuSpec, type TensorPrecision } from './gpus';
import { LINK_IDS, LINKS, type LinkId, type LinkSpec } from './links';

/** A GPU as the models see it: datasheet figures plus achievable fractions of each peak. */
export interface Gpu extends GpuSpec {
  achievable: GpuAchievable;
}

/** Every GPU id, in catalog order (the order of `GPU_SPECS`). */
export const GPU_IDS = Object.keys(GPU_SPECS) as readonly GpuId[];

/** Every CPU id, in catalog order. */
export const CPU_IDS: readonly CpuId[] = ['i9-14900k'];

const GPUS: Readonly<Record<GpuId, Gpu>> = Object.fromEntries(
  GPU_IDS.map((id) => [id, { ...GPU_SPECS[id], achievable: ACHIEVABLE[id] }]),
) as Record<GpuId, Gpu>;

/** The whole catalog, read-only. */
export const HARDWARE: Readonly<{
  gpus: Readonly<Record<GpuId, Gpu>>;
  cpus: Readonly<Record<CpuId, CpuSpec>>;
  links: Readonly<Record<LinkId, LinkSpec>>;
}> = { gpus: GPUS, cpus: CPU_SPECS, links: LINKS };

/** True when `id` names a GPU in the catalog. */
export function isGpuId(id: unknown): id is GpuId {
  return typeof id === 'string' && (GPU_IDS as readonly string[]).includes(id);
}

/** True when `id` names a CPU in the catalog. */
export function isCpuId(id: unknown): id is CpuId {
  return typeof id === 'string' && (CPU_IDS as readonly string[]).includes(id);
}

/** True when `id` names a host link in the catalog. */
export function isLinkId(id: unknown): id is LinkId {
  return typeof id === 'string' && (LINK_IDS as readonly string[]).includes(id);
}

function unknownId(what: string, id: unknown, known: readonly string[]): RangeError {
  const shown = typeof id === 'string' ? `"${id}"` : String(id);
  return new RangeError(`unknown ${what} id ${shown}; known: ${known.join(', ')}`);
}

/** The GPU with this id; throws a RangeError naming the id when there is none. */
export function getGpu(id: string): Gpu {
  if (!isGpuId(id)) throw unknownId('gpu', id, GPU_IDS);
  return GPUS[id];
}

/** The CPU with this id; throws a RangeError naming the id when there is none. */
export function getCpu(id: string): CpuSpec {
  if (!isCpuId(id)) throw unknownId('cpu', id, CPU_IDS);
  return CPU_SPECS[id];
}

/** The host link with this id; throws a RangeError naming the id when there is none. */
export function getLink(id: string): LinkSpec {
  if (!isLinkId(id)) throw unknownId('link', id, LINK_IDS);
  return LINKS[id];
}

/** Every GPU, in catalog order. */
export function listGpus(): Gpu[] {
  return GPU_IDS.map((id) => GPUS[id]);
}

/** Every CPU, in catalog order. */
export function listCpus(): CpuSpec[] {
  return CPU_IDS.map((id) => CPU_SPECS[id]);
}

/** Every host link, in catalog order. */
export function listLinks(): LinkSpec[] {
  return LINK_IDS.map((id) => LINKS[id]);
}

/** Tensor precisions in the order tensor cores gained them. */
const TENSOR_PRECISION_ORDER: readonly TensorPrecision[] = ['fp16', 'tf32', 'bf16', 'fp8'];

/**
 * The precisions `gpu` runs on tensor cores (a peak and an achievable fraction in the catalog):
 * ['fp16'] on V100 and T4, [] without tensor cores. A single matmul in any other precision
 * falls back to the FP32 lanes (fp8 is refused); a training-precision choice such as bf16 AMP
 * should check this list and refuse instead.
 */
export function tensorPrecisionsOf(gpu: Gpu): TensorPrecision[] {
  const peaks = gpu.peakFlopsPerSecond['tensor-core'];
  return TENSOR_PRECISION_ORDER.filter(
    (p) => peaks[p] !== undefined && gpu.achievable.tensorMatmul[p] !== undefined,
  );
}
