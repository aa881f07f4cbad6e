import { describe, expect, it } from 'vitest';
import { nextSort, sortAliveRows } from './peak-rows';

const row = (address: number, bytes: number, allocatedX: number | null) => ({
  address,
  bytes,
  stackId: 0,
  allocatedX,
});

describe('sorting the peak table', () => {
  const rows = [row(1, 100, 5), row(2, 300, null), row(3, 200, 1), row(4, 100, null)];

  it('sorts by size either way', () => {
    expect(sortAliveRows(rows, { key: 'bytes', descending: true }).map((r) => r.address)).toEqual([
      2, 3, 1, 4,
    ]);
    expect(sortAliveRows(rows, { key: 'bytes', descending: false }).map((r) => r.address)).toEqual([
      1, 4, 3, 2,
    ]);
  });

  it('sorts by when it was allocated, memory from before recording first', () => {
    expect(
      sortAliveRows(rows, { key: 'allocated', descending: false }).map((r) => r.address),
    ).toEqual([2, 4, 3, 1]);
  });

  it('flips the direction on a second click, and starts sizes largest first', () => {
    expect(nextSort({ key: 'bytes', descending: true }, 'bytes')).toEqual({
      key: 'bytes',
      descending: false,
    });
    expect(nextSort({ key: 'bytes', descending: true }, 'allocated')).toEqual({
      key: 'allocated',
      descending: false,
    });
    expect(nextSort({ key: 'allocated', descending: false }, 'bytes')).toEqual({
      key: 'bytes',
      descending: true,
    });
  });
});
