import { describe, expect, it } from 'vitest';
import { chunkBytes, ringBytesPerGpu, ringHoldings, ringSchedule, ringSteps } from './ring';

describe('ring all-reduce schedule', () => {
  it('has N-1 reduce-scatter steps then N-1 all-gather steps', () => {
    const schedule = ringSchedule(4);
    expect(ringSteps(4)).toBe(6);
    expect(schedule.map((s) => s.phase)).toEqual([
      'reduce-scatter',
      'reduce-scatter',
      'reduce-scatter',
      'all-gather',
      'all-gather',
      'all-gather',
    ]);
    expect(schedule.map((s) => s.index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ringSchedule(1)).toEqual([]);
  });

  it('sends one chunk from each GPU to its right-hand neighbour at every step', () => {
    for (const step of ringSchedule(4)) {
      expect(step.transfers.map((t) => [t.from, t.to])).toEqual([
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 0],
      ]);
      // Every chunk is on the move once per step.
      expect(new Set(step.transfers.map((t) => t.chunk)).size).toBe(4);
    }
    expect(ringSchedule(4)[0]!.transfers.map((t) => t.chunk)).toEqual([0, 1, 2, 3]);
    expect(ringSchedule(4)[1]!.transfers.map((t) => t.chunk)).toEqual([3, 0, 1, 2]);
  });

  it('leaves GPU i with the full sum of chunk i+1 after reduce-scatter', () => {
    const held = ringHoldings(4, 3);
    held.forEach((row, gpu) => expect(row[(gpu + 1) % 4]).toBe(4));
    expect(held[0]).toEqual([1, 4, 3, 2]);
  });

  it('ends with every GPU holding every chunk fully reduced', () => {
    for (const n of [2, 3, 4, 5, 8]) {
      const held = ringHoldings(n, ringSteps(n));
      expect(held.flat().every((count) => count === n)).toBe(true);
    }
    expect(ringHoldings(3, 0)).toEqual([
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    // Past the end it stays at the end.
    expect(ringHoldings(3, 99)).toEqual(ringHoldings(3, 4));
  });

  it('sends 2(N-1)/N of the gradient from each GPU', () => {
    expect(ringBytesPerGpu(100e6, 4)).toBeCloseTo(150e6, 6);
    expect(ringBytesPerGpu(100e6, 1)).toBe(0);
    expect(chunkBytes(100e6, 4)).toBe(25e6);
    for (const n of [2, 4, 8]) {
      const sentChunks = ringSchedule(n).flatMap((s) => s.transfers.filter((t) => t.from === 0));
      expect(sentChunks.length * chunkBytes(1, n)).toBeCloseTo(ringBytesPerGpu(1, n), 12);
    }
    expect(() => ringSchedule(0)).toThrow(/whole number of GPUs/);
  });
});
