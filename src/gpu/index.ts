/**
 * The WebGPU runtime's public face: widgets, stores, experiments, the puzzles' page and the bench
 * import from here and nowhere deeper (a lint rule holds them to it). It knows no widget: a
 * caller names a kernel and a size and passes its own timing options. Grouped by what they are
 * for; each name is documented where it is defined.
 *
 * - Devices: acquire one, or share the page's; what an adapter is and offers.
 * - Kernels: measure one by name at a size (`measureKernel`), plan one without a device
 *   (`planKernel`); the lab kernels, in the registry's order, with their facets.
 * - Measurements that are not one kernel at one size: the device's roofs and its copy engine,
 *   the tuned matmul's sweep, the CPU-vs-GPU race, transfer bandwidth, WGSL a learner wrote.
 */

// Devices and adapters.
export { acquireGpu, forgetSharedGpu, shareGpu } from './device';
export type { AcquireGpuOptions, GpuAcquisition, GpuAdapterSummary, GpuContext } from './device';
export { withSharedGpu, type SharedGpu } from './shared-gpu';
export { adapterFacts, adapterLabel, copyLimits, type AdapterFacts } from './adapter-summary';
export { timestampSupport, type TimestampSupport } from './measure/submissions';
export { timestampSeconds } from './timing/gpu-batch-timer';
export { tensorCoreSupport, TENSOR_CORE_FEATURES } from './kernels/matmul-subgroup-matrix';

// Kernels, by name.
export {
  measureKernel,
  type KernelMeasurement,
  type LabRun,
  type MeasureKernelOptions,
} from './measure/measure-kernel';
export type { JobProgress } from './jobs/measure-job';
export type { RoundTripMeasurement } from './measure/round-trips';
export type { SubmissionsMeasurement, SubmitReadings } from './measure/submissions';
export { planKernel, type KernelName, type KernelSize } from './kernels/registry';
export {
  describeSize,
  LAB_KERNEL_IDS,
  LAB_KERNELS,
  type LabKernelId,
  type LabKernelInfo,
} from './kernels/lab-kernels';
export { isMatmulSize, type BenchSize, type LabSize, type SizeKind } from './sizes/lab-facet';

// Roofs and the tuned matmul's sweep.
export {
  measureCopyEngine,
  measureRoofs,
  ROOF_KERNELS,
  type DeviceRoofs,
  type RoofProgress,
} from './measure/roofs';
export { scaleToTarget } from './measure/roof-sizes';
export { roofFraction, type MeasuredRoofs, type RoofFraction } from './measure/roof-fraction';
export { matmulSweepEdge, matmulTileChoice, sweepMatmulTiles } from './measure/matmul-sweep';
export { describeTile, MATMUL_TILES, tileId } from './kernels/matmul-tuned/matmul-tuned';

// Other measurements.
export { runRaceOnGpu } from './kernels/race/run';
export { measureTransferBandwidth, type BandwidthPoint } from './transfer-bench';
export {
  buildLearnerProgram,
  measureLearnerProgram,
  runLearnerProgram,
  type LearnerBuild,
  type LearnerPipeline,
  type LearnerProgram,
  type LearnerRun,
} from './learner-program';

// Triton kernels compiled to WGSL (src/triton/wgsl) and run on a device.
export {
  prepareTritonLaunch,
  runTritonOnGpu,
  type TritonGpuLaunch,
  type TritonGpuOptions,
} from './triton-runner';
