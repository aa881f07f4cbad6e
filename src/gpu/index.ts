/**
 * The WebGPU runtime's public surface: widgets, stores and the bench page import from here and
 * nowhere deeper (a lint rule holds them to it). Device acquisition and sharing, the runners
 * that measure real kernels (race, lab, roofs, ReLU for the explorer, tensors for the console,
 * transfers), the kernel registry, and the types their results come in.
 */
export {
  acquireGpu,
  forgetSharedGpu,
  shareGpu,
  unmetLimits,
  SHARED_OPTIONAL_FEATURES,
  type AcquireGpuOptions,
  type GpuAcquisition,
  type GpuAdapterSummary,
  type GpuContext,
  type GpuLossInfo,
  type GpuUnavailableReason,
} from './device';
export { LOST_GPU_MESSAGE, withSharedGpu, type NoSharedGpu, type SharedGpu } from './shared-gpu';
export {
  adapterFacts,
  adapterLabel,
  copyLimits,
  summarizeAdapter,
  type AdapterFacts,
} from './adapter-summary';

export { KERNELS, type KernelName, type LabKernelName } from './kernels/registry';
export type { KernelModule, KernelBinding, KernelEntryPoint } from './kernel-module';
export { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type Grid3, type KernelPlan } from './kernel-plan';

export type { Clock } from '../compute/timing/clock';
export type { Measurement, MeasureProgress, TimingMethod } from '../compute/timing/harness';
export { median, summarizeTimings, type TimingSummary } from '../compute/timing/stats';
export type { JobProgress, MeasuredJob } from './measure';
export { compareU32, describeComparison, type U32Comparison } from '../compute/verify';
export { describeF32Check, type F32Check } from '../compute/verify-f32';

export {
  runRaceOnGpu,
  type GpuRaceOptions,
  type GpuRaceProgress,
  type GpuRaceResult,
} from './kernels/race/run';
export { RACE_OPS_PER_ITERATION, type RaceJob, type RaceRun } from '../compute/race-reference';
export { maxRaceTasks } from './kernels/race/limits';

export {
  countOf,
  describeSize,
  isLabKernelId,
  isMatmulSize,
  labDefaultSize,
  labPlan,
  shapeOf,
  LAB_KERNEL_IDS,
  LAB_KERNELS,
  type CountSize,
  type LabKernelId,
  type LabKernelInfo,
  type LabSize,
  type SizeKind,
} from './lab/lab-kernels';
export {
  runLabKernel,
  type LabMeasureOptions,
  type LabProgress,
  type LabRunOptions,
  type LabRunRequest,
  type LabRunResult,
} from './lab/kernel-runner';
export { fitSize, maxCount, type SizeFit } from './lab/size-limits';
export {
  measureCopyEngine,
  measureRoofs,
  type CopyEngineResult,
  type DeviceRoofs,
  type RoofProgress,
} from './lab/roofs';
export { scaleToTarget } from './lab/roof-sizes';
export { roofFraction, type MeasuredRoofs, type RoofFraction } from './lab/roof-fraction';

export { measureReluOnGpu, type ReluMeasurement } from './relu-runner';
export {
  reluScalarPlan,
  RELU_FLOPS_PER_ELEMENT,
  RELU_MAX_WORKGROUP_SIZE,
} from './kernels/relu/relu';

export {
  deviceHasShaderF16,
  measureHalfMatmul,
  SHADER_F16,
  type HalfMatmulMeasurement,
} from './kernels/matmul-f16/run';
export {
  MATMUL_F16_SIZES,
  type HalfMatmulVariant,
  type MatmulErrors,
} from './kernels/matmul-f16/matmul-f16';

export {
  runBatchedMatmulOnGpu,
  runBinaryElementwiseOnGpu,
  TENSOR_MEASURE_OPTIONS,
} from './tensor-runner';
export type { BinaryOp } from './kernels/binary-elementwise/binary-elementwise';
export type { BatchedMatmulDims } from './kernels/batched-matmul/batched-matmul';

export {
  measureRoundTrip,
  ROUND_TRIP_MEASURE_OPTIONS,
  type RoundTripOptions,
  type RoundTripResult,
} from './round-trip';

export {
  measureTransferBandwidth,
  type BandwidthPoint,
  type BenchDirection,
  type BenchOptions,
  type BenchResult,
} from './transfer-bench';
export {
  BENCH_MAX_CHOICES_BYTES,
  cappedMaxBytes,
  DEFAULT_BENCH_BUDGET_BYTES,
  MIN_BENCH_BYTES,
  planBenchSizes,
} from './transfer-bench-plan';

export {
  timeSubmissions,
  timestampSupport,
  type SubmitClockOptions,
  type SubmitClockResult,
  type SubmitReadings,
  type TimestampSupport,
} from './submit-clocks';
export { timestampSeconds } from './timing/gpu-batch-timer';

export {
  measureDivergence,
  measureStridedRead,
  DIVERGENCE_COUNTS,
  STRIDED_READ_COUNTS,
  type DivergenceMeasurement,
  type StridedReadMeasurement,
  type WarpMeasureOptions,
} from './warp-runner';
export { DIVERGENCE_TRIPS } from './kernels/divergence/divergence';

export {
  buildLearnerProgram,
  measureLearnerProgram,
  runLearnerProgram,
  type LearnerBinding,
  type LearnerBuild,
  type LearnerPipeline,
  type LearnerProgram,
  type LearnerRun,
  type LearnerRunOptions,
} from './learner-program';
export type { ShaderMessage } from './pipelines';

export { matmulSweepEdge, sweepMatmulTiles, type MatmulSweepOptions } from './lab/matmul-sweep';
export {
  describeTile,
  MATMUL_TILES,
  tileId,
  type MatmulTile,
} from './kernels/matmul-tuned/matmul-tuned';
export {
  describeChoice,
  MATMUL_TUNING,
  type TileChoice,
  type TileTrial,
} from './kernels/matmul-tuned/tuning';
export {
  measureSubgroupMatrixMatmul,
  TENSOR_CORE_FEATURES,
  tensorCoreSupport,
} from './tensor-cores/run';
export {
  SUBGROUP_MATRIX_FEATURE,
  type SubgroupMatrixConfig,
  type SubgroupMatrixSupport,
} from './tensor-cores/subgroup-matrix';
