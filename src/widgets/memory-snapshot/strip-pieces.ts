/**
 * The pieces a segment's strip draws: one per block while there are few, and runs of
 * neighbouring blocks in the same state once there are many (a 2 MiB segment of the small pool
 * can hold 4,096 blocks, too many to draw one by one). Pure.
 */
import type { BlockView } from './analysis/segments';

/** Blocks a strip draws one by one at most. */
export const MAX_STRIP_PIECES = 200;

/** One piece of a strip. */
export interface StripPiece {
  state: BlockView['state'];
  offsetBytes: number;
  sizeBytes: number;
  /** Blocks merged into this piece (1 for a single block). */
  blockCount: number;
  /** The block itself when the piece is one block. */
  block: BlockView | null;
}

/** The pieces of a strip over `blocks`, merging same-state neighbours past `maxPieces`. */
export function stripPieces(
  blocks: readonly BlockView[],
  maxPieces = MAX_STRIP_PIECES,
): StripPiece[] {
  const single = (b: BlockView): StripPiece => ({
    state: b.state,
    offsetBytes: b.offsetBytes,
    sizeBytes: b.sizeBytes,
    blockCount: 1,
    block: b,
  });
  if (blocks.length <= maxPieces) return blocks.map(single);
  const pieces: StripPiece[] = [];
  for (const b of blocks) {
    const last = pieces.at(-1);
    if (last && last.state === b.state) {
      last.sizeBytes += b.sizeBytes;
      last.blockCount++;
      last.block = null;
    } else {
      pieces.push(single(b));
    }
  }
  return pieces;
}
