/**
 * The FMA throughput kernel: its parameters, its plan (launch and work, shared with the cost
 * engine), its CPU reference and the most invocations a device allows. The WGSL twin is
 * fma.wgsl; this file imports no WGSL.
 */
import { linearLaunchPlan, type KernelPlan, type KernelWork } from '../../kernel-plan';
import { requireInteger } from '../../../compute/require-integer';
import { maxBufferBytes, type SizeLimits } from '../../sizes/size-fit';
import { VEC4_BYTES } from '../../vec4-stream';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override). */
export const FMA_WORKGROUP_SIZE = 256;

/** Independent vec4 chains per invocation. */
export const FMA_CHAINS = 8;

/** Steps of every chain per trip of the loop. */
export const FMA_STEPS_PER_TRIP = 4;

/** FLOPs per invocation per trip: 4 steps x 8 chains x 4 lanes x 2 (an FMA counts as 2). */
export const FMA_FLOPS_PER_TRIP = FMA_STEPS_PER_TRIP * FMA_CHAINS * 4 * 2;

/** Trips of the loop the lab runs: 65,536 FLOPs per invocation. */
export const FMA_DEFAULT_TRIPS = 256;

/** The multiplier the host passes: -1 turns each step into x -> offset - x, exact in f32. */
export const FMA_SCALE = -1;

/**
 * The offsets of a trip's four steps. Two steps add o2 - o1 to x and the next two o4 - o3, so
 * each trip moves every lane by (0.75 - 0.5) + (1 - 1) = 0.25: the result shows how many trips
 * really ran.
 */
export const FMA_OFFSETS: readonly [number, number, number, number] = [0.5, 0.75, 1, 1];

/** How far one trip moves each lane. */
export const FMA_DRIFT_PER_TRIP =
  FMA_OFFSETS[1] - FMA_OFFSETS[0] + (FMA_OFFSETS[3] - FMA_OFFSETS[2]);

/** Bytes of the kernel's uniform block (threads, trips, scale, padding, offsets). */
export const FMA_PARAMS_BYTES = 32;

/** The uniform block for `threads` invocations of `trips` trips, as the WGSL lays it out. */
export function fmaParams(threads: number, trips: number): ArrayBuffer {
  const buffer = new ArrayBuffer(FMA_PARAMS_BYTES);
  const u32 = new Uint32Array(buffer);
  const f32 = new Float32Array(buffer);
  u32[0] = threads;
  u32[1] = trips;
  f32[2] = FMA_SCALE;
  f32.set(FMA_OFFSETS, 4);
  return buffer;
}

/**
 * `threads` invocations of `trips` trips: FMA_FLOPS_PER_TRIP FLOPs per trip, one vec4 written
 * per invocation, nothing read. The engine runs kind 'other' on its FP32 lanes.
 */
export function fmaPlan(
  threads: number,
  trips = FMA_DEFAULT_TRIPS,
  maxWorkgroupsPerDimension?: number,
): KernelPlan {
  requireInteger('threads', threads, 1);
  requireInteger('trips', trips, 0);
  const bytesWritten = threads * VEC4_BYTES;
  const work: KernelWork = {
    name: `FMA chains ${threads.toLocaleString('en-US')} threads x ${trips} trips`,
    kind: 'other',
    precision: 'fp32',
    bytesRead: 0,
    bytesWritten,
    flops: threads * trips * FMA_FLOPS_PER_TRIP,
    footprintBytes: bytesWritten,
  };
  return linearLaunchPlan(work, threads, FMA_WORKGROUP_SIZE, maxWorkgroupsPerDimension);
}

/** The starting vec4 of chain `chain` (0..7) of invocation `thread`, as the WGSL builds it. */
function chainStart(thread: number, chain: number): number[] {
  const seed = (thread % 64) * 0.25;
  return [0, 0.5, 1, 1.5].map((lane) => seed + lane + 2 * chain);
}

/**
 * The CPU reference: invocation t's vec4 at [4t, 4t + 4). Each trip adds FMA_DRIFT_PER_TRIP to
 * every lane of every chain, so a chain ends at start + trips x 0.25, and the result is the sum
 * of the eight chains. Every value on the way is a multiple of 1/4 below 2^20 for the trip
 * counts the lab uses, which f32 holds exactly: the GPU must match bit for bit.
 */
export function fmaCpu(threads: number, trips: number): Float32Array {
  const out = new Float32Array(threads * 4);
  const drift = trips * FMA_DRIFT_PER_TRIP;
  for (let t = 0; t < threads; t++) {
    for (let lane = 0; lane < 4; lane++) {
      let sum = 0;
      for (let chain = 0; chain < FMA_CHAINS; chain++) {
        sum += (chainStart(t, chain)[lane] as number) + drift;
      }
      out[t * 4 + lane] = sum;
    }
  }
  return out;
}

/** Runs the chains step by step on the CPU, in f32: the slow, literal twin of fmaCpu. */
export function fmaCpuLiteral(threads: number, trips: number): Float32Array {
  const out = new Float32Array(threads * 4);
  const f = Math.fround;
  for (let t = 0; t < threads; t++) {
    const chains = Array.from({ length: FMA_CHAINS }, (_, chain) => chainStart(t, chain).map(f));
    for (let i = 0; i < trips; i++) {
      for (const offset of FMA_OFFSETS) {
        for (const x of chains) {
          for (let lane = 0; lane < 4; lane++)
            x[lane] = f(f((x[lane] as number) * FMA_SCALE) + offset);
        }
      }
    }
    for (let lane = 0; lane < 4; lane++) {
      const v = chains.map((x) => x[lane] as number);
      const pair = (a: number, b: number): number => f(a + b);
      out[t * 4 + lane] = pair(
        pair(pair(v[0]!, v[1]!), pair(v[2]!, v[3]!)),
        pair(pair(v[4]!, v[5]!), pair(v[6]!, v[7]!)),
      );
    }
  }
  return out;
}

/** The most FMA invocations a device allows: one vec4 of output each, on a 2-D grid. */
export function maxFmaThreads(limits: SizeLimits): number {
  const grid = limits.maxComputeWorkgroupsPerDimension ** 2;
  return Math.min(Math.floor(maxBufferBytes(limits) / VEC4_BYTES), grid * FMA_WORKGROUP_SIZE);
}
