/**
 * The two pre-Ampere data-centre GPUs of the catalog: the V100 of older clusters and the T4 of
 * free cloud notebooks. Their tensor cores run fp16 only: no bf16 and no tf32 (both arrived
 * with Ampere), so a bf16 or tf32 matmul falls back to the FP32 lanes.
 */
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
import { vendor } from './figure';
import type { GpuSpec } from './gpu-spec';
import { NVIDIA_T4, NVIDIA_V100 } from './sources';

/** NVIDIA Tesla V100 SXM2 16 GB (GV100): 80 SMs, 640 first-generation tensor cores. */
export const V100_SXM2_16GB: GpuSpec = {
  id: 'v100-sxm2-16gb',
  name: 'NVIDIA V100 SXM2 16 GB',
  architecture: 'Volta (GV100, sm_70), fp16-only tensor cores',
  sms: vendor(80, 'SMs', NVIDIA_V100),
  fp32Cores: vendor(5120, 'lanes', NVIDIA_V100),
  tensorCores: vendor(640, 'tensor cores', NVIDIA_V100),
  boostClockHz: vendor(1.53e9, 'Hz', NVIDIA_V100),
  peakFlopsPerSecond: {
    'cuda-core': { fp32: vendor(15.7 * T, 'FLOP/s', NVIDIA_V100, '5120 x 2 x 1.53 GHz') },
    'tensor-core': {
      fp16: vendor(
        125 * T,
        'FLOP/s',
        NVIDIA_V100,
        '640 x 128 FLOPs per clock x 1.53 GHz; fp16 only (no bf16, no tf32)',
      ),
    },
  },
  memoryBytes: vendor(16 * GIB, 'B', NVIDIA_V100, 'HBM2'),
  memoryBytesPerSecond: vendor(900 * GB, 'B/s', NVIDIA_V100),
  l2Bytes: vendor(6 * MB, 'B', NVIDIA_V100),
  hostLink: 'pcie3',
  maxThreadsPerSm: threadsPerSm(2048, '7.0'),
  maxBlocksPerSm: blocksPerSm(32, '7.0'),
  launchOverheadSeconds: NVIDIA_LAUNCH,
  dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
};

/** NVIDIA T4 (TU104): a 70 W card whose clocks sag below the rated boost under sustained load. */
export const T4: GpuSpec = {
  id: 't4',
  name: 'NVIDIA T4',
  architecture: 'Turing (TU104, sm_75), fp16-only tensor cores, 70 W',
  sms: vendor(40, 'SMs', NVIDIA_T4),
  fp32Cores: vendor(2560, 'lanes', NVIDIA_T4),
  tensorCores: vendor(320, 'tensor cores', NVIDIA_T4),
  boostClockHz: vendor(
    1.59e9,
    'Hz',
    NVIDIA_T4,
    'rated boost; the 70 W limit pulls it lower under sustained load (see the achievable fractions)',
  ),
  peakFlopsPerSecond: {
    'cuda-core': { fp32: vendor(8.1 * T, 'FLOP/s', NVIDIA_T4, '2560 x 2 x 1.59 GHz') },
    'tensor-core': {
      fp16: vendor(
        65 * T,
        'FLOP/s',
        NVIDIA_T4,
        'mixed precision, 320 x 128 FLOPs per clock x 1.59 GHz; fp16 only (no bf16, no tf32)',
      ),
    },
  },
  memoryBytes: vendor(16 * GIB, 'B', NVIDIA_T4, 'GDDR6'),
  memoryBytesPerSecond: vendor(320 * GB, 'B/s', NVIDIA_T4),
  l2Bytes: vendor(4 * MB, 'B', NVIDIA_T4),
  hostLink: 'pcie3',
  maxThreadsPerSm: threadsPerSm(1024, '7.5'),
  maxBlocksPerSm: blocksPerSm(16, '7.5'),
  launchOverheadSeconds: NVIDIA_LAUNCH,
  dependentOpLatencyCycles: NVIDIA_ALU_LATENCY,
};
