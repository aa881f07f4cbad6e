/**
 * Units and figures shared by every NVIDIA entry of the GPU catalog (gpus.ts and the files it
 * gathers), kept apart so those files can share them without importing each other.
 */
import { estimate, vendor, type Figure } from './figure';
import { CUDA_GUIDE_LIMITS, GPU_ALU_LATENCY, LAUNCH_LATENCY } from './sources';

/** 10^12, for TFLOP/s figures. */
export const T = 1e12;
/** 10^9, for GB/s figures. */
export const GB = 1e9;
/** Vendors quote GPU memory in binary gigabytes. */
export const GIB = 2 ** 30;
/** Binary megabytes, as vendors quote L2 sizes. */
export const MB = 2 ** 20;

/** Host-side cost of one CUDA kernel launch. */
export const NVIDIA_LAUNCH: Figure = estimate(
  5e-6,
  's',
  LAUNCH_LATENCY,
  'middle of the measured 4-6 us',
);

/** Cycles before a dependent FP32/INT32 op can issue on an NVIDIA SM. */
export const NVIDIA_ALU_LATENCY: Figure = estimate(4, 'cycles', GPU_ALU_LATENCY);

/** Resident threads per SM for a compute capability, from the CUDA guide. */
export function threadsPerSm(value: number, computeCapability: string): Figure {
  return vendor(value, 'threads', CUDA_GUIDE_LIMITS, `compute capability ${computeCapability}`);
}

/** Resident blocks per SM for a compute capability, from the CUDA guide. */
export function blocksPerSm(value: number, computeCapability: string): Figure {
  return vendor(value, 'blocks', CUDA_GUIDE_LIMITS, `compute capability ${computeCapability}`);
}
