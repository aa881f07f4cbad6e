/**
 * The roofline of one kernel on a catalog CPU, the counterpart of kernel.ts for the host: the
 * larger of its memory time (bytes over achievable DRAM bandwidth) and its compute time (FLOPs
 * over the sustained FP32 rate of all cores), plus one wake-and-join of the worker threads.
 *
 * Simplifications, on purpose: caches are ignored (a small array that fits in L3 would stream
 * faster than DRAM), every kind of work uses the same FP32 rate, and the thread pool is woken
 * for every kernel, however small (PyTorch runs small tensors on one thread instead).
 */
import { validateDescriptor, type KernelDescriptor } from './descriptor';
import { estimate, type Figure } from '../catalog/figure';
import { getCpu } from '../catalog/hardware';
import { ENGINE_ESTIMATE } from '../catalog/sources';
import { rooflineTime } from './kernel';

/** Share of the DRAM peak a multithreaded streaming loop reaches on a desktop CPU. */
export const CPU_ACHIEVABLE_MEMORY_SHARE: Figure = estimate(
  0.8,
  'ratio',
  ENGINE_ESTIMATE,
  'STREAM-style loops on dual-channel DDR5 desktops typically reach 75-85% of the datasheet rate',
);

/** Share of the FP32 peak a tuned multithreaded kernel (a BLAS matmul) sustains. */
export const CPU_ACHIEVABLE_FLOPS_SHARE: Figure = estimate(
  0.4,
  'ratio',
  ENGINE_ESTIMATE,
  'about 1 TFLOP/s sustained against the 2.56 TFLOP/s AVX2 peak, as the course material quotes',
);

/** A kernel's predicted time on a CPU and how it breaks down. */
export interface CpuKernelPrediction {
  seconds: number;
  memorySeconds: number;
  computeSeconds: number;
  /** Waking the worker threads and joining them again. */
  overheadSeconds: number;
  bound: 'memory' | 'compute' | 'overhead';
  bytesPerSecond: number;
  flopsPerSecond: number;
}

/** Predicts how long `descriptor` takes on the catalog CPU `cpuId`, using every core. */
export function predictCpuKernel(cpuId: string, descriptor: KernelDescriptor): CpuKernelPrediction {
  validateDescriptor(descriptor);
  const cpu = getCpu(cpuId);
  const bytesPerSecond = cpu.memoryBytesPerSecond.value * CPU_ACHIEVABLE_MEMORY_SHARE.value;
  const flopsPerSecond = cpu.fp32FlopsPerSecond.value * CPU_ACHIEVABLE_FLOPS_SHARE.value;
  const overheadSeconds = cpu.threadPoolOverheadSeconds.value;
  const time = rooflineTime(
    descriptor,
    { bytesPerSecond, flopsPerSecond, overheadSeconds },
    'CPU ',
  );
  return {
    seconds: time.seconds,
    memorySeconds: time.memorySeconds,
    computeSeconds: time.computeSeconds,
    overheadSeconds,
    bound: time.bound,
    bytesPerSecond,
    flopsPerSecond,
  };
}
