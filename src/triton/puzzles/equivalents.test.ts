/**
 * The Triton versions of the WGSL puzzles' solutions run here (kernel and launch together) and
 * agree with a CPU reference at awkward sizes; the CUDA text is only checked for its shape.
 */
import { describe, expect, it } from 'vitest';
import { type KernelArg, makeTensor, runScript, toNumbers } from '../index';
import { uniform } from './data';
import { EQUIVALENTS, findEquivalent } from './equivalents';
import { matmulRef } from './matmul';
import { softmaxOfRows } from './reductions';

function source(id: string): string {
  const e = findEquivalent(id);
  if (!e) throw new Error(`no equivalent for ${id}`);
  return e.triton;
}

const close = (got: number[], want: number[], tol: number) =>
  want.every((w, i) => Math.abs((got[i] as number) - w) <= tol * (1 + Math.abs(w)));

describe('Triton equivalents of WGSL puzzles', () => {
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

  it('every entry has CUDA text with a kernel and a launch, and ids are unique', () => {
    const ids = EQUIVALENTS.map((e) => e.wgslId);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of EQUIVALENTS) {
      expect(e.cudaEquivalent).toContain('__global__');
      expect(e.cudaEquivalent).toContain('<<<');
      expect(e.note.length).toBeGreaterThan(20);
      for (const name of e.env) expect(e.triton).toContain(name);
    }
    expect(findEquivalent('histogram')).toBeUndefined();
  });
});
