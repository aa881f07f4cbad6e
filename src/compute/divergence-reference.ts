/**
 * What the divergence kernel computes, without a GPU: each invocation takes one of two paths of
 * u32 arithmetic, chosen by a branch on its lane (or on its data), and writes the low 16 bits of
 * the result as an f32 (exact). The branch rules are the ones the warp view draws. Pure.
 */
import { mixIndex } from './inputs';
import { requireInteger } from './require-integer';

/** Lanes in an NVIDIA warp: the width the branch rules group invocations by. */
export const WARP_LANES = 32;

/** The branch rules, in the order the kernel numbers them (its `kind` parameter). */
export const BRANCH_KINDS = ['uniform', 'even', 'half', 'data'] as const;
/** One branch rule. */
export type BranchKind = (typeof BRANCH_KINDS)[number];

/** The condition each rule tests, as the kernel's WGSL writes it. */
export const BRANCH_CONDITIONS: Readonly<Record<BranchKind, string>> = {
  uniform: '(id / 64u) % 2u == 0u',
  even: 'lane % 2u == 0u',
  half: 'lane < 16u',
  data: 'x % 2u == 0u',
};

/** Seed of the divergence kernel's input words (and of the warp view's data lanes). */
export const DIVERGENCE_SEED = 0xd1ce;

/** The input word of invocation `id`. */
export function divergenceInput(id: number): number {
  return mixIndex(id, DIVERGENCE_SEED) >>> 0;
}

/** Whether invocation `id`, holding word `x`, takes the if-path under `kind`. */
export function takesIfPath(kind: BranchKind, id: number, x: number): boolean {
  const lane = id % WARP_LANES;
  switch (kind) {
    case 'uniform':
      return Math.floor(id / 64) % 2 === 0;
    case 'even':
      return lane % 2 === 0;
    case 'half':
      return lane < 16;
    case 'data':
      return x % 2 === 0;
  }
}

/** The if-path: `trips` steps of a linear congruential generator. */
export function ifPath(x: number, trips: number): number {
  let v = x >>> 0;
  for (let t = 0; t < trips; t++) v = (Math.imul(v, 1664525) + 1013904223) >>> 0;
  return v;
}

/** The else-path: `trips` rounds of xorshift32. */
export function elsePath(x: number, trips: number): number {
  let v = x >>> 0;
  for (let t = 0; t < trips; t++) {
    v = (v ^ (v << 13)) >>> 0;
    v = (v ^ (v >>> 17)) >>> 0;
    v = (v ^ (v << 5)) >>> 0;
  }
  return v;
}

/** The CPU reference: `count` invocations under `kind`, `trips` steps per path. */
export function divergenceCpu(count: number, kind: BranchKind, trips: number): Float32Array {
  requireInteger('count', count, 1);
  requireInteger('trips', trips, 0);
  const out = new Float32Array(count);
  for (let id = 0; id < count; id++) {
    const x = divergenceInput(id);
    const v = takesIfPath(kind, id, x) ? ifPath(x, trips) : elsePath(x, trips);
    out[id] = v & 0xffff;
  }
  return out;
}
