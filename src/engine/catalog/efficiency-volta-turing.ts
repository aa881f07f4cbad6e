/**
 * Achievable fractions for the V100 and the T4, each measured / peak with the division in the
 * note, or borrowed from the closest measured sibling and marked as an estimate. Only fp16 has
 * a tensor-core fraction: neither GPU has bf16 or tf32 tensor cores.
 */
import { borrowedFraction, estimate, measuredFraction } from './figure';
import type { GpuAchievable } from './achievable';
import {
  BANDWIDTHTEST_T4_V100,
  GPUINSPECTOR_V100,
  OPENCL_BENCH_GH200,
  RTX4090_FMA,
  TORCH_MATMUL_DB,
  V100_HGEMM_FORUM,
} from './sources';

const V100_HGEMM = measuredFraction(
  101,
  112,
  V100_HGEMM_FORUM,
  'V100 PCIe cuBLAS fp16 GEMM 8192^3 TFLOPS over its tensor peak at 1.38 GHz',
);
const V100S_SGEMM = measuredFraction(
  13.55,
  16.4,
  TORCH_MATMUL_DB,
  'Tesla V100S 32GB fp32 matmul TFLOPS over its 16.4 peak',
);

/** Mean of the two T4 rows (Google Colab and Kaggle) of the PyTorch matmul database. */
const T4_SGEMM_TFLOPS = (4.17 + 4.43) / 2;
const T4_FP16_TFLOPS = (41.91 + 42.71) / 2;
const T4_SGEMM = measuredFraction(
  T4_SGEMM_TFLOPS,
  8.1,
  TORCH_MATMUL_DB,
  'Tesla T4 fp32 matmul TFLOPS, mean of Colab 4.17 and Kaggle 4.43',
);
/** SGEMM share on an RTX 2080, a Turing card with no 70 W cap (same database). */
const RTX2080_SGEMM_SHARE = 9.23 / 10.07;

/** V100 SXM2 16 GB. */
export const V100_ACHIEVABLE: GpuAchievable = {
  memory: measuredFraction(
    810.02,
    900,
    GPUINSPECTOR_V100,
    'V100-SXM2-32GB cuBLAS SAXPY GB/s (read + write); same GV100 and 900 GB/s HBM2 as the 16 GB',
  ),
  cudaCoreArithmetic: measuredFraction(
    15.5,
    15.7,
    GPUINSPECTOR_V100,
    'V100-SXM2-32GB FP32 FMA peakflops TFLOP/s',
  ),
  cudaCoreMatmul: borrowedFraction(
    V100S_SGEMM,
    'no V100 SXM2 SGEMM found; the V100S is the same GV100 at a higher clock',
  ),
  tensorMatmul: {
    fp16: borrowedFraction(
      V100_HGEMM,
      'no SXM2 GEMM found; the V100 PCIe is the same GV100 (a V100S in the PyTorch database reached only 88.92 / 130 = 0.68 in a cloud container, so this may be optimistic)',
    ),
  },
};

/** T4: every fraction carries the clock sag of its 70 W limit. */
export const T4_ACHIEVABLE: GpuAchievable = {
  memory: measuredFraction(
    239.6,
    320,
    BANDWIDTHTEST_T4_V100,
    'T4 bandwidthTest device-to-device GB/s (cudaMemcpy, read + write; a streaming kernel may do a little better)',
  ),
  cudaCoreArithmetic: estimate(
    0.95 * (T4_SGEMM_TFLOPS / 8.1 / RTX2080_SGEMM_SHARE),
    'fraction',
    `${TORCH_MATMUL_DB}; ${RTX4090_FMA}; ${OPENCL_BENCH_GH200}`,
    `no T4 FMA measurement; the 0.95 FMA share of other GPUs times the clock the 70 W cap leaves, read from SGEMM: T4 ${T4_SGEMM_TFLOPS} / 8.1 against RTX 2080 9.23 / 10.07`,
  ),
  cudaCoreMatmul: T4_SGEMM,
  tensorMatmul: {
    fp16: measuredFraction(
      T4_FP16_TFLOPS,
      65,
      TORCH_MATMUL_DB,
      'Tesla T4 fp16 matmul TFLOPS, mean of Colab 41.91 and Kaggle 42.71',
    ),
  },
};
