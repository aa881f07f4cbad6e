/**
 * Blocks into waves: a GPU runs a grid of blocks a "wave" at a time, each wave filling every
 * SM with as many blocks as fit at once. The last wave may be partly empty (the tail effect),
 * which wastes the idle SMs' share of that wave.
 */
import { getGpu } from '../catalog/hardware';
import { finiteResult, requirePositiveInteger } from './validate';

/** Most threads one block may have on every GPU in the catalog. */
export const MAX_THREADS_PER_BLOCK = 1024;

/** How a grid of blocks spreads over a GPU's SMs. */
export interface WaveSchedule {
  blocks: number;
  threadsPerBlock: number;
  /** Blocks one SM holds at once: the least of the thread, block and resource limits. */
  residentBlocksPerSm: number;
  /** Blocks running at once across the GPU. */
  blocksPerWave: number;
  waves: number;
  /** Blocks in the last wave (equal to blocksPerWave when the grid divides evenly). */
  lastWaveBlocks: number;
  /** Share of the block slots the whole run keeps busy, in (0, 1]. */
  utilization: number;
}

/** Inputs of `scheduleWaves`, all whole numbers >= 1. */
export interface WaveInput {
  blocks: number;
  threadsPerBlock: number;
  sms: number;
  maxThreadsPerSm: number;
  maxBlocksPerSm: number;
  /** Extra cap on resident blocks per SM from registers or shared memory. */
  blocksPerSmLimit?: number;
}

/** Splits `blocks` into waves over `sms` SMs, each holding as many blocks as its limits allow. */
export function scheduleWaves(input: WaveInput): WaveSchedule {
  const { blocks, threadsPerBlock, sms, maxThreadsPerSm, maxBlocksPerSm, blocksPerSmLimit } = input;
  requirePositiveInteger('blocks', blocks);
  requirePositiveInteger('threadsPerBlock', threadsPerBlock);
  requirePositiveInteger('sms', sms);
  requirePositiveInteger('maxThreadsPerSm', maxThreadsPerSm);
  requirePositiveInteger('maxBlocksPerSm', maxBlocksPerSm);
  if (blocksPerSmLimit !== undefined) requirePositiveInteger('blocksPerSmLimit', blocksPerSmLimit);
  const threadLimit = Math.min(MAX_THREADS_PER_BLOCK, maxThreadsPerSm);
  if (threadsPerBlock > threadLimit) {
    throw new RangeError(`threadsPerBlock must be at most ${threadLimit}, got ${threadsPerBlock}`);
  }
  const residentBlocksPerSm = Math.min(
    maxBlocksPerSm,
    Math.floor(maxThreadsPerSm / threadsPerBlock),
    blocksPerSmLimit ?? Number.MAX_SAFE_INTEGER,
  );
  const blocksPerWave = sms * residentBlocksPerSm;
  const waves = Math.ceil(blocks / blocksPerWave);
  const lastWaveBlocks = blocks - (waves - 1) * blocksPerWave;
  const utilization = finiteResult('wave utilization', blocks / (waves * blocksPerWave));
  return {
    blocks,
    threadsPerBlock,
    residentBlocksPerSm,
    blocksPerWave,
    waves,
    lastWaveBlocks,
    utilization,
  };
}

/** `scheduleWaves` with the SM count and residency limits of a catalog GPU. */
export function gpuWaveSchedule(
  gpuId: string,
  blocks: number,
  threadsPerBlock: number,
  blocksPerSmLimit?: number,
): WaveSchedule {
  const gpu = getGpu(gpuId);
  return scheduleWaves({
    blocks,
    threadsPerBlock,
    sms: gpu.sms.value,
    maxThreadsPerSm: gpu.maxThreadsPerSm.value,
    maxBlocksPerSm: gpu.maxBlocksPerSm.value,
    ...(blocksPerSmLimit === undefined ? {} : { blocksPerSmLimit }),
  });
}
