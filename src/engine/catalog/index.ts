/**
 * The hardware catalog's public face: GPUs, CPUs, host links and interconnects with their sourced
 * figures, by id. Pure data and lookups; the models that turn it into predictions are in
 * ../models.
 */
export type { Figure, FigureKind } from './figure';
export type { GpuId, TensorPrecision } from './gpus';
export {
  CPU_IDS,
  GPU_IDS,
  getCpu,
  getGpu,
  getLink,
  isCpuId,
  isGpuId,
  isLinkId,
  listGpus,
  type Gpu,
} from './hardware';
export {
  achievableBusBytesPerSecond,
  getInterconnect,
  INTERCONNECT_IDS,
  INTERCONNECTS,
  isInterconnectId,
  type InterconnectId,
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
