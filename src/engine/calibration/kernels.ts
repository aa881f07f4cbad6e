/**
 * Single kernels and host transfers: public measurements the engine is judged against, each paired with the engine's own
 * prediction of the same work on a realistic large shape. The calibration test asserts every
 * prediction lands within `tolerance` of the measurement; a widget can show the same table.
 */
import type { CalibrationCase } from './case';
import { copyDescriptor, matmulDescriptor, type KernelDescriptor } from '../models/descriptor';
import { predictKernel } from '../models/kernel';
import { predictTransfer } from '../models/transfer';
import {
  AZURE_ND_H100,
  BANDWIDTHTEST_A100_PCIE,
  BANDWIDTHTEST_T4_V100,
  COURSE_MEASUREMENTS,
} from '../catalog/sources';

const GIB = 2 ** 30;
const MIB = 2 ** 20;

function matmulTflops(gpu: string, size: number, dtype: 'bf16' | 'fp8'): number {
  const seconds = predictKernel(gpu, matmulDescriptor(size, size, size, dtype)).seconds;
  return (2 * size ** 3) / seconds / 1e12;
}

/** A kernel that only does FP32 FMAs in registers: 2^24 threads x 2^15 FMAs, one float out each. */
function fmaMicrobenchmark(): KernelDescriptor {
  const threads = 2 ** 24;
  const fmasPerThread = 2 ** 15;
  return {
    name: 'fp32 FMA microbenchmark',
    kind: 'other',
    precision: 'fp32',
    bytesRead: 0,
    bytesWritten: 4 * threads,
    flops: 2 * fmasPerThread * threads,
  };
}

function transferGbPerSecond(link: string, direction: 'h2d' | 'd2h', pinned: boolean): number {
  return predictTransfer({ link, bytes: 256 * MIB, direction, pinned }).bytesPerSecond / 1e9;
}

