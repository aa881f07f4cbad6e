/**
 * One puzzle on the page: the learner's code, which hints are open, whether the solution is
 * shown, and the latest check and timing. Running checks the code on the GPU; a pass marks the
 * puzzle solved (through `onSolved`) and then times the kernel beside the reference solution.
 * A run started while another is going waits for nothing: the newer one's results win.
 */
import { WidgetController } from '../store/widget-controller';
import type { Puzzle } from '../puzzles/types';
import {
  checkKernel,
  timeKernels,
  type CheckDeps,
  type CheckProgress,
  type CheckResult,
  type TimingResult,
} from './check-run';

/** The controller's state. */
export interface PuzzleState {
  code: string;
  /** Hints open, from the first. */
  hintsShown: number;
  phase: 'idle' | 'checking' | 'timing';
  progress: CheckProgress | null;
  check: CheckResult | null;
  timing: TimingResult | null;
  /** Runs started, so a view can tell a new result from an old one. */
  runs: number;
}

/** What the controller is given. */
export interface PuzzleControllerDeps extends CheckDeps {
  /** Called once per passing run. */
  onSolved(puzzle: Puzzle, cases: number): void;
}

/** The controller of one puzzle (see the file comment). */
export class PuzzleController extends WidgetController<PuzzleState> {
  private generation = 0;

  constructor(
    readonly puzzle: Puzzle,
    private readonly deps: PuzzleControllerDeps,
    code: string = puzzle.starter,
  ) {
    super({
      code,
      hintsShown: 0,
      phase: 'idle',
      progress: null,
      check: null,
      timing: null,
      runs: 0,
    });
  }

  /** The editor's text changed. */
  setCode(code: string): void {
    this.patchState({ code });
  }

  /** Opens the next hint. */
  showHint(): void {
    const { hintsShown } = this.getState();
    this.patchState({ hintsShown: Math.min(this.puzzle.hints.length, hintsShown + 1) });
  }

  /** Puts the starter back. */
  reset(): void {
    this.patchState({ code: this.puzzle.starter, check: null, timing: null });
  }

  /** Replaces the code with the reference solution. */
  useSolution(): void {
    this.patchState({ code: this.puzzle.solution, check: null, timing: null });
  }

  /** Checks the code, and times it after a pass. */
  async run(): Promise<void> {
    const generation = ++this.generation;
    const code = this.getState().code;
    const current = () => generation === this.generation;
    this.patchState({
      phase: 'checking',
      progress: null,
      check: null,
      timing: null,
      runs: this.getState().runs + 1,
    });
    const check = await checkKernel(this.puzzle, code, this.deps, (progress) => {
      if (current()) this.patchState({ progress });
    });
    if (!current()) return;
    if (check.kind !== 'pass') {
      this.patchState({ phase: 'idle', progress: null, check });
      return;
    }
    this.deps.onSolved(this.puzzle, check.casesPassed);
    this.patchState({ phase: 'timing', progress: null, check });
    const timing = await timeKernels(this.puzzle, code, this.deps);
    if (current()) this.patchState({ phase: 'idle', timing });
  }

  /** Leaves any run's results unused. */
  override dispose(): void {
    this.generation++;
  }
}
