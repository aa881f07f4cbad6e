/** The simulated PyTorch console: a pure interpreter for the device subset the lessons teach. */
export { runLine, type RunResult } from './interpreter';
export {
  TorchSession,
  cudaGpus,
  isCudaGpuId,
  DEFAULT_GPU,
  CUDA_CONTEXT_BYTES,
  type SessionOptions,
} from './session';
export { snapshotSession, type SessionItem, type SessionSnapshot } from './snapshot';
export { PRESETS, PRESET_NAMES, presetLines } from './presets';
export { PyError, type PyErrorType } from './errors';
export type { TransferRecord } from './transfer-record';
export type { TensorCompute, ElementwiseOp, ComputeRun } from './compute';
export type { KernelLaunch, ModeledLaunch } from './kernel-launch';
export { MAX_VALUE_ELEMENTS } from './shape';
export { MAX_LINE_CHARS } from './lexer';
export { formatSize } from './memory-format';
export { DTYPES, type DTypeName } from './dtype';
