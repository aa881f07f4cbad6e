/**
 * The shape of one tuned-matmul variant, apart from everything else so the job layout
 * (jobs/kernel-job.ts) can name it without importing the kernel. Types only.
 */

/** One variant: the workgroup's block of C, the k-step, and the outputs per invocation. */
export interface MatmulTile {
  /** Rows of C per workgroup (the WGSL `TILE_M`). */
  tileM: number;
  /** Columns of C per workgroup (`TILE_N`). */
  tileN: number;
  /** Values of k staged in workgroup memory per step (`TILE_K`), a multiple of 4. */
  tileK: number;
  /** Rows of C per invocation (`MICRO_M`): 4 or 8. */
  microM: number;
  /** Columns of C per invocation (`MICRO_N`): 4 or 8. */
  microN: number;
}
