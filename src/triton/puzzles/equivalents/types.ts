/** One WGSL puzzle's solution in the two other languages. */
export interface KernelEquivalent {
  /** The WGSL puzzle's id. */
  wgslId: string;
  /** Triton kernel and its launch (names in the launch come from `env`: a, b, out, n...). */
  triton: string;
  /**
   * The tensors and sizes the Triton launch reads, under the WGSL puzzle's own buffer and size
   * names (`a`, `out`, `bins`, `n`, `rows`...).
   */
  env: readonly string[];
  /** CUDA C++ kernel and launch, read only. */
  cudaEquivalent: string;
  /** What changes between the three, in a sentence or two. */
  note: string;
}
