/**
 * The Triton versions of the WGSL puzzles' solutions run here (kernel and launch together) and
 * agree with each WGSL puzzle's own CPU reference at every size that puzzle is checked at; the
 * CUDA text is only checked for its shape.
 */
import { describe, expect, it } from 'vitest';
import { closeEnough } from '../../../puzzles/compare';
import { PUZZLES } from '../../../puzzles/catalog';
import type { Puzzle, PuzzleSizes } from '../../../puzzles/types';
import { type KernelArg, makeTensor, runScript, toNumbers, type TritonTensor } from '../../index';
import { uniform } from '../data';
import { matmulRef } from '../matmul';
import { softmaxOfRows } from '../reductions';
import { EQUIVALENTS, findEquivalent } from './index';

function source(id: string): string {
  const e = findEquivalent(id);
  if (!e) throw new Error(`no equivalent for ${id}`);
  return e.triton;
}

const close = (got: number[], want: number[], tol: number) =>
  want.every((w, i) => Math.abs((got[i] as number) - w) <= tol * (1 + Math.abs(w)));

/** The shape a puzzle's buffer has as a tensor, where it is not a flat vector. */
const SHAPES: Record<string, Record<string, (s: PuzzleSizes) => number[]>> = {
  'map-2d': { a: (s) => [s.rows!, s.cols!], out: (s) => [s.rows!, s.cols!] },
  broadcast: { out: (s) => [s.rows!, s.cols!] },
  transpose: { a: (s) => [s.rows!, s.cols!], out: (s) => [s.cols!, s.rows!] },
  softmax: { a: (s) => [s.rows!, s.cols!], out: (s) => [s.rows!, s.cols!] },
  'tiled-matmul': {
    a: (s) => [s.m!, s.k!],
    b: (s) => [s.k!, s.n!],
    out: (s) => [s.m!, s.n!],
  },
};

/** A tensor holding a WGSL buffer's values: f32 as fp32, u32 (all small here) as int32. */
function tensorOf(
  puzzle: Puzzle,
  name: string,
  size: PuzzleSizes,
  values: Float32Array | Uint32Array,
): TritonTensor {
  const shape = SHAPES[puzzle.id]?.[name]?.(size) ?? [values.length];
  return makeTensor(values instanceof Uint32Array ? 'int32' : 'fp32', shape, values);
}

/**
 * Runs the puzzle's Triton equivalent at one size on the puzzle's own inputs, every output
 * starting as the WGSL checker starts it (zero, or NaN for a "fill" output, so that an element
 * no program writes shows), and returns each output's values with what the reference wants.
 */
function runAtSize(puzzle: Puzzle, size: PuzzleSizes) {
  const e = findEquivalent(puzzle.id)!;
  const inputs = puzzle.inputs(size);
  const expected = puzzle.reference(size, inputs);
  const outputs: Record<string, TritonTensor> = {};
  const env: Record<string, KernelArg> = {};
  for (const name of e.env) {
    if (size[name] !== undefined) env[name] = size[name];
    else if (inputs[name]) env[name] = tensorOf(puzzle, name, size, inputs[name]);
    else if (expected[name]) {
      const want = expected[name];
      const fill = puzzle.buffers.find((b) => b.name === name)?.initial === 'fill';
      const start = want.map(() => 0);
      const tensor = tensorOf(
        puzzle,
        name,
        size,
        fill ? Float32Array.from(start, () => NaN) : start,
      );
      outputs[name] = tensor;
      env[name] = tensor;
    } else throw new Error(`${puzzle.id}: ${name} is neither a size, an input nor an output`);
  }
  runScript(e.triton, { env });
  return Object.entries(expected).map(([name, want]) => ({
    name,
    want: [...want],
    got: outputs[name] ? toNumbers(outputs[name]) : undefined,
  }));
}

