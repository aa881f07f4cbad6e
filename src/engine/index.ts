/** The cost engine's public API: pure TypeScript, no React, no DOM, no WebGPU. */
export { amdahlLimit, amdahlSpeedup } from './amdahl';
export { predictTaskBatch, type TaskBatchInput, type TaskBatchPrediction } from './batch';
export { CALIBRATION_CASES, relativeError, type CalibrationCase } from './calibration';
export {
  predictAllReduce,
  predictBroadcast,
  predictGather,
  predictMultiNodeAllReduce,
  predictReduce,
  predictScatter,
  type CollectiveInput,
  type CollectivePrediction,
  type MultiNodeAllReduceInput,
} from './collectives';
export type { CpuId, CpuSpec } from './cpus';
export {
  CPU_ACHIEVABLE_FLOPS_SHARE,
  CPU_ACHIEVABLE_MEMORY_SHARE,
  predictCpuKernel,
  type CpuKernelPrediction,
} from './cpu-kernel';
export {
  arithmeticIntensity,
  bytesPerElement,
  copyDescriptor,
  elementwiseDescriptor,
  KERNEL_KINDS,
  MATMUL_TILE,
  matmulDescriptor,
  PRECISIONS,
  reductionDescriptor,
  validateDescriptor,
  type KernelDescriptor,
  type KernelKind,
  type Precision,
} from './descriptor';
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
  achievableMemoryBytesPerSecond,
  attainableFlopsPerSecond,
  chooseUnit,
  predictKernel,
  predictKernelOn,
  ridgeIntensity,
  type KernelBound,
  type KernelPrediction,
  type UnitChoice,
} from './kernel';
export {
  LINK_IDS,
  PAGEABLE_STAGING_BYTES_PER_SECOND,
  TRANSFER_DIRECTIONS,
  type LinkId,
  type LinkSpec,
  type TransferDirection,
} from './links';
export * from './network';
export { peerLinksOf, requirePeerLink } from './peer-links';
export {
  predictScenario,
  runScenarios,
  SCENARIO_OPS,
  type ScenarioAnswer,
  type ScenarioId,
  type ScenarioResult,
  type ScenarioRun,
} from './scenarios';
export {
  buildTimeline,
  type StreamOp,
  type Timeline,
  type TimelineEngine,
  type TimelineEvent,
  type WaitReason,
} from './timeline';
export {
  linkBytesPerSecond,
  predictTransfer,
  resolveLink,
  type TransferInput,
  type TransferPrediction,
} from './transfer';
export {
  gpuWaveSchedule,
  MAX_THREADS_PER_BLOCK,
  scheduleWaves,
  type WaveInput,
  type WaveSchedule,
} from './waves';