/** The measured results from the course's hardware figures, plus held-out checks. */
export const KERNEL_CALIBRATION_CASES: readonly CalibrationCase[] = [
  {
    id: 'a100-bf16-matmul',
    what: 'A100 SXM, best bf16 matmul over a shape sweep (predicted: 8192^3)',
    measured: 271.2,
    unit: 'TFLOP/s',
    source: `${COURSE_MEASUREMENTS}: ml-engineering MAMF table`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => matmulTflops('a100-sxm-80gb', 8192, 'bf16'),
  },
  {
    id: 'h100-fp8-matmul',
    what: 'H100 SXM, best fp8 matmul over a shape sweep (predicted: 8192^3)',
    measured: 1402.6,
    unit: 'TFLOP/s',
    source: `${COURSE_MEASUREMENTS}: ml-engineering MAMF table`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => matmulTflops('h100-sxm', 8192, 'fp8'),
  },
  {
    id: 'rtx4090-fp32-fma',
    what: 'RTX 4090, FP32 FMA throughput microbenchmark (predicted: 2^24 threads x 2^15 FMAs)',
    measured: 79.1,
    unit: 'TFLOP/s',
    source: `${COURSE_MEASUREMENTS}: public RTX 4090 instruction microbenchmarks`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => {
      const descriptor = fmaMicrobenchmark();
      return descriptor.flops / predictKernel('rtx-4090', descriptor).seconds / 1e12;
    },
  },
  {
    id: 'h200-hbm-stream',
    what: 'H200, HBM bandwidth of a streaming kernel (predicted: 1 GiB copy, read + write bytes)',
    measured: 4255,
    unit: 'GB/s',
    source: `${COURSE_MEASUREMENTS}: TileOPs h200.yaml`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => (2 * GIB) / predictKernel('h200-sxm', copyDescriptor(GIB)).seconds / 1e9,
  },
  {
    id: 'pcie4-pinned-h2d',
    what: 'PCIe 4.0 (A10), pinned host-to-device, large copy (predicted: 256 MiB)',
    measured: 25.2,
    unit: 'GB/s',
    source: `${COURSE_MEASUREMENTS}: public CUDA bandwidth example results`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => transferGbPerSecond('pcie4', 'h2d', true),
  },
  {
    id: 'pcie3-pinned-h2d',
    what: 'PCIe 3.0 (P100), pinned host-to-device, large copy (predicted: 256 MiB)',
    measured: 12.2,
    unit: 'GB/s',
    source: `${COURSE_MEASUREMENTS}: gearshifft PR #82`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => transferGbPerSecond('pcie3', 'h2d', true),
  },
  {
    id: 'pcie3-pinned-d2h',
    what: 'PCIe 3.0 (P100), pinned device-to-host, large copy (predicted: 256 MiB)',
    measured: 12.9,
    unit: 'GB/s',
    source: `${COURSE_MEASUREMENTS}: gearshifft PR #82`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => transferGbPerSecond('pcie3', 'd2h', true),
  },
  {
    id: 'pcie3-pageable-h2d',
    what: 'PCIe 3.0, pageable host memory, 5-6 GB/s (midpoint; predicted: 256 MiB H2D)',
    measured: 5.5,
    unit: 'GB/s',
    source: `${COURSE_MEASUREMENTS}: rapidsai/dask-cuda PR #98`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => transferGbPerSecond('pcie3', 'h2d', false),
  },
  {
    id: 'kernel-launch',
    what: 'Kernel launch, about 4-6 us (midpoint; predicted: an empty kernel on an A100)',
    measured: 5,
    unit: 'us',
    source: `${COURSE_MEASUREMENTS}: public measurements`,
    tolerance: 0.2,
    usedForFitting: true,
    predict: () => predictKernel('a100-sxm-40gb', copyDescriptor(0)).seconds * 1e6,
  },
  {
    id: 'small-copy-latency',
    what: 'Small host-device copy with the API call and a sync, "tens of us" (predicted: 4 bytes, PCIe 4.0)',
    measured: 15,
    unit: 'us',
    source: `${COURSE_MEASUREMENTS}: public measurements (the row gives a range, not a number; 15 us is our reading)`,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () =>
      predictTransfer({ link: 'pcie4', bytes: 4, direction: 'h2d', pinned: true }).seconds * 1e6,
  },
  {
    id: 'h100-fp8-1024',
    what: 'H100 SXM, cuBLASLt fp8 matmul 1024^3 (held out)',
    measured: 274.1,
    unit: 'TFLOP/s',
    source: AZURE_ND_H100,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => matmulTflops('h100-sxm', 1024, 'fp8'),
  },
  {
    id: 'h100-fp8-2048',
    what: 'H100 SXM, cuBLASLt fp8 matmul 2048^3 (held out)',
    measured: 1011.3,
    unit: 'TFLOP/s',
    source: AZURE_ND_H100,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => matmulTflops('h100-sxm', 2048, 'fp8'),
  },
  {
    id: 'h100-fp8-4096',
    what: 'H100 SXM, cuBLASLt fp8 matmul 4096^3 (held out)',
    measured: 1216.9,
    unit: 'TFLOP/s',
    source: AZURE_ND_H100,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => matmulTflops('h100-sxm', 4096, 'fp8'),
  },
  {
    id: 'h100-fp8-8192',
    what: 'H100 SXM, cuBLASLt fp8 matmul 8192^3 (held out)',
    measured: 1290.1,
    unit: 'TFLOP/s',
    source: AZURE_ND_H100,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => matmulTflops('h100-sxm', 8192, 'fp8'),
  },
  {
    id: 'pcie4-pinned-d2h',
    what: 'PCIe 4.0 (A100 PCIe), pinned device-to-host, 100 MB-1 GB, mean 25.86 GB/s (held out; predicted: 256 MiB)',
    measured: 25.86,
    unit: 'GB/s',
    source: BANDWIDTHTEST_A100_PCIE,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => transferGbPerSecond('pcie4', 'd2h', true),
  },
  {
    id: 'a100-pcie-d2d-memcpy',
    what: 'A100 PCIe 40 GB, bandwidthTest device-to-device copy, mean over 100 MB-1 GB (held out; predicted: 1 GB copy kernel, read + write bytes)',
    measured: 1245.1,
    unit: 'GB/s',
    source: BANDWIDTHTEST_A100_PCIE,
    tolerance: 0.15,
    usedForFitting: false,
    predict: () => (2 * 1e9) / predictKernel('a100-pcie-40gb', copyDescriptor(1e9)).seconds / 1e9,
  },
  {
    id: 'v100-d2d-memcpy',
    what: 'V100 SXM2 16 GB, bandwidthTest device-to-device copy of 32 MB (held out; predicted: a 32 MB copy kernel, read + write bytes)',
    measured: 739.8,
    unit: 'GB/s',
    source: BANDWIDTHTEST_T4_V100,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => (2 * 32e6) / predictKernel('v100-sxm2-16gb', copyDescriptor(32e6)).seconds / 1e9,
  },
];
