import { estimate, vendor } from './figure';
import {
  blocksPerSm,
  GB,
  GIB,
  MB,
  NVIDIA_ALU_LATENCY,
  NVIDIA_LAUNCH,
  T,
  threadsPerSm,
} from './gpu-common';
import type { GpuId, GpuSpec } from './gpu-spec';
import { T4, V100_SXM2_16GB } from './gpus-volta-turing';
import {
  APPLE_M2,
  ENGINE_ESTIMATE,
  GPU_ALU_LATENCY,
  NVIDIA_A100,
  NVIDIA_ADA,
  NVIDIA_GA102,
  NVIDIA_GTX1650,
  NVIDIA_H100,
  NVIDIA_H200,
} from './sources';

export type { ComputeUnit, GpuId, GpuSpec, TensorPrecision } from './gpu-spec';

function a100(
  id: GpuId,
  name: string,
  memoryGb: number,
  bandwidthGbPerSecond: number,
  memoryNote: string,
): GpuSpec {
  return {
    id,
    name,
    architecture: 'Ampere (GA100, sm_80)',
    sms: vendor(108, 'SMs', NVIDIA_A100),
    fp32Cores: vendor(6912, 'lanes', NVIDIA_A100),
    tensorCores: vendor(432, 'tensor cores', NVIDIA_A100),
    boostClockHz: vendor(1.41e9, 'Hz', NVIDIA_A100),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: vendor(19.5 * T, 'FLOP/s', NVIDIA_A100) },
      'tensor-core': {
        tf32: vendor(156 * T, 'FLOP/s', NVIDIA_A100),
        fp16: vendor(312 * T, 'FLOP/s', NVIDIA_A100),
        bf16: vendor(312 * T, 'FLOP/s', NVIDIA_A100),
      },
    },
    memoryBytes: vendor(memoryGb * GIB, 'B', NVIDIA_A100, memoryNote),
    memoryBytesPerSecond: vendor(bandwidthGbPerSecond * GB, 'B/s', NVIDIA_A100),
    l2Bytes: vendor(40 * MB, 'B', NVIDIA_A100),
    hostLink: 'pcie4',
    maxThreadsPerSm: threadsPerSm(2048, '8.0'),
    maxBlocksPerSm: blocksPerSm(32, '8.0'),
    launchOverheadSeconds: NVIDIA_LAUNCH,
    dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
  };
}

function gh100(
  id: GpuId,
  name: string,
  source: string,
  shape: { sms: number; cores: number; tensorCores: number; clockHz: number },
  peaksTflops: { fp32: number; tf32: number; fp16: number; fp8: number },
  memory: { gb: number; gbPerSecond: number; note: string },
): GpuSpec {
  return {
    id,
    name,
    architecture: 'Hopper (GH100, sm_90)',
    sms: vendor(shape.sms, 'SMs', source),
    fp32Cores: vendor(shape.cores, 'lanes', source),
    tensorCores: vendor(shape.tensorCores, 'tensor cores', source),
    boostClockHz: vendor(shape.clockHz, 'Hz', source),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: vendor(peaksTflops.fp32 * T, 'FLOP/s', source) },
      'tensor-core': {
        tf32: vendor(peaksTflops.tf32 * T, 'FLOP/s', source),
        fp16: vendor(peaksTflops.fp16 * T, 'FLOP/s', source),
        bf16: vendor(peaksTflops.fp16 * T, 'FLOP/s', source),
        fp8: vendor(peaksTflops.fp8 * T, 'FLOP/s', source),
      },
    },
    memoryBytes: vendor(memory.gb * GIB, 'B', source, memory.note),
    memoryBytesPerSecond: vendor(memory.gbPerSecond * GB, 'B/s', source),
    l2Bytes: vendor(50 * MB, 'B', source),
    hostLink: 'pcie5',
    maxThreadsPerSm: threadsPerSm(2048, '9.0'),
    maxBlocksPerSm: blocksPerSm(32, '9.0'),
    launchOverheadSeconds: NVIDIA_LAUNCH,
    dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
  };
}

