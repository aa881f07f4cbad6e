/**
 * The two pre-Ampere data-centre GPUs of the catalog: the V100 of older clusters and the T4 of
 * free cloud notebooks. Their tensor cores run fp16 only: no bf16 and no tf32 (both arrived
 * with Ampere), so a bf16 or tf32 matmul falls back to the FP32 lanes.
 */
import { nvidiaGpu } from './gpu-common';
import { NVIDIA_T4, NVIDIA_V100 } from './sources';

/** NVIDIA Tesla V100 SXM2 16 GB (GV100): 80 SMs, 640 first-generation tensor cores. */
export const V100_SXM2_16GB = nvidiaGpu({
  id: 'v100-sxm2-16gb',
  name: 'NVIDIA V100 SXM2 16 GB',
  architecture: 'Volta (GV100, sm_70), fp16-only tensor cores',
  source: NVIDIA_V100,
  chip: { sms: 80, fp32Lanes: 5120, tensorCores: 640, boostClockHz: 1.53e9 },
  tflops: { fp32: 15.7, fp16: 125 },
  memory: { gib: 16, gbPerSecond: 900, kind: 'HBM2', l2Mib: 6 },
  sm: { computeCapability: '7.0', maxThreads: 2048, maxBlocks: 32 },
  hostLink: 'pcie3',
  notes: {
    fp32: '5120 x 2 x 1.53 GHz',
    fp16: '640 x 128 FLOPs per clock x 1.53 GHz; fp16 only (no bf16, no tf32)',
  },
});

/** NVIDIA T4 (TU104): a 70 W card whose clocks sag below the rated boost under sustained load. */
export const T4 = nvidiaGpu({
  id: 't4',
  name: 'NVIDIA T4',
  architecture: 'Turing (TU104, sm_75), fp16-only tensor cores, 70 W',
  source: NVIDIA_T4,
  chip: { sms: 40, fp32Lanes: 2560, tensorCores: 320, boostClockHz: 1.59e9 },
  tflops: { fp32: 8.1, fp16: 65 },
  memory: { gib: 16, gbPerSecond: 320, kind: 'GDDR6', l2Mib: 4 },
  sm: { computeCapability: '7.5', maxThreads: 1024, maxBlocks: 16 },
  hostLink: 'pcie3',
  notes: {
    boostClockHz:
      'rated boost; the 70 W limit pulls it lower under sustained load (see the achievable fractions)',
    fp32: '2560 x 2 x 1.59 GHz',
    fp16: 'mixed precision, 320 x 128 FLOPs per clock x 1.59 GHz; fp16 only (no bf16, no tf32)',
  },
});
