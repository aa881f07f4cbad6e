import { describe, expect, it } from 'vitest';
import { predictPuzzle } from '../predict';
import { bufferDeclaration } from '../program';
import { blockSums } from './sum';
import { blockScan } from './prefix-sum';
import { rowSoftmax } from './softmax';
import { matmul } from './tiled-matmul';
import { findPuzzle, PUZZLES, puzzleNumber } from './index';

describe('the puzzle catalog', () => {
  it('has at least twelve puzzles with unique ids, in order', () => {
    expect(PUZZLES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(PUZZLES.map((p) => p.id)).size).toBe(PUZZLES.length);
    expect(puzzleNumber(findPuzzle('map')!)).toBe(1);
    expect(puzzleNumber(findPuzzle('tiled-matmul')!)).toBe(12);
    expect(findPuzzle('nope')).toBeUndefined();
  });

  for (const puzzle of PUZZLES) {
    describe(puzzle.id, () => {
      it('has a statement, a picture, two or three hints, a starter and a different solution', () => {
        expect(puzzle.statement.length).toBeGreaterThan(0);
        expect(puzzle.picture.caption.length).toBeGreaterThan(10);
        expect(puzzle.hints.length).toBeGreaterThanOrEqual(2);
        expect(puzzle.hints.length).toBeLessThanOrEqual(3);
        expect(puzzle.starter).toContain('fn main');
        expect(puzzle.solution).toContain('fn main');
        expect(puzzle.starter).not.toBe(puzzle.solution);
      });

      it('is checked at awkward sizes: one element and sizes that are not a multiple of a workgroup', () => {
        const totals = puzzle.cases.map((c) =>
          puzzle.sizeFields.reduce((product, f) => product * (c.size[f] ?? 0), 1),
        );
        expect(totals).toContain(1);
        expect(puzzle.cases.length).toBeGreaterThanOrEqual(5);
        expect(puzzle.cases.some((c) => /past/.test(c.label))).toBe(true);
      });

      it('makes the same inputs every time, and references of each output’s length', () => {
        for (const c of puzzle.cases) {
          const inputs = puzzle.inputs(c.size);
          expect(puzzle.inputs(c.size)).toEqual(inputs);
          const expected = puzzle.reference(c.size, inputs);
          for (const b of puzzle.buffers) {
            if (b.role === 'input') expect(inputs[b.name]).toHaveLength(b.length(c.size));
            else expect(expected[b.name]).toHaveLength(b.length(c.size));
          }
        }
      });

      it('launches within WebGPU’s default grid limit, at its timing size too', () => {
        for (const size of [...puzzle.cases.map((c) => c.size), puzzle.benchSize]) {
          for (const dim of puzzle.grid(size)) {
            expect(dim).toBeGreaterThanOrEqual(1);
            expect(dim).toBeLessThanOrEqual(65_535);
          }
        }
      });

      it('declares its buffers with bindings above the Size uniform and below the status buffer', () => {
        for (const b of puzzle.buffers) {
          expect(b.binding).toBeGreaterThan(0);
          expect(b.binding).toBeLessThan(7);
          expect(bufferDeclaration(b)).toMatch(
            new RegExp(`var<storage, read(_write)?> ${b.name}:`),
          );
        }
      });

      it('has a prediction from the cost engine at its timing size', () => {
        const prediction = predictPuzzle(puzzle, 'rtx-4090');
        expect(prediction.ok).toBe(true);
        if (prediction.ok) expect(prediction.seconds).toBeGreaterThan(0);
      });
    });
  }
});

describe("the puzzles' CPU references", () => {
  it('sums each block, the last one short', () => {
    expect(Array.from(blockSums(Float32Array.from([1, 2, 3, 4, 5]), 2))).toEqual([3, 7, 5]);
  });

  it('scans within each block, restarting at each', () => {
    expect(Array.from(blockScan(Float32Array.from([1, 2, 3, 4, 5]), 3))).toEqual([1, 3, 6, 4, 9]);
  });

  it('gives rows of probabilities without overflow for large values', () => {
    const out = rowSoftmax(Float32Array.from([100, 101, 102, 1000, 1000, 1000]), 2, 3);
    expect(out[0]! + out[1]! + out[2]!).toBeCloseTo(1, 6);
    expect(out[2]).toBeCloseTo(0.665241, 5);
    expect(Array.from(out.subarray(3))).toEqual([1 / 3, 1 / 3, 1 / 3].map(Math.fround));
  });

  it('multiplies row-major matrices', () => {
    // [1 2; 3 4] · [5; 6] = [17; 39]
    expect(
      Array.from(matmul(Float32Array.from([1, 2, 3, 4]), Float32Array.from([5, 6]), 2, 1, 2)),
    ).toEqual([17, 39]);
  });

  it('counts values into bins and maps elements the way the statements say', () => {
    const histogram = findPuzzle('histogram')!;
    const a = Uint32Array.from([2, 0, 2, 15]);
    const bins = histogram.reference({ n: 4 }, { a }).bins!;
    expect(bins[0]).toBe(1);
    expect(bins[2]).toBe(2);
    expect(bins[15]).toBe(1);
    const map = findPuzzle('map')!;
    expect(Array.from(map.reference({ n: 2 }, { a: Float32Array.from([1, -2]) }).out!)).toEqual([
      11, 8,
    ]);
    const transpose = findPuzzle('transpose')!;
    const t = transpose.reference(
      { rows: 2, cols: 3 },
      { a: Float32Array.from([0, 1, 2, 3, 4, 5]) },
    );
    expect(Array.from(t.out!)).toEqual([0, 3, 1, 4, 2, 5]);
    const broadcast = findPuzzle('broadcast')!;
    const b = broadcast.reference(
      { rows: 2, cols: 2 },
      { a: Float32Array.from([1, 2]), b: Float32Array.from([10, 20]) },
    );
    expect(Array.from(b.out!)).toEqual([11, 12, 21, 22]);
    const next = findPuzzle('workgroup-memory')!;
    expect(Array.from(next.reference({ n: 3 }, { a: Float32Array.from([1, 4, 9]) }).out!)).toEqual([
      3, 5, -9,
    ]);
  });
});