const H100_SHAPE = { sms: 132, cores: 16896, tensorCores: 528, clockHz: 1.98e9 };
const H100_PEAKS = { fp32: 67, tf32: 494.5, fp16: 989, fp8: 1979 };

/** Datasheet figures of every GPU in the catalog. */
export const GPU_SPECS: Readonly<Record<GpuId, GpuSpec>> = {
  'a100-sxm-40gb': a100('a100-sxm-40gb', 'NVIDIA A100 SXM 40 GB', 40, 1555, 'HBM2'),
  'a100-sxm-80gb': a100('a100-sxm-80gb', 'NVIDIA A100 SXM 80 GB', 80, 2039, 'HBM2e'),
  'a100-pcie-40gb': a100('a100-pcie-40gb', 'NVIDIA A100 PCIe 40 GB', 40, 1555, 'HBM2'),
  'h100-sxm': gh100('h100-sxm', 'NVIDIA H100 SXM', NVIDIA_H100, H100_SHAPE, H100_PEAKS, {
    gb: 80,
    gbPerSecond: 3350,
    note: 'HBM3',
  }),
  'h100-pcie': gh100(
    'h100-pcie',
    'NVIDIA H100 PCIe',
    NVIDIA_H100,
    { sms: 114, cores: 14592, tensorCores: 456, clockHz: 1.755e9 },
    { fp32: 51, tf32: 378, fp16: 756, fp8: 1513 },
    { gb: 80, gbPerSecond: 2000, note: 'HBM2e' },
  ),
  'h200-sxm': gh100('h200-sxm', 'NVIDIA H200 SXM', NVIDIA_H200, H100_SHAPE, H100_PEAKS, {
    gb: 141,
    gbPerSecond: 4800,
    note: 'HBM3e; usable capacity is a little lower',
  }),
  'v100-sxm2-16gb': V100_SXM2_16GB,
  t4: T4,
  'rtx-4090': {
    id: 'rtx-4090',
    name: 'NVIDIA GeForce RTX 4090',
    architecture: 'Ada Lovelace (AD102, sm_89)',
    sms: vendor(128, 'SMs', NVIDIA_ADA),
    fp32Cores: vendor(16384, 'lanes', NVIDIA_ADA),
    tensorCores: vendor(512, 'tensor cores', NVIDIA_ADA),
    boostClockHz: vendor(2.52e9, 'Hz', NVIDIA_ADA),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: vendor(82.6 * T, 'FLOP/s', NVIDIA_ADA) },
      'tensor-core': {
        tf32: vendor(82.6 * T, 'FLOP/s', NVIDIA_ADA),
        fp16: vendor(
          165.2 * T,
          'FLOP/s',
          NVIDIA_ADA,
          'FP32 accumulate, as frameworks use; 330.3 with FP16 accumulate',
        ),
        bf16: vendor(165.2 * T, 'FLOP/s', NVIDIA_ADA, 'FP32 accumulate'),
        fp8: vendor(330.3 * T, 'FLOP/s', NVIDIA_ADA),
      },
    },
    memoryBytes: vendor(24 * GIB, 'B', NVIDIA_ADA, 'GDDR6X'),
    memoryBytesPerSecond: vendor(1008 * GB, 'B/s', NVIDIA_ADA),
    l2Bytes: vendor(72 * MB, 'B', NVIDIA_ADA),
    hostLink: 'pcie4',
    maxThreadsPerSm: threadsPerSm(1536, '8.9'),
    maxBlocksPerSm: blocksPerSm(24, '8.9'),
    launchOverheadSeconds: NVIDIA_LAUNCH,
    dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
  },
  'rtx-3080': {
    id: 'rtx-3080',
    name: 'NVIDIA GeForce RTX 3080 (10 GB)',
    architecture: 'Ampere (GA102, sm_86)',
    sms: vendor(68, 'SMs', NVIDIA_GA102),
    fp32Cores: vendor(8704, 'lanes', NVIDIA_GA102),
    tensorCores: vendor(272, 'tensor cores', NVIDIA_GA102),
    boostClockHz: vendor(1.71e9, 'Hz', NVIDIA_GA102),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: vendor(29.8 * T, 'FLOP/s', NVIDIA_GA102) },
      'tensor-core': {
        tf32: vendor(29.8 * T, 'FLOP/s', NVIDIA_GA102),
        fp16: vendor(59.5 * T, 'FLOP/s', NVIDIA_GA102, 'FP32 accumulate; 119 with FP16 accumulate'),
        bf16: vendor(59.5 * T, 'FLOP/s', NVIDIA_GA102, 'FP32 accumulate'),
      },
    },
    memoryBytes: vendor(10 * GIB, 'B', NVIDIA_GA102, 'GDDR6X'),
    memoryBytesPerSecond: vendor(760 * GB, 'B/s', NVIDIA_GA102),
    l2Bytes: vendor(5 * MB, 'B', NVIDIA_GA102),
    hostLink: 'pcie4',
    maxThreadsPerSm: threadsPerSm(1536, '8.6'),
    maxBlocksPerSm: blocksPerSm(16, '8.6'),
    launchOverheadSeconds: NVIDIA_LAUNCH,
    dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
  },
  'gtx-1650': {
    id: 'gtx-1650',
    name: 'NVIDIA GeForce GTX 1650',
    architecture: 'Turing (TU117, sm_75), no tensor cores',
    sms: vendor(14, 'SMs', NVIDIA_GTX1650),
    fp32Cores: vendor(896, 'lanes', NVIDIA_GTX1650),
    tensorCores: vendor(0, 'tensor cores', NVIDIA_GTX1650),
    boostClockHz: vendor(1.665e9, 'Hz', NVIDIA_GTX1650),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: vendor(2.98 * T, 'FLOP/s', NVIDIA_GTX1650, '896 x 2 x 1.665 GHz') },
      'tensor-core': {},
    },
    memoryBytes: vendor(4 * GIB, 'B', NVIDIA_GTX1650, 'GDDR5'),
    memoryBytesPerSecond: vendor(128 * GB, 'B/s', NVIDIA_GTX1650),
    l2Bytes: vendor(1 * MB, 'B', NVIDIA_GTX1650),
    hostLink: 'pcie3',
    maxThreadsPerSm: threadsPerSm(1024, '7.5'),
    maxBlocksPerSm: blocksPerSm(16, '7.5'),
    launchOverheadSeconds: NVIDIA_LAUNCH,
    dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
  },
  'apple-m2': {
    id: 'apple-m2',
    name: 'Apple M2 (10-core GPU)',
    architecture: 'Apple GPU (M2), unified memory, no tensor cores',
    sms: vendor(10, 'GPU cores', APPLE_M2),
    fp32Cores: vendor(1280, 'lanes', APPLE_M2, '128 ALUs per core'),
    tensorCores: vendor(0, 'tensor cores', APPLE_M2),
    boostClockHz: estimate(
      1.398e9,
      'Hz',
      APPLE_M2,
      'not published; 3.6 TFLOPS / (1280 lanes x 2 FLOPs per FMA)',
    ),
    peakFlopsPerSecond: {
      'cuda-core': { fp32: estimate(3.6 * T, 'FLOP/s', APPLE_M2, 'Apple quotes "3.6 TFLOPS"') },
      'tensor-core': {},
    },
    memoryBytes: vendor(24 * GIB, 'B', APPLE_M2, 'largest configuration, shared with the CPU'),
    memoryBytesPerSecond: vendor(100 * GB, 'B/s', APPLE_M2),
    l2Bytes: null,
    hostLink: 'unified',
    maxThreadsPerSm: estimate(
      1024,
      'threads',
      APPLE_M2,
      'not published; Metal allows 1024 threads per threadgroup',
    ),
    maxBlocksPerSm: estimate(
      16,
      'blocks',
      ENGINE_ESTIMATE,
      'not published; assumed like a Turing SM',
    ),
    launchOverheadSeconds: estimate(
      10e-6,
      's',
      ENGINE_ESTIMATE,
      'not measured; a Metal command-buffer commit is assumed to cost about twice a CUDA launch',
    ),
    dependentOpLatencyCycles: estimate(4, 'cycles', GPU_ALU_LATENCY, 'assumed like NVIDIA ALUs'),
  },
};