describe('Triton equivalents of WGSL puzzles', () => {
  it('there is one for every WGSL puzzle, in the puzzles’ order', () => {
    expect(EQUIVALENTS.map((e) => e.wgslId)).toEqual(PUZZLES.map((p) => p.id));
  });

  describe.each(PUZZLES.map((p) => [p.id, p] as const))('%s', (_id, puzzle) => {
    it.each(puzzle.cases.map((c) => [c.label, c.size] as const))(
      'matches the WGSL puzzle’s CPU reference at %s',
      (_label, size) => {
        for (const { name, want, got } of runAtSize(puzzle, size)) {
          expect(got, `${name} is in the Triton launch`).toBeDefined();
          const wrong = want.flatMap((w, i) =>
            closeEnough(got![i]!, w, puzzle.tolerance) ? [] : [`${name}[${i}]: ${got![i]} ≠ ${w}`],
          );
          expect(wrong.slice(0, 5)).toEqual([]);
        }
      },
    );
  });

  it.each([1, 65, 300])('map, zip and guard at n = %i', (n) => {
    const av = uniform(n, n, -3, 3);
    const bv = uniform(n + 7, n, -3, 3);
    const cases: [string, (i: number) => number, Record<string, KernelArg>][] = [
      ['map', (i) => Math.fround((av[i] as number) + 10), {}],
      [
        'zip',
        (i) => Math.fround((av[i] as number) + (bv[i] as number)),
        { b: makeTensor('fp32', [n], bv) },
      ],
      ['guard', (i) => Math.fround((av[i] as number) * (av[i] as number)), {}],
    ];
    for (const [id, want, extra] of cases) {
      const out = makeTensor('fp32', [n]);
      runScript(source(id), { env: { a: makeTensor('fp32', [n], av), out, n, ...extra } });
      expect(toNumbers(out)).toEqual(Array.from({ length: n }, (_, i) => want(i)));
    }
  });

  it.each([
    [1, 1],
    [2, 65],
    [5, 131],
  ])('softmax at %i × %i', (rows, cols) => {
    const av = uniform(rows * cols, rows * cols, -100, 100);
    const out = makeTensor('fp32', [rows, cols]);
    runScript(source('softmax'), {
      env: { a: makeTensor('fp32', [rows, cols], av), out, rows, cols },
    });
    const want = softmaxOfRows(
      Array.from({ length: rows }, (_, r) => av.slice(r * cols, (r + 1) * cols)),
    );
    expect(close(toNumbers(out), want, 1e-5)).toBe(true);
  });

  it.each([
    [1, 1, 1],
    [17, 5, 33],
  ])('tiled matmul at m = %i, n = %i, k = %i', (m, n, k) => {
    const av = uniform(m * k, m * k);
    const bv = uniform(n * k + 1, k * n);
    const out = makeTensor('fp32', [m, n]);
    const env = {
      a: makeTensor('fp32', [m, k], av),
      b: makeTensor('fp32', [k, n], bv),
      out,
      m,
      n,
      k,
    };
    runScript(source('tiled-matmul'), { env });
    expect(close(toNumbers(out), matmulRef(av, bv, m, n, k), 1e-5)).toBe(true);
  });

  it('transpose follows the strides it is given: a transposed view in, a column-major out', () => {
    // a is the 5 × 3 matrix seen through a [3, 5] storage's transpose; out is 3 × 5 stored
    // column-major. Neither is contiguous, and the kernel reads only strides.
    const rows = 5;
    const cols = 3;
    const av = uniform(9, rows * cols, -4, 4);
    const storage = makeTensor('fp32', [cols, rows], av);
    const a = { ...storage, shape: [rows, cols], strides: [1, rows] };
    const out = { ...makeTensor('fp32', [rows * cols]), shape: [cols, rows], strides: [1, cols] };
    runScript(source('transpose'), { env: { a, out, rows, cols } });
    // out[c][r] = a[r][c] = storage[c][r]; out[c][r] sits at c + r * cols.
    const got = toNumbers(out);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) expect(got[c + r * cols]).toBe(av[c * rows + r]);
  });

  it('every entry has CUDA text with a kernel and a launch, and a note', () => {
    for (const e of EQUIVALENTS) {
      expect(e.cudaEquivalent).toContain('__global__');
      expect(e.cudaEquivalent).toMatch(/\/\/ .*<<<.*>>>/);
      expect(e.note.length).toBeGreaterThan(20);
      for (const name of e.env) expect(e.triton).toContain(name);
    }
    expect(findEquivalent('no-such-puzzle')).toBeUndefined();
  });
});
