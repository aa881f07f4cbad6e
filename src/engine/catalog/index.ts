/**
 * The hardware catalog's public face: GPUs, CPUs, host links and interconnects with their sourced
 * figures, by id. Pure data and lookups; the models that turn it into predictions are in
 * ../models.
 */
export type { Figure, FigureKind } from './figure';
export type { CatalogGpuId, GpuId, TensorPrecision } from './gpus';
export { MY_MACHINE_ID } from './gpus';
export {
  CPU_IDS,
  GPU_IDS,
  getCpu,
  getGpu,
  getLink,
  gpuIds,
  isCpuId,
  isGpuId,
  isLinkId,
  linkIds,
  listGpus,
  myMachine,
  setMyMachine,
  smAnatomyOf,
  type Gpu,
  type MyMachineEntry,
} from './hardware';
export {
  MACHINE_REPORT_RANGES,
  MAX_MACHINE_REPORT_CHARS,
  parseMachineReport,
  readMachineReport,
  type MachineReport,
  type MachineReportResult,
} from './machine-report';
export { architectureFamily, myMachineEntry, referenceGpuFor } from './my-machine';
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
  MY_MACHINE_LINK_ID,
  PAGEABLE_STAGING_BYTES_PER_SECOND,
  TRANSFER_DIRECTIONS,
  type CatalogLinkId,
  type LinkId,
  type LinkSpec,
  type TransferDirection,
} from './links';
export { estimate, figuresIn, measured, vendor } from './figure';
export { SM_ANATOMY, type SmAnatomy } from './sm-anatomy';
export { MEMORY_LATENCY_CYCLES, memoryLatencySeconds } from './memory-latency';
