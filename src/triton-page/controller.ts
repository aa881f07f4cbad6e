/**
 * One Triton puzzle on the page: the learner's code, which hints are open, the latest check and
 * the times after a pass. A check runs on the learner's WebGPU device when the page has one
 * (through the WGSL back end), else on the interpreter, and the state says which ran.
 * A run started while another is going leaves the older one's results unused.
 */
import type { GpuContext } from '../gpu';
import { checkPuzzleWith, type TritonCheckResult } from '../triton/puzzles/index';
import type { TritonPuzzle } from '../triton/puzzles/types';
import { runKernel } from '../triton/index';
import { WidgetController } from '../store/widget-controller';
import type { TritonPageDeps } from './deps';
import { describeSizes, launchAt, timeOnInterpreter, timingSize } from './timing';

/** Where a run ran. */
export type TritonBackend =
  | { kind: 'webgpu'; gpu: GpuContext; adapter: string; fallback: boolean }
  | { kind: 'interpreter'; why: string };

/** Times after a pass, both measured on the same back end. */
export type TritonTiming =
  | { ok: true; size: string; yours: number; reference: number; on: string }
  | { ok: false; message: string };

/** The controller's state. */
export interface TritonState {
  code: string;
  hintsShown: number;
  phase: 'idle' | 'checking' | 'timing';
  /** The size being checked (0-based), while checking. */
  caseIndex: number;
  check: TritonCheckResult | null;
  /** What ran the latest check, in words ("ran on the interpreter: …"). */
  ranOn: string | null;
  timing: TritonTiming | null;
  runs: number;
}

/** The sentence saying what ran a check. */
export function describeBackend(backend: TritonBackend): string {
  return backend.kind === 'webgpu'
    ? backend.fallback
      ? `Ran on WebGPU (software adapter: ${backend.adapter}).`
      : `Ran on WebGPU (${backend.adapter}).`
    : `Ran on the interpreter: ${backend.why}`;
}

/** The controller of one Triton puzzle (see the file comment). */
export class TritonController extends WidgetController<TritonState> {
  private generation = 0;

  constructor(
    readonly puzzle: TritonPuzzle,
    private readonly deps: TritonPageDeps,
    code: string = puzzle.starter,
  ) {
    super({
      code,
      hintsShown: 0,
      phase: 'idle',
      caseIndex: 0,
      check: null,
      ranOn: null,
      timing: null,
      runs: 0,
    });
  }

  setCode(code: string): void {
    this.patchState({ code });
  }

  showHint(): void {
    const { hintsShown } = this.getState();
    this.patchState({ hintsShown: Math.min(this.puzzle.hints.length, hintsShown + 1) });
  }

  reset(): void {
    this.patchState({ code: this.puzzle.starter, check: null, timing: null, ranOn: null });
  }

  useSolution(): void {
    this.patchState({ code: this.puzzle.solution, check: null, timing: null, ranOn: null });
  }

  /** Checks the code at every size on `backend`, and times it beside the reference after a pass. */
  async run(backend: TritonBackend): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const code = this.getState().code;
    this.patchState({
      phase: 'checking',
      caseIndex: 0,
      check: null,
      timing: null,
      ranOn: null,
      runs: this.getState().runs + 1,
    });
    // Let the page paint "checking" before the interpreter holds the thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const launch =
      backend.kind === 'webgpu'
        ? (source: string, options: Parameters<typeof runKernel>[1]) =>
            this.deps.runOnGpu(backend.gpu, source, options)
        : async (source: string, options: Parameters<typeof runKernel>[1]) => {
            // A macrotask between sizes, so the page paints which size is being checked.
            await new Promise((resolve) => setTimeout(resolve, 0));
            runKernel(source, options);
          };
    const check = await checkPuzzleWith(this.puzzle, code, launch, (caseIndex) => {
      if (current()) this.patchState({ caseIndex });
    });
    if (!current()) return;
    const ranOn = describeBackend(backend);
    if (!check.ok) {
      this.patchState({ phase: 'idle', check, ranOn });
      return;
    }
    this.deps.onSolved(this.puzzle, check.cases.length);
    this.patchState({ phase: 'timing', check, ranOn });
    const timing = await this.time(backend, code);
    if (current()) this.patchState({ phase: 'idle', timing });
  }

  private async time(backend: TritonBackend, code: string): Promise<TritonTiming> {
    const size = timingSize(this.puzzle);
    try {
      if (backend.kind === 'webgpu') {
        const yours = await this.deps.timeOnGpu(backend.gpu, code, launchAt(this.puzzle, size));
        const reference = await this.deps.timeOnGpu(
          backend.gpu,
          this.puzzle.solution,
          launchAt(this.puzzle, size),
        );
        return { ok: true, size: describeSizes(size), yours, reference, on: 'WebGPU' };
      }
      const yours = timeOnInterpreter(this.puzzle, code, size);
      const reference = timeOnInterpreter(this.puzzle, this.puzzle.solution, size);
      return { ok: true, size: describeSizes(size), yours, reference, on: 'the interpreter' };
    } catch (thrown) {
      return {
        ok: false,
        message: `The times could not be taken: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
      };
    }
  }

  override dispose(): void {
    this.generation++;
  }
}
