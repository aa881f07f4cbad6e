/**
 * How long one load from a GPU's device memory takes to come back, for the warp view's latency
 * hiding table. Vendors publish no such figure; pointer-chasing microbenchmarks put a load that
 * misses both caches at several hundred core cycles on recent NVIDIA GPUs, so the catalog keeps
 * one estimate in cycles and converts it at each GPU's boost clock.
 */
import { estimate, type Figure } from './figure';
import type { GpuSpec } from './gpu-spec';

/** Microbenchmark studies of NVIDIA GPUs' memory hierarchies. */
export const GPU_MEMORY_LATENCY =
  'Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking" (2018) and "... Turing T4 ..." (2019); Chips and Cheese, "Nvidia\'s H100: Funny L2, and Tons of Bandwidth" (2023): a global-memory load that misses L1 and L2 returns after several hundred core cycles';

/** Core cycles one load that misses every cache waits for device memory. */
export const MEMORY_LATENCY_CYCLES: Figure = estimate(
  600,
  'cycles',
  GPU_MEMORY_LATENCY,
  'a round figure within the published range (roughly 400-800 cycles, depending on the GPU, its clocks and TLB hits); real latency rises further under load',
);

/** The memory latency of `gpu` in seconds: MEMORY_LATENCY_CYCLES at its boost clock. */
export function memoryLatencySeconds(gpu: Pick<GpuSpec, 'boostClockHz'>): Figure {
  const cycles = MEMORY_LATENCY_CYCLES.value;
  return estimate(
    cycles / gpu.boostClockHz.value,
    's',
    GPU_MEMORY_LATENCY,
    `${cycles} cycles at the ${(gpu.boostClockHz.value / 1e9).toFixed(2)} GHz boost clock`,
  );
}
