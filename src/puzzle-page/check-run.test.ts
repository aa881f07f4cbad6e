import { describe, expect, it, vi } from 'vitest';
import type { GpuContext, LearnerRun } from '../gpu';
import { findPuzzle } from '../puzzles/catalog';
import { FILL_BITS } from '../puzzles/compare';
import { STATUS_BINDING } from '../puzzles/program';
import { checkKernel, timeKernels, type CheckDeps } from './check-run';
import { PuzzleController } from './controller';
import type { Measurement } from '../compute/timing/harness';

const zip = findPuzzle('zip')!;

/** A device that is lost once `lose()` is called. */
function fakeGpu() {
  let lost = false;
  const gpu = {
    device: {} as GPUDevice,
    adapter: {} as GpuContext['adapter'],
    lost: new Promise(() => {}),
    isLost: () => lost,
  } as GpuContext;
  return { gpu, lose: () => (lost = true) };
}

/** A "GPU" that answers each run with the CPU reference of zip (a correct kernel). */
function correctRun(run: LearnerRun): Map<number, Uint32Array> {
  const n = run.bindings[0]!.data[0]!;
  const a = new Float32Array(run.bindings[1]!.data.buffer.slice(0));
  const b = new Float32Array(run.bindings[2]!.data.buffer.slice(0));
  const out = new Float32Array(n + 256);
  new Uint32Array(out.buffer).fill(FILL_BITS);
  for (let i = 0; i < n; i++) out[i] = a[i]! + b[i]!;
  return new Map([
    [3, new Uint32Array(out.buffer)],
    [STATUS_BINDING, new Uint32Array(4)],
  ]);
}

const measurement = { medianSeconds: 1e-3, method: 'completion' } as Measurement;

function depsWith(over: Partial<CheckDeps> = {}) {
  const { gpu, lose } = fakeGpu();
  const deps: CheckDeps = {
    gpu: async () => ({ ok: true, gpu }),
    build: async () => ({ ok: true, built: {} as never, messages: [] }),
    run: async (_g, _b, run) => correctRun(run),
    measure: async () => measurement,
    forgetGpu: vi.fn(),
    ...over,
  };
  return { deps, lose };
}

describe('checking a kernel', () => {
  it('passes when every size matches, and reports progress through each size', async () => {
    const { deps } = depsWith();
    const stages: string[] = [];
    const result = await checkKernel(zip, zip.solution, deps, (p) => stages.push(p.stage));
    expect(result).toEqual({ kind: 'pass', casesPassed: zip.cases.length, warnings: [] });
    expect(stages.filter((s) => s === 'run')).toHaveLength(zip.cases.length);
  });

  it('says why nothing runs without a GPU', async () => {
    const { deps } = depsWith({ gpu: async () => ({ ok: false, message: 'no WebGPU here.' }) });
    expect(await checkKernel(zip, zip.solution, deps)).toEqual({
      kind: 'no-gpu',
      message: 'no WebGPU here.',
    });
  });

  it("maps compile errors to the learner's line", async () => {
    const { deps } = depsWith({
      build: async (_gpu, program) => {
        const line = program.code.split('\n').findIndex((l) => l.includes('oops')) + 1;
        return {
          ok: false,
          stage: 'compile',
          messages: [{ type: 'error', lineNum: line, linePos: 5, message: 'unresolved value' }],
        };
      },
    });
    const code = 'fn main() {\n  let x = 1;\n  oops;\n}';
    const result = await checkKernel(zip, code, deps);
    expect(result).toMatchObject({
      kind: 'compile-error',
      diagnostics: [{ line: 3, column: 5, message: 'unresolved value' }],
    });
  });

  it('stops at the first size that fails and names it', async () => {
    const { deps } = depsWith({
      run: async (_g, _b, run) => {
        const back = correctRun(run);
        if (run.bindings[0]!.data[0] === 7) back.get(3)![2] = 0;
        return back;
      },
    });
    const result = await checkKernel(zip, zip.solution, deps);
    expect(result).toMatchObject({ kind: 'mismatch', casesPassed: 1, caseLabel: 'n = 7: a prime' });
    if (result.kind === 'mismatch')
      expect(result.outputs[0]!.first[0]).toMatchObject({ index: 2, got: '0' });
  });

  it('reports a loop out of budget, and a later run passes', async () => {
    let flag = 1;
    const { deps } = depsWith({
      run: async (_g, _b, run) => {
        const back = correctRun(run);
        back.set(STATUS_BINDING, Uint32Array.from([flag, 0, 0, 0]));
        return back;
      },
    });
    expect(await checkKernel(zip, zip.solution, deps)).toMatchObject({
      kind: 'out-of-budget',
      casesPassed: 0,
    });
    flag = 0;
    expect((await checkKernel(zip, zip.solution, deps)).kind).toBe('pass');
  });

  it('drops a lost device so the next run asks for a new one', async () => {
    const { deps, lose } = depsWith({
      run: async () => {
        lose();
        throw new Error('device lost');
      },
    });
    const result = await checkKernel(zip, zip.solution, deps);
    expect(result).toMatchObject({ kind: 'gpu-error', lost: true });
    expect(deps.forgetGpu).toHaveBeenCalledTimes(1);
  });

  it('tells right values from the puzzle’s own technique', async () => {
    const sum = findPuzzle('sum')!;
    const { deps } = depsWith({ run: async () => new Map() });
    // Nothing read back would be a mismatch; an unmet requirement only shows once values pass.
    expect((await checkKernel(sum, 'fn main() {}', deps)).kind).toBe('mismatch');
  });

  it('times the kernel and the reference solution', async () => {
    const { deps } = depsWith();
    expect(await timeKernels(zip, zip.solution, deps)).toEqual({
      ok: true,
      yours: measurement,
      reference: measurement,
    });
  });
});

describe('the puzzle controller', () => {
  it('opens hints one at a time, resets and shows the solution', () => {
    const { deps } = depsWith();
    const controller = new PuzzleController(zip, { ...deps, onSolved: vi.fn() });
    expect(controller.getState().code).toBe(zip.starter);
    for (let i = 0; i < 5; i++) controller.showHint();
    expect(controller.getState().hintsShown).toBe(zip.hints.length);
    controller.useSolution();
    expect(controller.getState().code).toBe(zip.solution);
    controller.reset();
    expect(controller.getState().code).toBe(zip.starter);
  });

  it('marks the puzzle solved after a pass, then times it', async () => {
    const { deps } = depsWith();
    const onSolved = vi.fn();
    const controller = new PuzzleController(zip, { ...deps, onSolved }, zip.solution);
    await controller.run();
    expect(onSolved).toHaveBeenCalledWith(zip, zip.cases.length);
    expect(controller.getState()).toMatchObject({
      phase: 'idle',
      check: { kind: 'pass' },
      timing: { ok: true },
      runs: 1,
    });
  });

  it('does not mark a failing kernel solved', async () => {
    const { deps } = depsWith();
    const onSolved = vi.fn();
    const controller = new PuzzleController(zip, { ...deps, onSolved, run: async () => new Map() });
    await controller.run();
    expect(onSolved).not.toHaveBeenCalled();
    expect(controller.getState().check?.kind).toBe('mismatch');
  });
});
