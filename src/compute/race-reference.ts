/**
 * What the CPU-vs-GPU race computes: chains of dependent u32 mixing steps, one per task, plus one
 * serial chain. The CPU workers run these functions; the WGSL kernel (gpu/kernels/race) computes
 * the same values bit for bit and is checked against them.
 */
import { fmix32 } from './hash';

/** The work of one race: `tasks` independent chains plus one serial chain. */
export interface RaceJob {
  /** How many independent tasks (task indices 0 .. tasks - 1). */
  tasks: number;
  /** Mixing steps per task. */
  iterations: number;
  /** Mixing steps in the single serial chain that runs before the batch. */
  serialIterations: number;
}

/** What a measured race produced, on the CPU workers or the GPU, and how long it took. */
export interface RaceRun {
  /** Result of task i at index i. */
  results: Uint32Array;
  /** The serial chain's result. */
  serialResult: number;
  /** Wall-clock seconds of the run (each runner says what it counts). */
  seconds: number;
}

/** Scalar integer operations in one mixing step (add, 3 xor, 3 shift, 2 multiply). */
export const RACE_OPS_PER_ITERATION = 9;

/** The fixed value the serial chain starts from. */
export const RACE_SERIAL_SEED = 0x2545f491;

/** Largest value a u32 counter in the kernel can hold. */
const U32_MAX = 0xffff_ffff;

/** The starting value of task `taskIndex`'s chain (a u32). */
export function raceSeed(taskIndex: number): number {
  return (Math.imul(taskIndex, 0x9e3779b1) ^ 0x7f4a7c15) >>> 0;
}

/** One mixing step on a u32: a Weyl increment followed by murmur3's 32-bit finaliser. */
export function raceStep(value: number): number {
  return fmix32(value + 0x6d2b79f5);
}

/** Applies `iterations` mixing steps to `start` and returns the final u32. */
export function raceChain(start: number, iterations: number): number {
  let x = start >>> 0;
  for (let i = 0; i < iterations; i++) x = raceStep(x);
  return x;
}

/** The result of task `taskIndex` after `iterations` steps, as the GPU computes it. */
export function raceTaskCpu(taskIndex: number, iterations: number): number {
  return raceChain(raceSeed(taskIndex), iterations);
}

/** Results of tasks `firstTask .. firstTask + count - 1`, in order. */
export function raceBatchCpu(firstTask: number, count: number, iterations: number): Uint32Array {
  const results = new Uint32Array(count);
  for (let i = 0; i < count; i++) results[i] = raceTaskCpu(firstTask + i, iterations);
  return results;
}

/** The serial chain's result after `iterations` steps from RACE_SERIAL_SEED. */
export function raceSerialCpu(iterations: number): number {
  return raceChain(RACE_SERIAL_SEED, iterations);
}

/** Throws a RangeError unless every field of `job` is an integer the kernel's u32s can hold. */
export function validateRaceJob(job: RaceJob): void {
  for (const name of ['tasks', 'iterations', 'serialIterations'] as const) {
    const value = job[name];
    if (!Number.isInteger(value) || value < 0 || value > U32_MAX) {
      throw new RangeError(`${name} must be an integer from 0 to ${U32_MAX}, got ${String(value)}`);
    }
  }
}
