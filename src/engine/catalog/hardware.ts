/** The hardware catalog: GPUs with their achievable fractions, CPUs and host links, by id. */
import { CPU_SPECS, type CpuId, type CpuSpec } from './cpus';
import { ACHIEVABLE, type GpuAchievable } from './efficiency';
import {
  GPU_SPECS,
  MY_MACHINE_ID,
  type CatalogGpuId,
  type GpuId,
  type GpuSpec,
  type TensorPrecision,
} from './gpus';
import {
  LINK_IDS,
  LINKS,
  MY_MACHINE_LINK_ID,
  type CatalogLinkId,
  type LinkId,
  type LinkSpec,
} from './links';
import { SM_ANATOMY, type SmAnatomy } from './sm-anatomy';

/** A GPU as the models see it: datasheet figures plus achievable fractions of each peak. */
export interface Gpu extends GpuSpec {
  achievable: GpuAchievable;
}

/** Every catalog GPU id, in catalog order (the order of `GPU_SPECS`). */
export const GPU_IDS = Object.keys(GPU_SPECS) as readonly CatalogGpuId[];

/** Every CPU id, in catalog order. */
export const CPU_IDS: readonly CpuId[] = ['i9-14900k'];

const GPUS: Readonly<Record<CatalogGpuId, Gpu>> = Object.fromEntries(
  GPU_IDS.map((id) => [id, { ...GPU_SPECS[id], achievable: ACHIEVABLE[id] }]),
) as Record<CatalogGpuId, Gpu>;

/** The whole published catalog, read-only (without the learner's own machine). */
export const HARDWARE: Readonly<{
  gpus: Readonly<Record<CatalogGpuId, Gpu>>;
  cpus: Readonly<Record<CpuId, CpuSpec>>;
  links: Readonly<Record<CatalogLinkId, LinkSpec>>;
}> = { gpus: GPUS, cpus: CPU_SPECS, links: LINKS };

/** The learner's own machine as catalog entries: its GPU, its host link and its SM's anatomy. */
export interface MyMachineEntry {
  gpu: Gpu;
  link: LinkSpec;
  anatomy: SmAnatomy;
}

/**
 * The one piece of state in the catalog: the learner's own machine, when they entered one. The
 * page's machine store sets it (and clears it when the learner removes it); the lookups below
 * then treat it like any catalog entry, under MY_MACHINE_ID and MY_MACHINE_LINK_ID.
 */
let myMachineEntry: MyMachineEntry | null = null;

/** Enters (or with null, removes) the learner's own machine; ids must be the my-machine ones. */
export function setMyMachine(entry: MyMachineEntry | null): void {
  if (entry !== null && (entry.gpu.id !== MY_MACHINE_ID || entry.link.id !== MY_MACHINE_LINK_ID)) {
    throw new RangeError(`the learner's machine must use the ids "${MY_MACHINE_ID}"`);
  }
  myMachineEntry = entry;
}

/** The learner's own machine, or null when none was entered. */
export function myMachine(): MyMachineEntry | null {
  return myMachineEntry;
}

/** Every GPU id that can be looked up now: the catalog's, then the learner's machine if entered. */
export function gpuIds(): GpuId[] {
  return myMachineEntry === null ? [...GPU_IDS] : [...GPU_IDS, MY_MACHINE_ID];
}

/** True when `id` names a GPU in the catalog, or the learner's machine once entered. */
export function isGpuId(id: unknown): id is GpuId {
  if (id === MY_MACHINE_ID) return myMachineEntry !== null;
  return typeof id === 'string' && (GPU_IDS as readonly string[]).includes(id);
}

/** True when `id` names a CPU in the catalog. */
export function isCpuId(id: unknown): id is CpuId {
  return typeof id === 'string' && (CPU_IDS as readonly string[]).includes(id);
}

/** True when `id` names a host link in the catalog, or the learner's once entered. */
export function isLinkId(id: unknown): id is LinkId {
  if (id === MY_MACHINE_LINK_ID) return myMachineEntry !== null;
  return typeof id === 'string' && (LINK_IDS as readonly string[]).includes(id);
}

function unknownId(what: string, id: unknown, known: readonly string[]): RangeError {
  const shown = typeof id === 'string' ? `"${id}"` : String(id);
  return new RangeError(`unknown ${what} id ${shown}; known: ${known.join(', ')}`);
}

/** The GPU with this id; throws a RangeError naming the id when there is none. */
export function getGpu(id: string): Gpu {
  if (!isGpuId(id)) {
    if (id === MY_MACHINE_ID) {
      throw new RangeError(
        `no "${MY_MACHINE_ID}" GPU yet: enter your machine's calibration report first (lesson 8)`,
      );
    }
    throw unknownId('gpu', id, gpuIds());
  }
  return id === MY_MACHINE_ID ? myMachineEntry!.gpu : GPUS[id];
}

/** The CPU with this id; throws a RangeError naming the id when there is none. */
export function getCpu(id: string): CpuSpec {
  if (!isCpuId(id)) throw unknownId('cpu', id, CPU_IDS);
  return CPU_SPECS[id];
}

/** The host link with this id; throws a RangeError naming the id when there is none. */
export function getLink(id: string): LinkSpec {
  if (!isLinkId(id)) throw unknownId('link', id, linkIds());
  return id === MY_MACHINE_LINK_ID ? myMachineEntry!.link : LINKS[id];
}

/** Every GPU, in catalog order, then the learner's machine if entered. */
export function listGpus(): Gpu[] {
  return gpuIds().map((id) => getGpu(id));
}

/** Every host link id that can be looked up now: the catalog's, then the learner's if entered. */
export function linkIds(): LinkId[] {
  return myMachineEntry === null ? [...LINK_IDS] : [...LINK_IDS, MY_MACHINE_LINK_ID];
}

/** The anatomy of one SM of a GPU (for the learner's machine, its architecture's, where known). */
export function smAnatomyOf(id: GpuId): SmAnatomy {
  if (id === MY_MACHINE_ID) {
    if (myMachineEntry === null) getGpu(id); // throws the no-machine message
    return myMachineEntry!.anatomy;
  }
  return SM_ANATOMY[id];
}

/** Every CPU, in catalog order. */
export function listCpus(): CpuSpec[] {
  return CPU_IDS.map((id) => CPU_SPECS[id]);
}

/** Every host link, in catalog order, then the learner's if entered. */
export function listLinks(): LinkSpec[] {
  return linkIds().map((id) => getLink(id));
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
