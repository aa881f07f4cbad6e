import { describe, expect, it } from 'vitest';
import type { SnapshotSegment } from '../snapshot/types';
import { segmentTotals, segmentView } from './segments';

const MIB = 1024 * 1024;
const seg = (
  address: number,
  blocks: Array<[number, SnapshotSegment['blocks'][0]['state'], number?]>,
) => {
  let next = address;
  return {
    device: 0,
    address,
    totalBytes: blocks.reduce((t, [size]) => t + size, 0),
    stream: 0,
    segmentType: 'large',
    blocks: blocks.map(([size, state, requested]) => {
      const b = {
        address: next,
        sizeBytes: size,
        requestedBytes: requested ?? size,
        state,
        stackId: 0,
      };
      next += size;
      return b;
    }),
  } satisfies SnapshotSegment;
};

describe('segments', () => {
  it('sums each segment’s blocks by state, with offsets from the segment start', () => {
    const view = segmentView(
      seg(1000, [
        [4 * MIB, 'active_allocated', 4 * MIB - 100],
        [2 * MIB, 'inactive'],
        [MIB, 'active_pending_free'],
        [8 * MIB, 'inactive'],
      ]),
    );
    expect(view).toMatchObject({
      totalBytes: 15 * MIB,
      allocatedBytes: 4 * MIB,
      pendingFreeBytes: MIB,
      freeBytes: 10 * MIB,
      largestFreeBytes: 8 * MIB,
    });
    expect(view.blocks.map((b) => [b.offsetBytes, b.state])).toEqual([
      [0, 'allocated'],
      [4 * MIB, 'free'],
      [6 * MIB, 'pending-free'],
      [7 * MIB, 'free'],
    ]);
  });

  it('measures fragmentation as the share of free memory outside the largest piece', () => {
    const totals = segmentTotals([
      segmentView(
        seg(0, [
          [6 * MIB, 'inactive'],
          [2 * MIB, 'active_allocated', MIB],
        ]),
      ),
      segmentView(
        seg(1e9, [
          [2 * MIB, 'inactive'],
          [MIB, 'inactive'],
          [MIB, 'active_allocated'],
        ]),
      ),
    ]);
    expect(totals).toEqual({
      segmentCount: 2,
      reservedBytes: 12 * MIB,
      allocatedBytes: 3 * MIB,
      requestedBytes: 2 * MIB,
      pendingFreeBytes: 0,
      freeBytes: 9 * MIB,
      freePieces: 3,
      largestFreeBytes: 6 * MIB,
      fragmentation: 1 - 6 / 9,
    });
    expect(segmentTotals([]).fragmentation).toBe(0);
  });
});
