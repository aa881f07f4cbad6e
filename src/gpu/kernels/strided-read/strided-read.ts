/**
 * The strided-read kernel: its parameters and its plan (launch and work, shared with the cost
 * engine). The WGSL twin is strided-read.wgsl, the CPU reference compute/strided-read-reference;
 * this file imports no WGSL.
 */
import { SECTOR_BYTES, WORD_BYTES } from '../../../compute/memory-words';
import { requireInteger } from '../../../compute/require-integer';
import { stridedSourceWords } from '../../../compute/strided-read-reference';
import { linearLaunchPlan, type KernelPlan, type KernelWork } from '../../kernel-plan';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override). */
export const STRIDED_READ_WORKGROUP_SIZE = 256;

/** Bytes of the kernel's uniform block (count, stride, two words of padding). */
export const STRIDED_READ_PARAMS_BYTES = 16;

/** The uniform block for `count` reads `stride` words apart. */
export function stridedReadParams(count: number, stride: number): Uint32Array<ArrayBuffer> {
  return new Uint32Array([count, stride, 0, 0]);
}

/**
 * Bytes of 32-byte sectors a warp-ordered launch of `count` reads `stride` words apart fetches:
 * each run of 8 sectors' worth of words shares sectors only below stride 8.
 */
export function stridedSectorBytes(count: number, stride: number): number {
  const wordsPerSector = SECTOR_BYTES / WORD_BYTES;
  const readsPerSector = Math.max(1, Math.floor(wordsPerSector / stride));
  return Math.ceil(count / readsPerSector) * SECTOR_BYTES;
}

/**
 * `count` reads `stride` words apart and `count` words written: the engine sees the sectors the
 * reads fetch (kind 'copy'), so its time grows with the stride the way DRAM traffic does.
 */
export function stridedReadPlan(
  count: number,
  stride: number,
  maxWorkgroupsPerDimension?: number,
): KernelPlan {
  requireInteger('count', count, 1);
  requireInteger('stride', stride, 1);
  const work: KernelWork = {
    name: `strided read ${count.toLocaleString('en-US')} x fp32, stride ${stride}`,
    kind: 'copy',
    precision: 'fp32',
    bytesRead: stridedSectorBytes(count, stride),
    bytesWritten: count * WORD_BYTES,
    flops: 0,
    footprintBytes: (stridedSourceWords(count, stride) + count) * WORD_BYTES,
  };
  return linearLaunchPlan(work, count, STRIDED_READ_WORKGROUP_SIZE, maxWorkgroupsPerDimension);
}
