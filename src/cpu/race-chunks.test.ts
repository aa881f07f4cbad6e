import { describe, expect, it } from 'vitest';
import { planWorkerChunks } from './race-chunks';

/** Asserts the chunks tile 0 .. tasks - 1 in order and returns their sizes. */
function sizesOf(tasks: number, workers: number, perWorker?: number, min?: number): number[] {
  const chunks = planWorkerChunks(tasks, workers, perWorker, min);
  let next = 0;
  for (const chunk of chunks) {
    expect(chunk.first).toBe(next);
    next += chunk.count;
  }
  expect(next).toBe(tasks);
  return chunks.map((c) => c.count);
}

describe('planWorkerChunks', () => {
  it('gives each worker about eight chunks of a big batch', () => {
    expect(sizesOf(100_000, 4)).toEqual([...Array(31).fill(3125), 3125]);
    expect(sizesOf(100_003, 4)).toHaveLength(32);
    expect(sizesOf(100_003, 4).at(-1)).toBe(100_003 - 31 * 3126);
  });

  it('keeps chunks at least the minimum size when the batch is small', () => {
    expect(sizesOf(1000, 4)).toEqual([...Array(14).fill(67), 62]);
    expect(sizesOf(1000, 4).every((s, i, all) => i === all.length - 1 || s >= 64)).toBe(true);
  });

  it('hands a tiny batch over as one chunk, and nothing for no tasks', () => {
    expect(planWorkerChunks(7, 8)).toEqual([{ first: 0, count: 7 }]);
    expect(planWorkerChunks(64, 8)).toEqual([{ first: 0, count: 64 }]);
    expect(planWorkerChunks(0, 8)).toEqual([]);
  });

  it('follows custom chunk counts', () => {
    expect(sizesOf(10, 2, 5, 1)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(sizesOf(10, 1, 3, 1)).toEqual([4, 4, 2]);
  });

  it('rejects a pool without workers', () => {
    expect(() => planWorkerChunks(10, 0)).toThrow(RangeError);
  });
});
