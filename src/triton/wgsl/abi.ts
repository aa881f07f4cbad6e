/**
 * What the WGSL back end hands the runner and the status reader: the device limits it respects,
 * its options, the compiled shader with its bindings, dispatch and status sites, and the layout of
 * the status buffer and of the args buffer's tail. Types and constants only.
 */
/** Device limits the compiler respects (WebGPU's defaults unless given). */
export interface WgslLimits {
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupStorageSize: number;
  maxComputeWorkgroupsPerDimension: number;
  maxStorageBuffersPerShaderStage: number;
}

/** WebGPU's default limits. */
export const DEFAULT_WGSL_LIMITS: WgslLimits = {
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupStorageSize: 16384,
  maxComputeWorkgroupsPerDimension: 65535,
  maxStorageBuffersPerShaderStage: 8,
};

/** How one kernel is compiled. */
export interface CompileOptions {
  /** Program ids along each axis (1 to 3 numbers, missing ones are 1). */
  grid: readonly number[];
  /** Invocations per workgroup (a power of two); default: the largest block, at most the limit. */
  workgroupSize?: number;
  limits?: Partial<WgslLimits>;
  /** Loop iterations one program may run before it stops with a budget error. */
  maxIterations?: number;
}

/** What a status record's site refers to. */
export type StatusSite =
  | {
      kind: 'access';
      op: 'load' | 'store' | 'atomic_add';
      line: number;
      param: number;
      shape: readonly number[];
      masked: boolean;
    }
  | { kind: 'division'; line: number; symbol: '//' | '%' }
  | { kind: 'loop'; line: number };

/** A buffer the shader binds, in binding order. */
export type WgslBinding =
  | {
      kind: 'tensor';
      binding: number;
      param: number;
      dtype: 'fp32' | 'fp16' | 'int32';
      atomic: boolean;
    }
  | { kind: 'args'; binding: number }
  | { kind: 'status'; binding: number };

/** One compiled kernel: its shader, bindings, launch shape and status sites. */
export interface CompiledWgsl {
  code: string;
  bindings: WgslBinding[];
  workgroupSize: number;
  dispatch: [number, number, number];
  /** Status record sites, by index. */
  sites: StatusSite[];
  /** Words of the args buffer: one per runtime parameter (pointers get 0), then the bits of
   * +infinity and of a NaN (`ARG_TAIL`). */
  argWords: number;
  /** Bytes of workgroup memory the shader declares. */
  workgroupBytes: number;
  maxIterations: number;
}

/** Status buffer layout (u32 words). */
export const STATUS_WORDS = 10;
/** The words after the parameters in the args buffer: +infinity's and a NaN's bits. */
export const ARG_TAIL = [0x7f800000, 0x7fc00000] as const;
/** Word of the status buffer each field is written to. */
export const STATUS = {
  count: 0,
  code: 1,
  site: 2,
  pidX: 3,
  pidY: 4,
  pidZ: 5,
  a: 6,
  b: 7,
  c: 8,
} as const;
/** What a status record reports. */
export const STATUS_CODE = { access: 1, division: 2, zeroStep: 3, loopBudget: 4 } as const;
