/** The shape of a GPU's achievable fractions (the figures are in efficiency.ts). */
import type { Figure } from './figure';
import type { TensorPrecision } from './gpu-spec';

/** Achievable fractions of one GPU's peaks. */
export interface GpuAchievable {
  /** Share of DRAM bandwidth a large streaming kernel reaches (bytes read plus written). */
  memory: Figure;
  /** Share of the FP32 peak that plain FP32 arithmetic (FMA chains, elementwise) reaches. */
  cudaCoreArithmetic: Figure;
  /** Share of the FP32 peak a large FP32 GEMM on CUDA cores (SGEMM) reaches. */
  cudaCoreMatmul: Figure;
  /** Share of each tensor-core peak a large GEMM reaches, for each precision the GPU has. */
  tensorMatmul: Partial<Record<TensorPrecision, Figure>>;
}
