/**
 * Checking a learner's kernel for one puzzle, step by step: get the GPU, assemble and compile
 * the program (errors at the learner's own line and column), run it at every checked size in
 * order against the CPU reference (stopping at the first size that fails: mismatches with
 * index, expected and found values, or a loop out of budget), then the puzzle's requirements.
 * After a pass, timing: the learner's kernel and the reference solution at the timing size.
 * Every outside dependency is injected; nothing throws (a lost device is dropped so the next run
 * asks for a new one).
 */
import type { GpuContext, LearnerBuild, LearnerPipeline, LearnerProgram, LearnerRun } from '../gpu';
import { diagnosticsFor, type Diagnostic } from '../puzzles/diagnostics';
import type { OutputCheck } from '../puzzles/compare';
import { assembleProgram, ENTRY_POINT } from '../puzzles/program';
import { unmetRequirements } from '../puzzles/requirements';
import { judgeCase, planCase } from '../puzzles/run-plan';
import type { Puzzle } from '../puzzles/types';
import type { Measurement } from '../compute/timing/harness';

/** What checking needs from the outside world. */
export interface CheckDeps {
  /** The page's GPU, or why there is none. */
  gpu(): Promise<{ ok: true; gpu: GpuContext } | { ok: false; message: string }>;
  build(gpu: GpuContext, program: LearnerProgram): Promise<LearnerBuild>;
  run(gpu: GpuContext, built: LearnerPipeline, run: LearnerRun): Promise<Map<number, Uint32Array>>;
  measure(gpu: GpuContext, built: LearnerPipeline, run: LearnerRun): Promise<Measurement>;
  /** Drops a lost device, so the next request makes a new one. */
  forgetGpu(): void;
}

/** The outcome of a check. */
export type CheckResult =
  | { kind: 'no-gpu'; message: string }
  | { kind: 'compile-error'; diagnostics: Diagnostic[] }
  | { kind: 'pipeline-error'; message: string }
  | { kind: 'mismatch'; caseLabel: string; casesPassed: number; outputs: OutputCheck[] }
  | { kind: 'out-of-budget'; caseLabel: string; casesPassed: number }
  | { kind: 'unmet'; messages: string[]; casesPassed: number }
  | { kind: 'pass'; casesPassed: number; warnings: Diagnostic[] }
  | { kind: 'gpu-error'; message: string; lost: boolean };

/** Timings after a pass, or why there are none. */
export type TimingResult =
  { ok: true; yours: Measurement; reference: Measurement } | { ok: false; message: string };

/** Where a check is, for the status line. */
export type CheckProgress =
  | { stage: 'gpu' }
  | { stage: 'compile' }
  | { stage: 'run'; caseIndex: number; caseCount: number; caseLabel: string };

/** The text of an unknown thrown value. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** The program of a puzzle with some learner code (also used for the reference solution). */
function programOf(puzzle: Puzzle, code: string) {
  const assembled = assembleProgram(puzzle, code);
  const bindings = planCase(puzzle, puzzle.cases[0]!.size, false).run.bindings.map((b) => ({
    binding: b.binding,
    kind: b.kind,
  }));
  const program: LearnerProgram = {
    label: `puzzle ${puzzle.id}`,
    code: assembled.code,
    entryPoint: ENTRY_POINT,
    bindings,
  };
  return { assembled, program };
}

/** Message of a GPU failure, and whether the device was lost (then it is dropped). */
function gpuFailure(gpu: GpuContext, deps: CheckDeps, error: unknown): CheckResult {
  const lost = gpu.isLost();
  if (lost) deps.forgetGpu();
  const message = lost
    ? `The GPU device was lost while your kernel ran (${messageOf(error)}). The next run asks for a new device.`
    : `WebGPU refused the run: ${messageOf(error)}`;
  return { kind: 'gpu-error', message, lost };
}

/** Checks `code` for `puzzle` (see the file comment). */
export async function checkKernel(
  puzzle: Puzzle,
  code: string,
  deps: CheckDeps,
  onProgress: (progress: CheckProgress) => void = () => {},
): Promise<CheckResult> {
  onProgress({ stage: 'gpu' });
  const acquired = await deps.gpu();
  if (!acquired.ok) return { kind: 'no-gpu', message: acquired.message };
  const { gpu } = acquired;
  onProgress({ stage: 'compile' });
  const { assembled, program } = programOf(puzzle, code);
  let build: LearnerBuild;
  try {
    build = await deps.build(gpu, program);
  } catch (error) {
    return gpuFailure(gpu, deps, error);
  }
  if (!build.ok) {
    return build.stage === 'compile'
      ? { kind: 'compile-error', diagnostics: diagnosticsFor(assembled, build.messages) }
      : { kind: 'pipeline-error', message: build.message };
  }
  const cases = puzzle.cases;
  for (const [index, c] of cases.entries()) {
    onProgress({ stage: 'run', caseIndex: index, caseCount: cases.length, caseLabel: c.label });
    const plan = planCase(puzzle, c.size);
    let readBack: Map<number, Uint32Array>;
    try {
      readBack = await deps.run(gpu, build.built, plan.run);
    } catch (error) {
      return gpuFailure(gpu, deps, error);
    }
    const outcome = judgeCase(puzzle, plan, readBack);
    if (outcome.kind === 'out-of-budget') {
      return { kind: 'out-of-budget', caseLabel: c.label, casesPassed: index };
    }
    if (outcome.kind === 'mismatch') {
      return {
        kind: 'mismatch',
        caseLabel: c.label,
        casesPassed: index,
        outputs: outcome.outputs.filter((o) => !o.ok),
      };
    }
  }
  const unmet = unmetRequirements(puzzle, code);
  if (unmet.length > 0) return { kind: 'unmet', messages: unmet, casesPassed: cases.length };
  return {
    kind: 'pass',
    casesPassed: cases.length,
    warnings: diagnosticsFor(assembled, build.messages),
  };
}

/** Times the learner's kernel and the reference solution at the puzzle's timing size. */
export async function timeKernels(
  puzzle: Puzzle,
  code: string,
  deps: CheckDeps,
): Promise<TimingResult> {
  const acquired = await deps.gpu();
  if (!acquired.ok) return { ok: false, message: acquired.message };
  const { gpu } = acquired;
  try {
    const plan = planCase(puzzle, puzzle.benchSize, false);
    const measureCode = async (source: string, whose: string) => {
      const build = await deps.build(gpu, programOf(puzzle, source).program);
      if (!build.ok) throw new Error(`${whose} did not build for timing`);
      return deps.measure(gpu, build.built, plan.run);
    };
    const yours = await measureCode(code, 'your kernel');
    const reference = await measureCode(puzzle.solution, 'the reference solution');
    return { ok: true, yours, reference };
  } catch (error) {
    if (gpu.isLost()) deps.forgetGpu();
    return { ok: false, message: `Timing failed: ${messageOf(error)}` };
  }
}
