/**
 * What share of each datasheet peak real work reaches, per GPU and per unit. Each fraction is
 * either derived from a public measurement on that GPU (measured / peak, the division kept in
 * the figure's note) or, where no measurement was found, carried over from the closest
 * measured sibling and marked as an estimate. GeForce cards run above their rated boost clock,
 * so their fractions can exceed 1.
 */
import { T4_ACHIEVABLE, V100_ACHIEVABLE } from './efficiency-volta-turing';
import { borrowedFraction, estimate, fractionsFrom, measuredFraction, type Figure } from './figure';
import type { GpuAchievable } from './achievable';
import type { CatalogGpuId, TensorPrecision } from './gpu-spec';
import {
  AZURE_ND_H100,
  BUSY_GEMM,
  FASTICEFLO_A100,
  MAMF_H200,
  MAMF_TABLE,
  NVBENCH_BANDWIDTH,
  OPENCL_BENCH_GH200,
  RTX4090_FMA,
  SIBOEHM_SGEMM,
  COURSE_MEASUREMENTS,
  TILEOPS_H200,
  TORCH_MATMUL_DB,
} from './sources';

export type { GpuAchievable } from './achievable';

// Measurements: one table per source that published several, one constant for each other.

/** Community `torch.matmul` results: TFLOPS measured over the card's peak. */
const TORCH_DB = fractionsFrom(TORCH_MATMUL_DB, {
  a100Sgemm80gb: [19.18, 19.5, 'A100-SXM4-80GB fp32 matmul TFLOPS'],
  a100Sgemm40gb: [18.11, 19.5, 'A100-40g fp32 matmul TFLOPS'],
  h100Fp16: [761.84, 989, 'H100 80GB HBM3 fp16 matmul TFLOPS'],
  rtx4090Fp16: [165.08, 165.2, 'RTX4090-24G fp16 matmul TFLOPS'],
  rtx4090Bf16: [170.06, 165.2, 'RTX4090-24G bf16 matmul TFLOPS'],
  rtx4090Sgemm: [55.01, 82.6, 'RTX4090-24G fp32 matmul TFLOPS'],
  rtx3090Fp16: [75.64, 71.2, 'RTX3090-24g fp16 matmul TFLOPS over its 71.2 FP32-accumulate peak'],
  rtx3090Bf16: [76.34, 71.2, 'RTX3090-24g bf16 matmul TFLOPS over its 71.2 FP32-accumulate peak'],
  rtx3090Sgemm: [24.46, 35.6, 'RTX3090-24g fp32 matmul TFLOPS'],
  rtx2080Sgemm: [9.23, 10.07, 'RTX2080-8G fp32 matmul TFLOPS'],
});

/** ml-engineering's "Maximum Achievable Matmul FLOPS" table: best TFLOPS of a shape sweep. */
const MAMF = fractionsFrom(MAMF_TABLE, {
  a100PcieBf16: [256.4, 312, 'A100 PCIe best bf16 matmul TFLOPS'],
  h100Bf16: [792.1, 989, 'H100 SXM best bf16 matmul TFLOPS'],
});

/** ml-engineering's H200 notes: best TFLOPS of a shape sweep. */
const H200_MAMF = fractionsFrom(MAMF_H200, {
  bf16: [794.5, 989, 'H100/H200 SXM best bf16 matmul TFLOPS'],
  fp8: [1453.4, 1979, 'H200 SXM best fp8 matmul TFLOPS'],
});

/** xytpai/nvbench copy kernels: GB/s read plus written over the datasheet bandwidth. */
const NVBENCH = fractionsFrom(NVBENCH_BANDWIDTH, {
  a100Memory40gb: [1379.71, 1555, 'A100-40GB copy GB/s'],
  rtx4090Memory: [921.85, 1008, 'RTX 4090 copy GB/s'],
});

const A100_SXM_BF16 = measuredFraction(
  271.2,
  312,
  `${MAMF_TABLE}; ${COURSE_MEASUREMENTS}`,
  'A100 SXM best bf16 matmul TFLOPS',
);
const A100_TF32 = measuredFraction(108, 156, BUSY_GEMM, 'A100 40G tf32 matmul TFLOPS');
const A100_80_MEMORY = measuredFraction(1536, 2039, FASTICEFLO_A100, 'A100 SXM4 80GB memcopy GB/s');

