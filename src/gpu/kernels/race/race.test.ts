import { describe, expect, it } from 'vitest';
import { validateDescriptor } from '../../../engine/models';
import { raceDescriptor, raceSerialDescriptor } from './race';
import {
  raceBatchCpu,
  raceSeed,
  raceSerialCpu,
  raceStep,
  raceTaskCpu,
  validateRaceJob,
} from '../../../compute/race-reference';

// An independent re-implementation in BigInt arithmetic with an explicit 32-bit mask, so a
// slip in the Math.imul / >>> 0 version (a lost sign, a missed wrap) shows up as a mismatch.
const MASK = 0xffff_ffffn;
const bigSeed = (task: bigint): bigint => ((task * 0x9e3779b1n) & MASK) ^ 0x7f4a7c15n;
function bigStep(value: bigint): bigint {
  let x = (value + 0x6d2b79f5n) & MASK;
  x ^= x >> 16n;
  x = (x * 0x85ebca6bn) & MASK;
  x ^= x >> 13n;
  x = (x * 0xc2b2ae35n) & MASK;
  x ^= x >> 16n;
  return x;
}
function bigTask(task: number, iterations: number): number {
  let x = bigSeed(BigInt(task));
  for (let i = 0; i < iterations; i++) x = bigStep(x);
  return Number(x);
}

describe('race CPU reference', () => {
  it('matches values computed once with Python integers', () => {
    expect(raceTaskCpu(0, 0)).toBe(0x7f4a7c15);
    expect(raceTaskCpu(0, 1)).toBe(0xfdfc0f07);
    expect(raceTaskCpu(1, 0)).toBe(0xe17d05a4);
    expect(raceTaskCpu(1, 1)).toBe(0x071d389f);
    expect(raceTaskCpu(7, 10)).toBe(0x32e337c6);
    expect(raceTaskCpu(123_456, 1000)).toBe(0x34c72c82);
    expect(raceTaskCpu(0xffff_ffff, 3)).toBe(0x42d7194e);
    expect(raceTaskCpu(65_535 * 64, 5)).toBe(0x51be4ced);
  });

  it('matches the serial chain computed once with Python integers', () => {
    // Zero steps leave the chain at its seed.
    expect(raceSerialCpu(0)).toBe(0x2545f491);
    expect(raceSerialCpu(1)).toBe(0xae2b7493);
    expect(raceSerialCpu(1000)).toBe(0x03b7959e);
    expect(raceSerialCpu(1_000_000)).toBe(0xcaa8d03a);
  });

  it('agrees with a BigInt re-implementation across tasks and iteration counts', () => {
    const tasks = [0, 1, 2, 63, 64, 65, 1000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];
    for (const task of tasks) {
      expect(raceSeed(task)).toBe(Number(bigSeed(BigInt(task))));
      for (const iterations of [0, 1, 2, 17]) {
        expect(raceTaskCpu(task, iterations)).toBe(bigTask(task, iterations));
      }
    }
  });

  it('keeps every step inside u32 and never sticks at a fixed point', () => {
    let x = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      x = raceStep(x);
      expect(Number.isInteger(x) && x >= 0 && x <= 0xffff_ffff).toBe(true);
      seen.add(x);
    }
    expect(seen.size).toBe(1000);
  });

  it('lays a batch out in task order from its first task', () => {
    const batch = raceBatchCpu(10, 5, 3);
    expect(batch).toBeInstanceOf(Uint32Array);
    expect(Array.from(batch)).toEqual([10, 11, 12, 13, 14].map((t) => bigTask(t, 3)));
    expect(raceBatchCpu(0, 0, 3).length).toBe(0);
  });
});

describe('validateRaceJob', () => {
  it('accepts integers within u32', () => {
    expect(() => validateRaceJob({ tasks: 0, iterations: 0, serialIterations: 0 })).not.toThrow();
    expect(() =>
      validateRaceJob({ tasks: 1, iterations: 0xffff_ffff, serialIterations: 5 }),
    ).not.toThrow();
  });

  it.each([
    [{ tasks: -1, iterations: 1, serialIterations: 1 }, /tasks/],
    [{ tasks: 1.5, iterations: 1, serialIterations: 1 }, /tasks/],
    [{ tasks: 1, iterations: Number.NaN, serialIterations: 1 }, /iterations/],
    [{ tasks: 1, iterations: 1, serialIterations: 2 ** 32 }, /serialIterations/],
  ])('rejects %o with a RangeError', (job, pattern) => {
    expect(() => validateRaceJob(job)).toThrow(RangeError);
    expect(() => validateRaceJob(job)).toThrow(pattern);
  });
});

describe('race descriptors', () => {
  it('describes the batch: 9 ops per step, one u32 written per task, workgroups of 64', () => {
    // A step (bigStep above) is 1 add, 3 xors, 3 shifts and 2 multiplies: 9 ops.
    const descriptor = raceDescriptor(1000, 50);
    expect(descriptor).toEqual({
      name: 'race 1000 tasks x 50 steps',
      kind: 'other',
      precision: 'fp32',
      bytesRead: 0,
      bytesWritten: 4000,
      flops: 1000 * 50 * 9,
      threadsPerBlock: 64,
      blocks: 16,
      footprintBytes: 4000,
    });
    expect(() => validateDescriptor(descriptor)).not.toThrow();
  });

  it('describes an empty batch without a block count the engine would reject', () => {
    const descriptor = raceDescriptor(0, 50);
    expect(descriptor.blocks).toBeUndefined();
    expect(descriptor.flops).toBe(0);
    expect(() => validateDescriptor(descriptor)).not.toThrow();
  });

  it('describes the serial stage as one thread', () => {
    const descriptor = raceSerialDescriptor(1_000_000);
    expect(descriptor).toMatchObject({ flops: 9_000_000, threadsPerBlock: 1, blocks: 1 });
    expect(() => validateDescriptor(descriptor)).not.toThrow();
  });

  it('rejects impossible sizes', () => {
    expect(() => raceDescriptor(-1, 1)).toThrow(RangeError);
    expect(() => raceSerialDescriptor(0.5)).toThrow(RangeError);
  });
});
