/**
 * What a kernel does, guessed from its name as the profiler records it: matrix math (GEMM,
 * convolution, attention: limited by the GPU's arithmetic) or everything else (elementwise,
 * reductions, norms, copies: limited by memory bandwidth). Pure.
 */

/** The two families a verdict tells apart. */
export type KernelClass = 'matmul' | 'memory';

const MATMUL =
  /gemm|cutlass|cublas|xmma|wgmma|nvjet|conv|winograd|implicit_?gemm|fmha|flash|attention|cudnn|sm\d+_/i;

/** The family of a kernel name. */
export function kernelClass(name: string): KernelClass {
  return MATMUL.test(name) ? 'matmul' : 'memory';
}