const H100_FP8 = measuredFraction(
  1402.6,
  1979,
  COURSE_MEASUREMENTS,
  'H100 SXM best fp8 matmul TFLOPS',
);
const H100_TF32 = estimate(
  403.74 / 494.5,
  'fraction',
  TORCH_MATMUL_DB,
  'the "fp32" entry for H100 80GB HBM3 is 403.74 TFLOPS, six times the FP32 peak, so TF32 was on: 403.74 / 494.5',
);
const GH100_FMA = estimate(
  62.961 / 66.908,
  'fraction',
  OPENCL_BENCH_GH200,
  'measured on a GH200, whose GPU is the H100 SXM die at the same 1980 MHz: 62.961 / 66.908',
);
const H100_MEMORY = measuredFraction(2900, 3350, AZURE_ND_H100, 'H100 SXM BabelStream copy GB/s');
const H200_MEMORY = measuredFraction(
  4255,
  4800,
  `${TILEOPS_H200}; ${COURSE_MEASUREMENTS}`,
  'H200 streaming-kernel HBM GB/s',
);
const RTX4090_FMA_FRACTION = measuredFraction(79.1, 82.6, RTX4090_FMA, 'RTX 4090 FP32 FMA TFLOPS');

const GENERIC_FMA = estimate(
  0.95,
  'fraction',
  `${RTX4090_FMA}; ${OPENCL_BENCH_GH200}`,
  'no measurement for this GPU; FMA microbenchmarks reach 0.94-0.96 of peak on RTX 4090 and GH100',
);

function a100Achievable(bf16: Figure, sgemm: Figure, memory: Figure): GpuAchievable {
  return {
    memory,
    cudaCoreArithmetic: estimate(
      0.98,
      'fraction',
      TORCH_MATMUL_DB,
      'an FMA loop does at least as well as SGEMM, which reaches 19.18 / 19.5 on an A100 SXM4 80GB',
    ),
    cudaCoreMatmul: sgemm,
    tensorMatmul: {
      bf16,
      fp16: borrowedFraction(bf16, 'fp16 and bf16 share the tensor-core rate on A100'),
      tf32: A100_TF32,
    },
  };
}

function gh100Achievable(
  tensor: Partial<Record<TensorPrecision, Figure>>,
  memory: Figure,
  why: string,
): GpuAchievable {
  return {
    memory,
    cudaCoreArithmetic: GH100_FMA,
    cudaCoreMatmul: estimate(
      0.7,
      'fraction',
      `${TORCH_MATMUL_DB}; ${SIBOEHM_SGEMM}`,
      `${why}no public H100 SGEMM found; GH100, like GA102 and AD102, has 128 FP32 lanes per SM, and there SGEMM reaches 0.60 (A6000: 23.25 / 38.7) to 0.69 (RTX 3090: 24.46 / 35.6) of peak`,
    ),
    tensorMatmul: tensor,
  };
}

