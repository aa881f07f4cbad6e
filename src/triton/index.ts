/**
 * The Triton runtime: a documented subset of Triton (src/triton/README.md), parsed, lowered to a
 * small typed IR and run by a reference interpreter. Pure TypeScript: no DOM, no WebGPU.
 */
export { TritonError, asTritonError, type TritonErrorKind } from './errors';
export { type BlockType, type Dtype, type ElementDtype, type ScalarDtype, typeName } from './dtype';
export { roundHalf, floatToHalfBits, halfBitsToFloat } from './half';
export type {
  KernelIR,
  Op,
  ValueId,
  IRParam,
  BinaryKind,
  CompareKind,
  UnaryKind,
  ReduceKind,
} from './ir';
export { printKernel } from './ir';
export { DEFAULT_LIMITS, MAX_BLOCK_ELEMENTS, type Limits } from './limits';
export { readModule, type TritonModule } from './module';
export {
  compileKernel,
  runKernel,
  normalizeGrid,
  type Grid,
  type GridMeta,
  type KernelArg,
  type LaunchOptions,
  type LaunchResult,
} from './launch';
export {
  makeTensor,
  view,
  toNumbers,
  floatArg,
  contiguousStrides,
  type FloatArg,
  type TritonTensor,
} from './tensor';
export { runScript, type ScriptLaunch, type ScriptOptions } from './host';
