/**
 * The modeled curves: the cost engine's time for the same operation on a catalog CPU (every
 * core, memory or compute bound, plus waking its threads) and on a catalog GPU with the data
 * starting and ending in host memory (a pinned copy in, the kernel with its launch, a pinned
 * copy out). Pure.
 */
import { CPU_IDS, getCpu, getGpu, listGpus } from '../../engine/catalog';
import {
  elementwiseDescriptor,
  matmulDescriptor,
  predictCpuKernel,
  predictKernel,
  predictTransfer,
  type KernelDescriptor,
} from '../../engine/models';
import { findCrossover, type Crossover } from './crossover-point';
import type { Op } from './settings';

/** The catalog CPU of the modeled CPU curve (the catalog's only one). */
export const MODELED_CPU = CPU_IDS[0] ?? 'i9-14900k';

/** Range of the modeled curves, wider than any sweep so the modeled crossover can show. */
export const MODEL_RANGE: Readonly<Record<Op, readonly [number, number]>> = {
  relu: [2 ** 8, 2 ** 28],
  matmul: [8, 8192],
};

/** Modeled points per doubling of the size. */
const POINTS_PER_OCTAVE = 4;

/** The work of `op` at `size` as the engine describes it. */
export function descriptorOf(op: Op, size: number): KernelDescriptor {
  return op === 'relu'
    ? elementwiseDescriptor(size, 'fp32', 1)
    : matmulDescriptor(size, size, size, 'fp32');
}

/** Bytes copied to the GPU and back for `op` at `size`. */
export function copyBytes(op: Op, size: number): { upBytes: number; downBytes: number } {
  return op === 'relu'
    ? { upBytes: 4 * size, downBytes: 4 * size }
    : { upBytes: 8 * size * size, downBytes: 4 * size * size };
}

/** The modeled times of one size, in seconds. */
export interface ModeledPoint {
  size: number;
  cpuSeconds: number;
  /** Copy in, kernel (with its launch), copy out. */
  gpuSeconds: number;
  gpuKernelSeconds: number;
  gpuCopySeconds: number;
}

/** Predicts one size on the catalog CPU and `gpuId`. */
export function modelPoint(op: Op, size: number, gpuId: string): ModeledPoint {
  const descriptor = descriptorOf(op, size);
  const cpu = predictCpuKernel(MODELED_CPU, descriptor);
  const kernel = predictKernel(gpuId, descriptor);
  const { upBytes, downBytes } = copyBytes(op, size);
  const up = predictTransfer({ gpu: gpuId, bytes: upBytes, direction: 'h2d', pinned: true });
  const down = predictTransfer({ gpu: gpuId, bytes: downBytes, direction: 'd2h', pinned: true });
  const gpuCopySeconds = up.seconds + down.seconds;
  return {
    size,
    cpuSeconds: cpu.seconds,
    gpuSeconds: gpuCopySeconds + kernel.seconds,
    gpuKernelSeconds: kernel.seconds,
    gpuCopySeconds,
  };
}

/** Sizes of the modeled curves: POINTS_PER_OCTAVE per doubling over MODEL_RANGE, whole numbers. */
export function modelSizes(op: Op): number[] {
  const [low, high] = MODEL_RANGE[op];
  const steps = Math.round(Math.log2(high / low) * POINTS_PER_OCTAVE);
  const sizes = new Set<number>();
  for (let i = 0; i <= steps; i++) {
    sizes.add(Math.round(low * 2 ** (i / POINTS_PER_OCTAVE)));
  }
  return [...sizes];
}

/** The modeled curves of `op` for `gpuId`, and where the GPU starts to win on them. */
export interface ModeledCurves {
  points: ModeledPoint[];
  crossover: Crossover;
  cpuName: string;
  gpuName: string;
}

/** Builds the modeled curves; sizes the GPU cannot hold are left out. */
export function modelCurves(op: Op, gpuId: string): ModeledCurves {
  const points: ModeledPoint[] = [];
  for (const size of modelSizes(op)) {
    try {
      points.push(modelPoint(op, size, gpuId));
    } catch {
      // Beyond the GPU's memory: the curve simply stops there.
    }
  }
  const crossover = findCrossover(points);
  return { points, crossover, cpuName: getCpu(MODELED_CPU).name, gpuName: getGpu(gpuId).name };
}

/** The catalog GPUs a learner can pick for the modeled curve. */
export function catalogGpuChoices(): Array<{ id: string; name: string }> {
  return listGpus().map((g) => ({ id: g.id, name: g.name }));
}