/** Achievable fractions for every GPU in the catalog. */
export const ACHIEVABLE: Readonly<Record<CatalogGpuId, GpuAchievable>> = {
  'a100-sxm-40gb': a100Achievable(A100_SXM_BF16, TORCH_DB.a100Sgemm40gb, NVBENCH.a100Memory40gb),
  'a100-sxm-80gb': a100Achievable(A100_SXM_BF16, TORCH_DB.a100Sgemm80gb, A100_80_MEMORY),
  'a100-pcie-40gb': a100Achievable(
    MAMF.a100PcieBf16,
    borrowedFraction(TORCH_DB.a100Sgemm40gb, 'the A100-40g entry does not say SXM or PCIe'),
    borrowedFraction(NVBENCH.a100Memory40gb, 'same HBM2 at 1555 GB/s as the SXM 40 GB'),
  ),
  'h100-sxm': gh100Achievable(
    { bf16: MAMF.h100Bf16, fp16: TORCH_DB.h100Fp16, fp8: H100_FP8, tf32: H100_TF32 },
    H100_MEMORY,
    '',
  ),
  'h100-pcie': gh100Achievable(
    {
      bf16: borrowedFraction(
        MAMF.h100Bf16,
        'no PCIe measurement; H100 SXM figure (the PCIe card is power-capped at 350 W, so this may be optimistic)',
      ),
      fp16: borrowedFraction(TORCH_DB.h100Fp16, 'no PCIe measurement; H100 SXM figure'),
      fp8: borrowedFraction(H100_FP8, 'no PCIe measurement; H100 SXM figure'),
      tf32: borrowedFraction(H100_TF32, 'no PCIe measurement; H100 SXM figure'),
    },
    borrowedFraction(H100_MEMORY, 'no PCIe measurement; H100 SXM HBM3 figure applied to HBM2e'),
    'H100 PCIe: ',
  ),
  'h200-sxm': gh100Achievable(
    {
      bf16: H200_MAMF.bf16,
      fp8: H200_MAMF.fp8,
      fp16: borrowedFraction(TORCH_DB.h100Fp16, 'same GH100 compute as H100 SXM'),
      tf32: borrowedFraction(H100_TF32, 'same GH100 compute as H100 SXM'),
    },
    H200_MEMORY,
    '',
  ),
  'v100-sxm2-16gb': V100_ACHIEVABLE,
  t4: T4_ACHIEVABLE,
  'rtx-4090': {
    memory: NVBENCH.rtx4090Memory,
    cudaCoreArithmetic: RTX4090_FMA_FRACTION,
    cudaCoreMatmul: TORCH_DB.rtx4090Sgemm,
    tensorMatmul: {
      fp16: TORCH_DB.rtx4090Fp16,
      bf16: TORCH_DB.rtx4090Bf16,
      tf32: borrowedFraction(
        TORCH_DB.rtx4090Fp16,
        'no tf32 measurement; fp16 figure on the same tensor cores',
      ),
      fp8: borrowedFraction(
        TORCH_DB.rtx4090Fp16,
        'no fp8 measurement; fp16 figure on the same tensor cores',
      ),
    },
  },
  'rtx-3080': {
    memory: borrowedFraction(
      NVBENCH.rtx4090Memory,
      'no RTX 3080 measurement; RTX 4090 GDDR6X figure',
    ),
    cudaCoreArithmetic: borrowedFraction(
      RTX4090_FMA_FRACTION,
      'no RTX 3080 measurement; RTX 4090 has the same two-FP32-datapath SM',
    ),
    cudaCoreMatmul: borrowedFraction(TORCH_DB.rtx3090Sgemm, 'RTX 3090 is the same GA102 chip'),
    tensorMatmul: {
      fp16: borrowedFraction(TORCH_DB.rtx3090Fp16, 'RTX 3090 is the same GA102 chip'),
      bf16: borrowedFraction(TORCH_DB.rtx3090Bf16, 'RTX 3090 is the same GA102 chip'),
      tf32: borrowedFraction(
        TORCH_DB.rtx3090Fp16,
        'no tf32 measurement; GA102 fp16 figure on the same tensor cores',
      ),
    },
  },
  'gtx-1650': {
    memory: estimate(
      0.85,
      'fraction',
      NVBENCH_BANDWIDTH,
      'no GTX 1650 measurement; GDDR5 assumed a little below the 0.89-0.91 measured on HBM2 and GDDR6X',
    ),
    cudaCoreArithmetic: GENERIC_FMA,
    cudaCoreMatmul: borrowedFraction(
      TORCH_DB.rtx2080Sgemm,
      'RTX 2080 is the closest measured Turing GPU',
    ),
    tensorMatmul: {},
  },
  'apple-m2': {
    memory: estimate(
      0.9,
      'fraction',
      NVBENCH_BANDWIDTH,
      'no M2 measurement; assumed like the 0.89-0.91 measured on NVIDIA cards',
    ),
    cudaCoreArithmetic: estimate(
      0.9,
      'fraction',
      RTX4090_FMA,
      "no M2 measurement; the 3.6 TFLOPS peak is itself Apple's round number",
    ),
    cudaCoreMatmul: estimate(
      0.7,
      'fraction',
      TORCH_MATMUL_DB,
      'no M2 measurement; assumed like SGEMM on recent NVIDIA GeForce cards',
    ),
    tensorMatmul: {},
  },
};
