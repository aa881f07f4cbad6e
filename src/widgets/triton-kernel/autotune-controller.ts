/**
 * The autotune view's controller: runs the puzzle's reference kernel over its configs on what
 * runs kernels here (the WebGPU device through the WGSL back end, or the interpreter), keeps
 * each outcome as it comes for the table, and stops at the next turn when cancelled. A run
 * started while another is going, or a cancel, leaves the older run's later results unused.
 */
import { WidgetController } from '../../store/widget-controller';
import type { TritonPuzzle } from '../../triton/puzzles/index';
import { describeBackend, type TritonBackend } from '../../triton-page/controller';
import { runAutotune, type AutotuneProgress, type ConfigOutcome } from './autotune';
import { autotunePlan, type AutotunePlan } from './configs';
import type { TritonKernelDeps } from './deps';

/** Timed runs per config after the checked one: on a device, and on the slower interpreter. */
export const GPU_SAMPLES = 5;
export const INTERPRETER_SAMPLES = 3;

/** The autotune's state. */
export interface AutotuneState {
  plan: AutotunePlan;
  phase: 'idle' | 'running';
  progress: AutotuneProgress | null;
  /** Outcomes so far, in the configs' order. */
  outcomes: readonly ConfigOutcome[];
  /** What ran the latest tune, in words, and on which kind of back end. */
  ranOn: string | null;
  backendKind: TritonBackend['kind'] | null;
  /** Whether the device is a software adapter (times of a CPU emulating a GPU). */
  fallback: boolean;
  /** The latest tune was cancelled before its end. */
  cancelled: boolean;
  /** The latest tune reached its end. */
  finished: boolean;
}

/** Runs and keeps one puzzle's autotune (see the file comment). */
export class AutotuneController extends WidgetController<AutotuneState> {
  private generation = 0;

  constructor(
    readonly puzzle: TritonPuzzle,
    private readonly deps: TritonKernelDeps,
  ) {
    super({
      plan: autotunePlan(puzzle),
      phase: 'idle',
      progress: null,
      outcomes: [],
      ranOn: null,
      backendKind: null,
      fallback: false,
      cancelled: false,
      finished: false,
    });
  }

  /** Tunes the puzzle's reference kernel over its configs on `backend`. */
  async run(backend: TritonBackend): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const { plan } = this.getState();
    const { deps, puzzle } = this;
    this.patchState({
      phase: 'running',
      progress: { done: 0, total: plan.configs.length, current: plan.configs[0] ?? null },
      outcomes: [],
      ranOn: describeBackend(backend),
      backendKind: backend.kind,
      fallback: backend.kind === 'webgpu' && backend.fallback,
      cancelled: false,
      finished: false,
    });
    const tune = await runAutotune({
      configs: plan.configs,
      samples: backend.kind === 'webgpu' ? GPU_SAMPLES : INTERPRETER_SAMPLES,
      cancelled: () => !current(),
      deps: {
        prepare: async (config) =>
          backend.kind === 'webgpu'
            ? deps.gpuTrial(backend.gpu, puzzle, puzzle.solution, config, plan.size)
            : deps.interpreterTrial(puzzle, puzzle.solution, config, plan.size),
        nowSeconds: () => deps.nowSeconds(),
        pause: () => deps.pause(),
      },
      onProgress: (outcomes, progress) => {
        if (current()) this.patchState({ outcomes: [...outcomes], progress });
      },
    });
    if (!current()) return;
    this.patchState({
      phase: 'idle',
      outcomes: tune.outcomes,
      progress: null,
      cancelled: tune.cancelled,
      finished: !tune.cancelled,
    });
  }

  /** Stops the running tune at its next turn; what finished stays in the table. */
  cancel(): void {
    if (this.getState().phase !== 'running') return;
    this.generation++;
    this.patchState({ phase: 'idle', progress: null, cancelled: true, finished: false });
  }

  override dispose(): void {
    this.generation++;
  }
}
