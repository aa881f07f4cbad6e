/**
 * The limits a launch runs under. One comes from Triton itself (a block holds at most 2^20
 * elements); the rest are the interpreter's own budgets, each named in the message that refuses
 * or stops a launch, and each can be lowered or raised per launch.
 */

/** Triton's largest block (TRITON_MAX_TENSOR_NUMEL). */
export const MAX_BLOCK_ELEMENTS = 1 << 20;

/** The interpreter's budgets. */
export interface Limits {
  /** Bytes of blocks one program may hold (every value of the lowered kernel at once). */
  maxProgramBytes: number;
  /** Program instances in one launch. */
  maxPrograms: number;
  /** Loop iterations in one launch, all programs together (runaway loops stop here). */
  maxIterations: number;
  /** Copies of a body `tl.static_range` may unroll. */
  maxUnroll: number;
  /** Element operations a launch may take before it starts: programs x block elements per
   * program, each loop body counted once. */
  maxWork: number;
}

/** The defaults: sized for a browser tab. */
export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxProgramBytes: 64 * 1024 * 1024,
  maxPrograms: 65_536,
  maxIterations: 1_000_000,
  maxUnroll: 1024,
  maxWork: 2 ** 28,
};

/** A count with thousands separators, for messages. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Bytes as MiB with one decimal, for messages. */
export function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
