/**
 * The cost engine's description of a puzzle kernel's work (fp32): what it reads, writes and
 * computes, counted in f32 words and FLOPs, and the blocks its launch (shared.ts) starts.
 */
import type { KernelDescriptor, KernelKind } from '../../engine/models';
import { groups, WORD_BYTES } from './shared';

/** The engine's description of a puzzle kernel's work (fp32). */
export function describeWork(work: {
  name: string;
  kind: KernelKind;
  bytesRead: number;
  bytesWritten: number;
  flops: number;
  threadsPerBlock: number;
  blocks: number;
}): KernelDescriptor {
  return { ...work, precision: 'fp32' };
}

/** What a puzzle kernel moves and computes at one size: f32 words read and written, FLOPs. */
export interface PuzzleWork {
  wordsRead: number;
  wordsWritten: number;
  flops: number;
}

/** `work` in the engine's terms, with the launch's threads per block and blocks. */
function launched(
  name: string,
  kind: KernelKind,
  work: PuzzleWork,
  threadsPerBlock: number,
  blocks: number,
): KernelDescriptor {
  return describeWork({
    name,
    kind,
    bytesRead: work.wordsRead * WORD_BYTES,
    bytesWritten: work.wordsWritten * WORD_BYTES,
    flops: work.flops,
    threadsPerBlock,
    blocks,
  });
}

/** The work of a launch over `n` elements in workgroups of `wg` threads (`overElements`). */
export function workOverElements(
  name: string,
  kind: KernelKind,
  n: number,
  wg: number,
  work: PuzzleWork,
): KernelDescriptor {
  return launched(name, kind, work, wg, groups(n, wg));
}

/** The work of a launch over a rows × cols matrix in `tile` × `tile` workgroups (`overTiles`). */
export function workOverTiles(
  name: string,
  kind: KernelKind,
  size: { rows: number; cols: number; tile: number },
  work: PuzzleWork,
): KernelDescriptor {
  const { rows, cols, tile } = size;
  return launched(name, kind, work, tile * tile, groups(cols, tile) * groups(rows, tile));
}

/**
 * The work of a 1-D elementwise puzzle: `n` threads in workgroups of `wg`, each reading one
 * value of each of its `inputs` arrays, doing one flop and writing one value.
 */
export function elementwiseWork(name: string, n: number, wg: number, inputs = 1): KernelDescriptor {
  return workOverElements(name, 'elementwise', n, wg, {
    wordsRead: inputs * n,
    wordsWritten: n,
    flops: n,
  });
}
