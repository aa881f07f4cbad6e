/**
 * The cost models' public face: kernels (roofline and waves), transfers, collectives, stream
 * timelines, Amdahl, task batches, whole networks and the `predict` scenarios. Pure TypeScript
 * over the catalog: no React, no DOM, no WebGPU.
 */
export { amdahlLimit, amdahlSpeedup } from './amdahl';
export { predictTaskBatch } from './batch';
export {
  predictAllGather,
  predictAllReduce,
  predictMultiNodeAllReduce,
  predictMultiNodeRing,
  predictReduceScatter,
  RING_COLLECTIVE_KINDS,
  type CollectivePrediction,
  type RingCollectiveKind,
} from './collectives';
export { predictCpuKernel } from './cpu-kernel';
export {
  bytesPerElement,
  copyDescriptor,
  elementwiseDescriptor,
  KERNEL_KINDS,
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
} from './kernel';
export * from './network';
export * from './serving';
export * from './parallel';
export { peerLinksOf } from './peer-links';
export { predictScenario, runScenarios } from './scenarios';
export { buildTimeline, type StreamOp, type Timeline, type TimelineEvent } from './timeline';
export { linkBytesPerSecond, predictTransfer } from './transfer';
export { gpuWaveSchedule, scheduleWaves, type WaveSchedule } from './waves';
export {
  gpuFromMeasuredRoofs,
  predictKernelOnMeasured,
  type MeasuredDevice,
} from './measured-device';
