/**
 * Deliberately broken versions of the reference solutions fail their checks, each with a message
 * that names the size and the first wrong element (or the runtime's error with its line).
 */
import { describe, expect, it } from 'vitest';
import { checkPuzzle, formatNumber, positionOf } from './check';
import { findTritonPuzzle } from './index';
import type { TritonPuzzle } from './types';

function puzzle(id: string): TritonPuzzle {
  const p = findTritonPuzzle(id);
  if (!p) throw new Error(`no puzzle ${id}`);
  return p;
}

/** The solution with one piece of text replaced (which must be there). */
function broken(id: string, from: string, to: string): string {
  const source = puzzle(id).solution;
  expect(source).toContain(from);
  return source.split(from).join(to);
}

describe('broken references fail', () => {
  it('vector add without its mask stops with the line, program and offset', () => {
    const source = broken('vector-add', ', mask=mask)', ')');
    const result = checkPuzzle(puzzle('vector-add'), source);
    expect(result.ok).toBe(false);
    expect(result.cases[0]?.error?.kind).toBe('runtime');
    expect(result.message).toMatch(
      /^At n = 1 \(a single element\): the launch stopped\. line \d+: tl\.load .*offset 1/,
    );
  });

  it('vector add that only does block 0 fails one past a block, at element 128', () => {
    const source = broken('vector-add', 'pid * BLOCK_SIZE + ', '');
    const result = checkPuzzle(puzzle('vector-add'), source);
    expect(result.ok).toBe(false);
    expect(result.cases.map((c) => c.ok)).toEqual([true, true, false]);
    const first = result.cases[2]?.first;
    expect(first?.index).toBe(128);
    expect(result.message).toBe(
      `At n = 129 (one past a block): out[128] should be ${formatNumber(first?.expected ?? NaN)} but is 0 (1 of 129 elements wrong).`,
    );
  });

  it('a 2-D add whose programs all use tile row 0 fails', () => {
    const source = broken('add-2d', 'pid_m = tl.program_id(0)', 'pid_m = tl.program_id(0) * 0');
    expect(checkPuzzle(puzzle('add-2d'), source).message).toMatch(
      /^At m = 9, n = 17 .*out\[8, \d+\]/,
    );
  });

  it('a row sum that ignores the row stride fails', () => {
    const source = broken('row-sum', 'row * stride_row', 'row * n_cols');
    expect(checkPuzzle(puzzle('row-sum'), source).message).toMatch(
      /^At rows = 3, cols = 20 .*out\[1\]/,
    );
  });

  it('a softmax without the max fails on the large rows, and a constant one on any data', () => {
    const noMax = broken('fused-softmax', 'z = x - tl.max(x, axis=0)', 'z = x');
    expect(checkPuzzle(puzzle('fused-softmax'), noMax).message).toMatch(/but is (NaN|0|inf)/);
    const uniformGuess = broken('fused-softmax', 'num / den', '1.0 / n_cols');
    const result = checkPuzzle(puzzle('fused-softmax'), uniformGuess);
    expect(result.cases.map((c) => c.ok)).toEqual([true, false]);
  });

  it('a layer norm dividing by the block size instead of N fails', () => {
    const source = broken(
      'layer-norm',
      'tl.sum(total, axis=0) / N',
      'tl.sum(total, axis=0) / BLOCK_SIZE',
    );
    expect(checkPuzzle(puzzle('layer-norm'), source).ok).toBe(false);
  });

  it('a matmul without its store mask stops at the edge tile', () => {
    const source = broken(
      'tiled-matmul',
      'tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))',
      'tl.store(c_ptrs, acc)',
    );
    const result = checkPuzzle(puzzle('tiled-matmul'), source);
    expect(result.cases[0]?.error?.kind).toBe('runtime');
    expect(result.message).toMatch(/tl\.store .*c_ptr/);
  });

  it('flash attention without the rescale by alpha fails once a row spans key blocks', () => {
    const source = broken('flash-attention', 'acc = acc * alpha[:, None] + ', 'acc = acc + ');
    const result = checkPuzzle(puzzle('flash-attention'), source);
    expect(result.ok).toBe(false);
    expect(result.cases.slice(0, 2).map((c) => c.ok)).toEqual([true, true]);
    expect(result.message).toMatch(/^At heads = 1, seq_len = 37 .*o\[0, (1[6-9]|[23]\d), \d+\]/);
  });
});

describe('the checker', () => {
  it('names positions by dimension and prints numbers briefly', () => {
    expect(positionOf(0, [3, 4])).toEqual([0, 0]);
    expect(positionOf(7, [3, 4])).toEqual([1, 3]);
    expect(positionOf(13, [2, 3, 4])).toEqual([1, 0, 1]);
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(1 / 3)).toBe('0.333333');
    expect(formatNumber(NaN)).toBe('NaN');
    expect(formatNumber(-Infinity)).toBe('-inf');
  });

  it('reports a compile error of the learner’s source as a failed launch', () => {
    const source = puzzle('vector-add').solution.replace(
      'tl.arange(0, BLOCK_SIZE)',
      'tl.arange(0, 100)',
    );
    const result = checkPuzzle(puzzle('vector-add'), source);
    expect(result.ok).toBe(false);
    expect(result.cases[0]?.error?.kind).toBe('compile');
    expect(result.message).toMatch(/power of 2/);
  });
});
