/**
 * Each puzzle's declared work against the tensors it really launches with: what it writes is
 * exactly its outputs, what it reads is at most its inputs once each (and not far less),
 * and its programs are the grid's.
 */
import { checkCase } from './check';
import { describe, expect, it } from 'vitest';
import type { KernelArg, TritonTensor } from '../index';
import { TRITON_PUZZLES } from './index';
import { DEFAULT_THREADS_PER_PROGRAM, programsAt, tritonKernelWork } from './work';

const isTensor = (a: KernelArg): a is TritonTensor => typeof a === 'object' && 'shape' in a;
const numel = (t: TritonTensor) => t.shape.reduce((a, b) => a * b, 1);

describe.each(TRITON_PUZZLES.map((p) => [p.id, p] as const))('puzzle %s', (_id, puzzle) => {
  it.each(puzzle.cases.map((c) => [c.label, c.size] as const))(
    'declares the work of its launch at %s',
    (_label, size) => {
      const run = puzzle.prepare(size);
      const outputs = new Set(run.outputs.map((o) => o.tensor));
      const inputValues = run.args
        .filter(isTensor)
        .filter((t) => !outputs.has(t))
        .reduce((sum, t) => sum + numel(t), 0);
      const outputValues = run.outputs.reduce((sum, o) => sum + o.expected.length, 0);
      const work = puzzle.work(size);
      expect(work.valuesWritten).toBe(outputValues);
      expect(work.valuesRead).toBeLessThanOrEqual(inputValues);
      // Row sum's rows carry three values of padding it never reads: at one column, a quarter.
      expect(work.valuesRead).toBeGreaterThanOrEqual(inputValues / 4);
      expect(work.flops).toBeGreaterThan(0);
      const grid = puzzle.grid(size)(puzzle.launch.constexprs);
      expect(programsAt(puzzle, size)).toBe(grid.reduce((a, b) => a * b, 1));
    },
  );

  it('is described in bytes with Triton’s default four warps per program', () => {
    const size = puzzle.cases[0]!.size;
    const kernel = tritonKernelWork(puzzle, size);
    expect(kernel.bytesWritten).toBe(4 * puzzle.work(size).valuesWritten);
    expect(kernel.threadsPerBlock).toBe(DEFAULT_THREADS_PER_PROGRAM);
    expect(kernel.precision).toBe(
      puzzle.id.includes('matmul') || puzzle.id === 'flash-attention' ? 'tf32' : 'fp32',
    );
  });

  it('has a working size far past every checked size', () => {
    const volume = (s: Readonly<Record<string, number>>) =>
      Object.values(s).reduce((a, b) => a * b, 1);
    expect(Object.keys(puzzle.workingSize).sort()).toEqual(
      Object.keys(puzzle.cases[0]!.size).sort(),
    );
    for (const c of puzzle.cases)
      expect(volume(puzzle.workingSize)).toBeGreaterThan(100 * volume(c.size));
  });

  it('is timed past every checked size and below its working size, where its reference is right', () => {
    const volume = (s: Readonly<Record<string, number>>) =>
      Object.values(s).reduce((a, b) => a * b, 1);
    expect(Object.keys(puzzle.timedSize).sort()).toEqual(Object.keys(puzzle.cases[0]!.size).sort());
    for (const c of puzzle.cases)
      expect(volume(puzzle.timedSize)).toBeGreaterThan(10 * volume(c.size));
    expect(volume(puzzle.timedSize)).toBeLessThan(volume(puzzle.workingSize));
    // About a megabyte moved: enough that the work, not the launch, shows on a device.
    const work = puzzle.work(puzzle.timedSize);
    expect(4 * (work.valuesRead + work.valuesWritten)).toBeGreaterThan(250_000);
    const outcome = checkCase(puzzle, puzzle.solution, { size: puzzle.timedSize, label: 'timed' });
    expect(outcome.message).toBe('');
    expect(outcome.ok).toBe(true);
  });
});

describe('the matmul puzzle’s work', () => {
  it('is 2·M·N·K FLOPs over each operand read once', () => {
    const mm = TRITON_PUZZLES.find((p) => p.id === 'tiled-matmul')!;
    expect(mm.work({ m: 3, n: 5, k: 7 })).toEqual({
      kind: 'matmul',
      precision: 'tf32',
      valuesRead: 3 * 7 + 7 * 5,
      valuesWritten: 15,
      flops: 2 * 3 * 5 * 7,
    });
  });
});
