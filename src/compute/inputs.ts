/**
 * Deterministic input data for the lab kernels. Values are multiples of 1/16 between -8 and 8:
 * exactly representable in f32, with products and short sums exact too, so a wrong index shows
 * up as a wrong value rather than hiding in rounding noise.
 */
import { fmix32 } from './hash';

/** A well-mixed u32 from an index and a seed (murmur3's finaliser). */
export function mixIndex(index: number, seed: number): number {
  return fmix32(Math.imul(index, 0x9e3779b1) ^ seed);
}

/** The input value at `index` for a given seed: one of -8, -7.9375, ..., 7.9375. */
export function inputValue(index: number, seed: number): number {
  return ((mixIndex(index, seed) & 0xff) - 128) / 16;
}

/** `count` input values for `seed`, as f32. */
export function makeInput(count: number, seed: number): Float32Array<ArrayBuffer> {
  const values = new Float32Array(count);
  for (let i = 0; i < count; i++) values[i] = inputValue(i, seed);
  return values;
}

/** Seeds of the kernels' input arrays (the GPU jobs and the CPU workers make the same inputs). */
export const SEEDS = { stream: 0x51ed, matmulA: 0xa11ce, matmulB: 0xb0b } as const;
