import { describe, expect, it } from 'vitest';
import { gridForItems, planChunks } from './dispatch';

const MAX = 65_535;

/** Checks a grid covers every item and returns its spare invocations and its row count. */
function coverage(items: number, size: number, max: number): { spare: number; rows: number } {
  const grid = gridForItems(items, size, max);
  const invocations = grid.x * grid.y * size;
  expect(invocations).toBeGreaterThanOrEqual(items);
  // The last row must reach past the final item, the rows before it must not be needed.
  expect((grid.y - 1) * grid.rowStride).toBeLessThan(Math.max(items, 1));
  return { spare: invocations - items, rows: grid.y };
}

describe('gridForItems', () => {
  it('uses a single row while the workgroups fit one dimension', () => {
    expect(gridForItems(1, 64, MAX)).toEqual({ x: 1, y: 1, rowStride: 64 });
    expect(gridForItems(65, 64, MAX)).toEqual({ x: 2, y: 1, rowStride: 128 });
    expect(gridForItems(MAX * 64, 64, MAX)).toEqual({ x: MAX, y: 1, rowStride: MAX * 64 });
  });

  it('dispatches nothing for zero items', () => {
    expect(gridForItems(0, 64, MAX)).toEqual({ x: 0, y: 1, rowStride: 0 });
  });

  it('turns 2-D one item past the per-dimension limit, with even rows', () => {
    const grid = gridForItems(MAX * 64 + 1, 64, MAX);
    expect(grid).toEqual({ x: 32_768, y: 2, rowStride: 32_768 * 64 });
    expect(grid.x).toBeLessThanOrEqual(MAX);
  });

  it('covers every item with little waste for awkward counts', () => {
    for (const items of [1, 7, 61, 63, 65, 1000, 100_003, MAX * 64 + 1, 10_000_019]) {
      const { spare, rows } = coverage(items, 64, MAX);
      // Under one spare workgroup per row, plus the partly filled last workgroup.
      expect(spare).toBeLessThan((rows + 1) * 64);
    }
    // A tiny limit forces many rows: the math must still cover every item.
    expect(gridForItems(1000, 4, 16)).toEqual({ x: 16, y: 16, rowStride: 64 });
    expect(coverage(1000, 4, 16).spare).toBe(24);
  });

  it('refuses a batch no grid can hold', () => {
    expect(() => gridForItems(16 * 16 * 4 + 1, 4, 16)).toThrow(RangeError);
  });

  it('rejects sizes that are not positive integers', () => {
    expect(() => gridForItems(-1, 64, MAX)).toThrow(RangeError);
    expect(() => gridForItems(10, 0, MAX)).toThrow(RangeError);
    expect(() => gridForItems(10, 64, 1.5)).toThrow(RangeError);
  });
});

describe('planChunks', () => {
  it('covers every item once, in order, with aligned chunk starts', () => {
    for (const [items, target] of [
      [1, 20],
      [1000, 20],
      [100_003, 20],
      [64 * 20, 20],
      [5, 3],
    ] as const) {
      const chunks = planChunks(items, target, 64);
      let next = 0;
      for (const chunk of chunks) {
        expect(chunk.first).toBe(next);
        expect(chunk.first % 64).toBe(0);
        expect(chunk.count).toBeGreaterThan(0);
        next += chunk.count;
      }
      expect(next).toBe(items);
      expect(chunks.length).toBeLessThanOrEqual(target);
    }
  });

  it('gives about the target number of chunks for big batches', () => {
    const chunks = planChunks(100_003, 20, 64);
    expect(chunks.length).toBe(20);
    expect(chunks[0]).toEqual({ first: 0, count: 5056 });
    expect(chunks.at(-1)).toEqual({ first: 19 * 5056, count: 100_003 - 19 * 5056 });
  });

  it('uses fewer chunks when the alignment makes them bigger', () => {
    expect(planChunks(1000, 20, 64)).toHaveLength(16);
    expect(planChunks(10, 20, 64)).toEqual([{ first: 0, count: 10 }]);
  });

  it('plans nothing for an empty batch and rejects bad targets', () => {
    expect(planChunks(0, 20)).toEqual([]);
    expect(() => planChunks(10, 0)).toThrow(RangeError);
    expect(() => planChunks(10, 2, 0)).toThrow(RangeError);
  });
});
