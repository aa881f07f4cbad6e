/**
 * Every Triton puzzle: its reference passes its own checker on the interpreter, its starter runs
 * (no syntax, subset or compile error) and fails with a message naming a size and an element or
 * the runtime's error, and the catalog is well formed.
 */
import { describe, expect, it } from 'vitest';
import { checkPuzzle } from './check';
import { TRITON_PUZZLES, findTritonPuzzle } from './index';

describe.each(TRITON_PUZZLES.map((p) => [p.id, p] as const))('puzzle %s', (_id, puzzle) => {
  it('its reference solution passes at every size', () => {
    const result = checkPuzzle(puzzle, puzzle.solution);
    expect(result.message).toBe(`Passed at all ${puzzle.cases.length} sizes.`);
    expect(result.ok).toBe(true);
  });

  it('its starter runs but fails the check, saying where', () => {
    const result = checkPuzzle(puzzle, puzzle.starter);
    expect(result.ok).toBe(false);
    const last = result.cases[result.cases.length - 1];
    expect(last?.ok).toBe(false);
    if (last?.error) expect(['runtime']).toContain(last.error.kind);
    expect(result.message).toMatch(/^At .+: /);
    if (!last?.error) expect(result.message).toMatch(/\[[\d, ]+\] should be .+ but is /);
  });

  it('has two to four non-empty hints, a statement, a figure and cases below a block', () => {
    expect(puzzle.hints.length).toBeGreaterThanOrEqual(2);
    expect(puzzle.hints.length).toBeLessThanOrEqual(4);
    for (const h of puzzle.hints) expect(h.trim().length).toBeGreaterThan(10);
    expect(puzzle.statement.length).toBeGreaterThan(0);
    expect(puzzle.figure.length).toBeGreaterThan(20);
    expect(puzzle.cases.length).toBeGreaterThanOrEqual(3);
    expect(puzzle.starter).not.toBe(puzzle.solution);
  });
});

describe('the catalog', () => {
  it('has at least ten puzzles with unique ids, titles and statements', () => {
    expect(TRITON_PUZZLES.length).toBeGreaterThanOrEqual(10);
    const ids = TRITON_PUZZLES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(TRITON_PUZZLES.map((p) => p.title)).size).toBe(ids.length);
    expect(new Set(TRITON_PUZZLES.map((p) => p.statement.join('\n'))).size).toBe(ids.length);
    expect(findTritonPuzzle('vector-add')?.title).toBe('Vector add');
    expect(findTritonPuzzle('nope')).toBeUndefined();
  });
});
