/**
 * The cost models' public face: kernels (roofline and waves), transfers, collectives, stream
 * timelines, Amdahl, task batches, whole networks and the `predict` scenarios. Pure TypeScript
 * over the catalog: no React, no DOM, no WebGPU.
 */
export { amdahlLimit, amdahlSpeedup } from './amdahl';
export { predictTaskBatch, type TaskBatchInput, type TaskBatchPrediction } from './batch';
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
export {
  gpuFromMeasuredRoofs,
  missingRoofs,
  predictKernelOnMeasured,
  type MeasuredDevice,
  type MeasuredPrediction,
  type MeasuredRoof,
  type MeasuredRoofsInput,
} from './measured-device';
