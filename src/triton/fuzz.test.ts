/**
 * Mutated kernels (a character deleted, duplicated or replaced, a line dropped or repeated, with
 * a seeded generator) either compile and run or fail with a TritonError: never a JavaScript
 * crash, which a learner's editor would show as a bug of the course.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../torch/random';
import { TritonError, floatArg, makeTensor, runKernel } from './index';
import type { KernelArg } from './index';
import { FLASH_ATTENTION, LAYER_NORM, MATMUL, SOFTMAX, VECTOR_ADD } from './testing/kernels';

const f32 = (n: number) => makeTensor('fp32', [n]);
const f16 = (n: number) => makeTensor('fp16', [n]);

const CASES: Array<[string, string, () => KernelArg[], Record<string, number>]> = [
  ['vector add', VECTOR_ADD, () => [f32(40), f32(40), f32(40), 40], { BLOCK_SIZE: 16 }],
  ['softmax', SOFTMAX, () => [f32(40), f32(40), 20, 20, 20], { BLOCK_SIZE: 32 }],
  [
    'layer norm',
    LAYER_NORM,
    () => [f32(40), f32(40), f32(20), f32(20), 20, 20, floatArg(1e-5)],
    { BLOCK_SIZE: 16 },
  ],
  [
    'matmul',
    MATMUL,
    () => [f16(400), f16(400), f32(400), 20, 20, 20, 20, 1, 20, 1, 20, 1],
    { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 },
  ],
  [
    'attention',
    FLASH_ATTENTION,
    () => [f16(640), f16(640), f16(640), f32(640), 20, floatArg(0.25), 320, 16],
    { D: 16, BLOCK_M: 16, BLOCK_N: 16 },
  ],
];

const ALPHABET = ' \n()[]:,.=+-*/<>&|~0123456789abcdefghijklmnopqrstuvwxyz_"\'#@';

function mutate(source: string, seed: number): string {
  const rng = createRandom(seed);
  const pick = (n: number) => Math.floor(rng.uniform() * n);
  let s = source;
  for (let m = 0, count = 1 + pick(3); m < count; m++) {
    const kind = pick(5);
    const at = pick(s.length);
    if (kind === 0) s = s.slice(0, at) + s.slice(at + 1);
    else if (kind === 1) s = s.slice(0, at) + (s[at] ?? '') + s.slice(at);
    else if (kind === 2) s = s.slice(0, at) + ALPHABET[pick(ALPHABET.length)] + s.slice(at + 1);
    else {
      const lines = s.split('\n');
      const i = pick(lines.length);
      if (kind === 3) lines.splice(i, 1);
      else lines.splice(i, 0, lines[i] ?? '');
      s = lines.join('\n');
    }
  }
  return s;
}

describe('mutated kernels fail with a TritonError or run', () => {
  it.each(CASES)('%s', (_name, source, args, constexprs) => {
    const outcomes = { ran: 0, refused: 0 };
    for (let seed = 1; seed <= 60; seed++) {
      const mutant = mutate(source, seed * 7919);
      try {
        runKernel(mutant, {
          grid: [2, 2],
          args: args(),
          constexprs,
          limits: { maxIterations: 10_000, maxWork: 5_000_000 },
        });
        outcomes.ran++;
      } catch (e) {
        if (!(e instanceof TritonError))
          throw new Error(`seed ${seed * 7919}: ${String(e)}\n${mutant}`);
        expect(e.message.length).toBeGreaterThan(0);
        outcomes.refused++;
      }
    }
    expect(outcomes.ran + outcomes.refused).toBe(60);
  });
});
