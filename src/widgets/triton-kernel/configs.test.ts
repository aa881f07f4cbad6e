import { describe, expect, it } from 'vitest';
import { findTritonPuzzle, type TritonPuzzle } from '../../triton/puzzles/index';
import { timingSize } from '../../triton-page/timing';
import {
  AUTOTUNE_PLANS,
  autotuneDecorator,
  autotuneKey,
  autotunePlan,
  configText,
  pythonTuple,
  workgroupSizeOf,
} from './configs';
import { interpreterTrial } from './trials';

const puzzle = (id: string): TritonPuzzle => findTritonPuzzle(id)!;

describe('autotune plans', () => {
  it('declares each plan for a Triton puzzle, with that puzzle’s own block sizes', () => {
    expect(Object.keys(AUTOTUNE_PLANS).sort()).toEqual([
      'fused-softmax',
      'tiled-matmul',
      'vector-add',
    ]);
    for (const [id, plan] of Object.entries(AUTOTUNE_PLANS)) {
      const p = puzzle(id);
      expect(Object.keys(plan.size).sort(), id).toEqual(Object.keys(p.cases[0]!.size).sort());
      const keys = new Set(plan.configs.map(configText));
      expect(keys.size, `${id}: configs repeat`).toBe(plan.configs.length);
      for (const c of plan.configs) {
        expect(Object.keys(c.constexprs).sort(), id).toEqual(
          Object.keys(p.launch.constexprs).sort(),
        );
        expect([1, 2, 4, 8], configText(c)).toContain(c.numWarps);
        expect(workgroupSizeOf(c)).toBeLessThanOrEqual(256);
        for (const v of Object.values(c.constexprs)) expect(Math.log2(v) % 1).toBe(0);
      }
    }
  });

  it('keeps tl.dot tiles at Triton’s minimum of 16 and the softmax block at least a row', () => {
    for (const c of AUTOTUNE_PLANS['tiled-matmul']!.configs) {
      for (const v of Object.values(c.constexprs)) expect(v).toBeGreaterThanOrEqual(16);
    }
    for (const c of AUTOTUNE_PLANS['fused-softmax']!.configs) {
      expect(c.constexprs.BLOCK_SIZE).toBeGreaterThanOrEqual(
        AUTOTUNE_PLANS['fused-softmax']!.size.cols!,
      );
    }
  });

  it('computes the right numbers with every declared config (interpreter, at each puzzle’s largest check)', async () => {
    for (const [id, plan] of Object.entries(AUTOTUNE_PLANS)) {
      const p = puzzle(id);
      for (const c of plan.configs) {
        const trial = interpreterTrial(p, p.solution, c, timingSize(p));
        await trial.run();
        expect(trial.check().message, `${id} ${configText(c)}`).toBe('');
      }
    }
  });

  it('tries a puzzle’s own block sizes with 1, 2, 4 and 8 warps where none are declared', () => {
    const plan = autotunePlan(puzzle('layer-norm'));
    expect(plan.declared).toBe(false);
    expect(plan.size).toEqual(timingSize(puzzle('layer-norm')));
    expect(plan.configs.map((c) => c.numWarps)).toEqual([1, 2, 4, 8]);
    expect(plan.configs.map(workgroupSizeOf)).toEqual([32, 64, 128, 256]);
    expect(plan.configs[0]!.constexprs).toEqual(puzzle('layer-norm').launch.constexprs);
    expect(autotunePlan(puzzle('tiled-matmul')).declared).toBe(true);
  });

  it('writes a config as Triton does, and the plan as the decorator above the kernel', () => {
    const plan = autotunePlan(puzzle('tiled-matmul'));
    expect(configText(plan.configs[2]!)).toBe(
      'BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 16, num_warps: 4',
    );
    const text = autotuneDecorator(puzzle('tiled-matmul'), plan);
    expect(text.split('\n')).toEqual([
      '@triton.autotune(',
      '    configs=[',
      "        triton.Config({'BLOCK_M': 16, 'BLOCK_N': 16, 'BLOCK_K': 16}, num_warps=1),",
      "        triton.Config({'BLOCK_M': 16, 'BLOCK_N': 16, 'BLOCK_K': 16}, num_warps=4),",
      "        triton.Config({'BLOCK_M': 32, 'BLOCK_N': 32, 'BLOCK_K': 16}, num_warps=4),",
      "        triton.Config({'BLOCK_M': 32, 'BLOCK_N': 32, 'BLOCK_K': 32}, num_warps=4),",
      "        triton.Config({'BLOCK_M': 64, 'BLOCK_N': 32, 'BLOCK_K': 16}, num_warps=8),",
      "        triton.Config({'BLOCK_M': 64, 'BLOCK_N': 64, 'BLOCK_K': 16}, num_warps=8),",
      '    ],',
      "    key=['M', 'N', 'K'],",
      ')',
    ]);
  });

  it('keys the cache by the kernel’s size arguments, as @triton.autotune(key=...) names them', () => {
    expect(autotuneKey(puzzle('tiled-matmul'), { m: 128, n: 64, k: 32 })).toEqual({
      names: ['M', 'N', 'K'],
      values: [128, 64, 32],
    });
    expect(autotuneKey(puzzle('fused-softmax'), { rows: 1024, cols: 64 })).toEqual({
      names: ['n_cols'],
      values: [64],
    });
    expect(autotuneKey(puzzle('vector-add'), { n: 5 })).toEqual({
      names: ['n_elements'],
      values: [5],
    });
    expect(pythonTuple(['M', 'N', 'K'])).toBe('(M, N, K)');
    expect(pythonTuple([64])).toBe('(64,)');
  });
});
