/**
 * The hardware catalog's public face: GPUs, CPUs, host links and interconnects with their sourced
 * figures, by id. Pure data and lookups; the models that turn it into predictions are in
 * ../models.
 */
export type { CpuId, CpuSpec } from './cpus';
export type { GpuAchievable } from './efficiency';
export type { Figure, FigureKind } from './figure';
export type { ComputeUnit, GpuId, GpuSpec, TensorPrecision } from './gpus';
export {
  CPU_IDS,
  GPU_IDS,
  getCpu,
  getGpu,
  getLink,
  HARDWARE,
  isCpuId,
  isGpuId,
  isLinkId,
  listCpus,
  listGpus,
  listLinks,
  tensorPrecisionsOf,
  type Gpu,
} from './hardware';
export {
  achievableBusBytesPerSecond,
  getInterconnect,
  INTERCONNECT_IDS,
  INTERCONNECTS,
  isInterconnectId,
  listInterconnects,
  type InterconnectId,
  type InterconnectScope,
  type InterconnectSpec,
} from './interconnects';
export {
  LINK_IDS,
  PAGEABLE_STAGING_BYTES_PER_SECOND,
  TRANSFER_DIRECTIONS,
  type LinkId,
  type LinkSpec,
  type TransferDirection,
} from './links';
export { estimate, figuresIn, measured, vendor } from './figure';
export { SM_ANATOMY, type SmAnatomy } from './sm-anatomy';
