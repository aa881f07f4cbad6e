/** The WGSL back end of the Triton runtime: IR to a compute shader, and its status read back. */
export { compileToWgsl } from './compile';
export {
  DEFAULT_WGSL_LIMITS,
  STATUS_WORDS,
  ARG_TAIL,
  type CompileOptions,
  type CompiledWgsl,
  type StatusSite,
  type WgslBinding,
  type WgslLimits,
} from './abi';
export { describeStatus } from './status';
