/**
 * The trace reader's controller: opens the learner's file or the example, hands it to the reader
 * (a worker in browsers), follows its progress, lets the learner cancel, keeps the report or the
 * problem, and asks the lazily loaded engine for its prediction of the same step. Its outside
 * world is injected (see browser-deps.ts).
 */
import { AbortableRun } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import type { TraceReport } from './analysis/report';
import type { PredictRequest, TraceEngine } from './engine-port';
import { MAX_FILE_BYTES } from './limits';
import type { TraceProblem } from './problem';
import { tooLargeProblem } from './read/read-trace';
import { CANCELLED, type TraceReader } from './worker/reader';
import type { ReadTraceProgress } from './worker/protocol';

/** The example's file name in public/examples/. */
export const EXAMPLE_FILE = 'trace-bert-base-train-amp-bf16-b32-s128.json.gz';

/** What the controller needs from outside. */
export interface TraceDeps {
  reader: TraceReader;
  /** The bundled example trace. */
  fetchExample(signal: AbortSignal): Promise<Blob>;
  /** The cost engine, loaded on first use. */
  loadEngine(): Promise<TraceEngine>;
}

/** Where the trace shown came from. */
export interface TraceSource {
  kind: 'file' | 'example';
  name: string;
  sizeBytes: number;
}

/** The engine's side of the comparison. */
export interface PredictionState {
  phase: 'closed' | 'loading' | 'ready' | 'failed';
  engine: TraceEngine | null;
  error: string | null;
}

/** Everything the view shows. */
export interface TraceViewState {
  phase: 'idle' | 'loading' | 'done' | 'failed';
  source: TraceSource | null;
  progress: ReadTraceProgress | null;
  report: TraceReport | null;
  problem: TraceProblem | null;
  prediction: PredictionState;
}

const INITIAL: TraceViewState = {
  phase: 'idle',
  source: null,
  progress: null,
  report: null,
  problem: null,
  prediction: { phase: 'closed', engine: null, error: null },
};

/** The widget status for a phase (a cancelled read is back to idle). */
export function traceStatusOf(state: TraceViewState): WidgetStatus {
  if (state.phase === 'loading') return 'running';
  if (state.phase === 'done') return 'done';
  if (state.phase === 'failed') return state.problem?.kind === 'cancelled' ? 'idle' : 'error';
  return 'idle';
}

/** The request that describes the example trace. */
export const EXAMPLE_REQUEST: PredictRequest = {
  network: 'bert-base',
  gpu: 'h200-sxm',
  mode: 'train',
  batch: 32,
  seq: 128,
  precision: 'amp-bf16',
};

/** Opens traces and publishes what they hold. */
export class TraceController extends WidgetController<TraceViewState> {
  private readonly runs = new AbortableRun();

  constructor(private readonly deps: TraceDeps) {
    super(INITIAL);
  }

  /** Opens a file the learner chose or dropped. */
  async openFile(file: File): Promise<void> {
    const source: TraceSource = { kind: 'file', name: file.name, sizeBytes: file.size };
    if (file.size > MAX_FILE_BYTES) {
      this.runs.stop();
      this.replaceState({
        ...this.base(),
        phase: 'failed',
        source,
        problem: tooLargeProblem(file.size),
      });
      return;
    }
    await this.load(source, async () => file);
  }

  /** Opens the bundled example. */
  async openExample(): Promise<void> {
    const source: TraceSource = { kind: 'example', name: EXAMPLE_FILE, sizeBytes: 0 };
    await this.load(source, (signal) => this.deps.fetchExample(signal));
  }

  /** Stops the file being read; nothing of it is kept. */
  cancel(): void {
    if (this.getState().phase === 'loading') this.runs.cancel();
  }

  /** Loads the cost engine for the comparison (once). */
  async openPrediction(): Promise<void> {
    const current = this.getState().prediction;
    if (current.phase === 'loading' || current.phase === 'ready') return;
    this.patchState({ prediction: { phase: 'loading', engine: null, error: null } });
    try {
      const engine = await this.deps.loadEngine();
      this.patchState({ prediction: { phase: 'ready', engine, error: null } });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.patchState({ prediction: { phase: 'failed', engine: null, error: text } });
    }
  }

  override dispose(): void {
    this.runs.stop();
  }

  /** A fresh state that keeps the loaded engine. */
  private base(): TraceViewState {
    return { ...INITIAL, prediction: this.getState().prediction };
  }

  private async load(source: TraceSource, getBlob: (signal: AbortSignal) => Promise<Blob>) {
    this.replaceState({ ...this.base(), phase: 'loading', source });
    await this.runs.start(
      async (signal) => {
        const blob = await getBlob(signal);
        if (!this.runs.isCurrent(signal)) return;
        const sized = { ...source, sizeBytes: blob.size };
        this.patchState({ source: sized, progress: { stage: 'reading', fraction: 0 } });
        const outcome = await this.deps.reader.read(
          blob,
          (progress) => this.runs.isCurrent(signal) && this.patchState({ progress }),
          signal,
        );
        if (!this.runs.isCurrent(signal)) return;
        if (!outcome.ok) return this.fail(outcome.problem);
        this.replaceState({ ...this.base(), phase: 'done', source: sized, report: outcome.result });
      },
      {
        cancelled: () => this.fail(CANCELLED),
        failed: (detail) => this.fail(readFailed(source, detail)),
      },
    );
  }

  private fail(problem: TraceProblem): void {
    this.patchState({ phase: 'failed', problem, progress: null, report: null });
  }
}

function readFailed(source: TraceSource, detail: string): TraceProblem {
  const what =
    source.kind === 'example' ? 'The example could not be loaded' : 'The file could not be read';
  return { kind: 'read-failed', message: `${what}: ${detail}.` };
}
