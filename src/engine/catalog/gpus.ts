import { estimate, vendor } from './figure';
import { GB, GIB, nvidiaGpu, T, type NvidiaDatasheet } from './gpu-common';
import type { CatalogGpuId, GpuId, GpuSpec } from './gpu-spec';
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

export type { CatalogGpuId, ComputeUnit, GpuId, GpuSpec, TensorPrecision } from './gpu-spec';
export { MY_MACHINE_ID } from './gpu-spec';

/** An A100 board: the GA100 chip and its datasheet, with the board's own memory. */
function a100(id: GpuId, name: string, gib: number, gbPerSecond: number, kind: string): GpuSpec {
  return nvidiaGpu({
    id,
    name,
    architecture: 'Ampere (GA100, sm_80)',
    source: NVIDIA_A100,
    chip: { sms: 108, fp32Lanes: 6912, tensorCores: 432, boostClockHz: 1.41e9 },
    tflops: { fp32: 19.5, tf32: 156, fp16: 312, bf16: 312 },
    memory: { gib, gbPerSecond, kind, l2Mib: 40 },
    sm: { computeCapability: '8.0', maxThreads: 2048, maxBlocks: 32 },
    hostLink: 'pcie4',
  });
}

/** A GH100 board (H100, H200): its chip, peaks and memory from its datasheet. */
function gh100(
  board: Pick<NvidiaDatasheet, 'id' | 'name' | 'source' | 'chip' | 'tflops'>,
  memory: Omit<NvidiaDatasheet['memory'], 'l2Mib'>,
): GpuSpec {
  return nvidiaGpu({
    ...board,
    architecture: 'Hopper (GH100, sm_90)',
    memory: { ...memory, l2Mib: 50 },
    sm: { computeCapability: '9.0', maxThreads: 2048, maxBlocks: 32 },
    hostLink: 'pcie5',
  });
}

/** The H100 SXM's chip and peaks, which the H200 shares (bf16 runs at the fp16 rate). */
const H100_SXM = {
  chip: { sms: 132, fp32Lanes: 16896, tensorCores: 528, boostClockHz: 1.98e9 },
  tflops: { fp32: 67, tf32: 494.5, fp16: 989, bf16: 989, fp8: 1979 },
};

/** Datasheet figures of every GPU in the catalog. */
export const GPU_SPECS: Readonly<Record<CatalogGpuId, GpuSpec>> = {
  'a100-sxm-40gb': a100('a100-sxm-40gb', 'NVIDIA A100 SXM 40 GB', 40, 1555, 'HBM2'),
  'a100-sxm-80gb': a100('a100-sxm-80gb', 'NVIDIA A100 SXM 80 GB', 80, 2039, 'HBM2e'),
  'a100-pcie-40gb': a100('a100-pcie-40gb', 'NVIDIA A100 PCIe 40 GB', 40, 1555, 'HBM2'),
  'h100-sxm': gh100(
    { id: 'h100-sxm', name: 'NVIDIA H100 SXM', source: NVIDIA_H100, ...H100_SXM },
    { gib: 80, gbPerSecond: 3350, kind: 'HBM3' },
  ),
  'h100-pcie': gh100(
    {
      id: 'h100-pcie',
      name: 'NVIDIA H100 PCIe',
      source: NVIDIA_H100,
      chip: { sms: 114, fp32Lanes: 14592, tensorCores: 456, boostClockHz: 1.755e9 },
      tflops: { fp32: 51, tf32: 378, fp16: 756, bf16: 756, fp8: 1513 },
    },
    { gib: 80, gbPerSecond: 2000, kind: 'HBM2e' },
  ),
  'h200-sxm': gh100(
    { id: 'h200-sxm', name: 'NVIDIA H200 SXM', source: NVIDIA_H200, ...H100_SXM },
    { gib: 141, gbPerSecond: 4800, kind: 'HBM3e; usable capacity is a little lower' },
  ),
  'v100-sxm2-16gb': V100_SXM2_16GB,
  t4: T4,
  'rtx-4090': nvidiaGpu({
    id: 'rtx-4090',
    name: 'NVIDIA GeForce RTX 4090',
    architecture: 'Ada Lovelace (AD102, sm_89)',
    source: NVIDIA_ADA,
    chip: { sms: 128, fp32Lanes: 16384, tensorCores: 512, boostClockHz: 2.52e9 },
    tflops: { fp32: 82.6, tf32: 82.6, fp16: 165.2, bf16: 165.2, fp8: 330.3 },
    memory: { gib: 24, gbPerSecond: 1008, kind: 'GDDR6X', l2Mib: 72 },
    sm: { computeCapability: '8.9', maxThreads: 1536, maxBlocks: 24 },
    hostLink: 'pcie4',
    notes: {
      fp16: 'FP32 accumulate, as frameworks use; 330.3 with FP16 accumulate',
      bf16: 'FP32 accumulate',
    },
  }),
  'rtx-3080': nvidiaGpu({
    id: 'rtx-3080',
    name: 'NVIDIA GeForce RTX 3080 (10 GB)',
    architecture: 'Ampere (GA102, sm_86)',
    source: NVIDIA_GA102,
    chip: { sms: 68, fp32Lanes: 8704, tensorCores: 272, boostClockHz: 1.71e9 },
    tflops: { fp32: 29.8, tf32: 29.8, fp16: 59.5, bf16: 59.5 },
    memory: { gib: 10, gbPerSecond: 760, kind: 'GDDR6X', l2Mib: 5 },
    sm: { computeCapability: '8.6', maxThreads: 1536, maxBlocks: 16 },
    hostLink: 'pcie4',
    notes: { fp16: 'FP32 accumulate; 119 with FP16 accumulate', bf16: 'FP32 accumulate' },
  }),
  'gtx-1650': nvidiaGpu({
    id: 'gtx-1650',
    name: 'NVIDIA GeForce GTX 1650',
    architecture: 'Turing (TU117, sm_75), no tensor cores',
    source: NVIDIA_GTX1650,
    chip: { sms: 14, fp32Lanes: 896, tensorCores: 0, boostClockHz: 1.665e9 },
    tflops: { fp32: 2.98 },
    memory: { gib: 4, gbPerSecond: 128, kind: 'GDDR5', l2Mib: 1 },
    sm: { computeCapability: '7.5', maxThreads: 1024, maxBlocks: 16 },
    hostLink: 'pcie3',
    notes: { fp32: '896 x 2 x 1.665 GHz' },
  }),
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
