import { describe, expect, it } from 'vitest';
import type { BlockView } from './analysis/segments';
import { stripPieces } from './strip-pieces';

const blocks = (states: Array<BlockView['state']>): BlockView[] =>
  states.map((state, i) => ({
    offsetBytes: i * 512,
    sizeBytes: 512,
    requestedBytes: 512,
    state,
    stackId: 0,
  }));

describe('strip pieces', () => {
  it('draws every block while there are few', () => {
    const pieces = stripPieces(blocks(['allocated', 'allocated', 'free']), 5);
    expect(pieces.map((p) => [p.state, p.blockCount, p.block !== null])).toEqual([
      ['allocated', 1, true],
      ['allocated', 1, true],
      ['free', 1, true],
    ]);
  });

  it('merges neighbours in the same state once there are many, keeping sizes and order', () => {
    const pieces = stripPieces(blocks(['allocated', 'allocated', 'free', 'free', 'allocated']), 3);
    expect(pieces.map((p) => [p.state, p.offsetBytes, p.sizeBytes, p.blockCount])).toEqual([
      ['allocated', 0, 1024, 2],
      ['free', 1024, 1024, 2],
      ['allocated', 2048, 512, 1],
    ]);
  });
});
