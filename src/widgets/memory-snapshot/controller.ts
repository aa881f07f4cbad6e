/**
 * The memory-snapshot widget's controller: opens the learner's file or the example, hands the
 * bytes to the analyser (a worker in browsers), follows its progress, lets the learner cancel,
 * and keeps the report or the problem. Its outside world is injected (see browser-deps.ts).
 */
import { AbortableRun } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { tooLargeProblem, type AnalyseProgress } from './analysis/analyse';
import type { SnapshotReport } from './analysis/report';
import { MAX_FILE_BYTES } from './limits';
import type { SnapshotProblem } from './problem';
import type { SnapshotAnalyser } from './worker/analyser';

/** A file as the controller needs it (a DOM File is one). */
export interface SnapshotFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What the controller needs from outside. */
export interface SnapshotDeps {
  analyser: SnapshotAnalyser;
  /** The bytes of the bundled example snapshot. */
  fetchExample(signal: AbortSignal): Promise<ArrayBuffer>;
}

/** Where the file shown came from. */
export interface SnapshotSource {
  kind: 'file' | 'example';
  name: string;
  sizeBytes: number;
}

/** Everything the view shows. */
export interface SnapshotViewState {
  phase: 'idle' | 'loading' | 'done' | 'failed';
  source: SnapshotSource | null;
  /** How far the analysis is, while loading (null while the file itself is read). */
  progress: AnalyseProgress | null;
  report: SnapshotReport | null;
  problem: SnapshotProblem | null;
  /** The device shown, when the report has several. */
  device: number | null;
}

/** The example's name and size, as shown before it arrives. */
export const EXAMPLE_NAME = 'memory-snapshot-example.pickle';

const INITIAL: SnapshotViewState = {
  phase: 'idle',
  source: null,
  progress: null,
  report: null,
  problem: null,
  device: null,
};

/** The widget status for a phase (a cancelled load is back to idle). */
export function statusOf(state: SnapshotViewState): WidgetStatus {
  if (state.phase === 'loading') return 'running';
  if (state.phase === 'done') return 'done';
  if (state.phase === 'failed') return state.problem?.kind === 'cancelled' ? 'idle' : 'error';
  return 'idle';
}

/** Opens snapshots and publishes what they hold. */
export class SnapshotController extends WidgetController<SnapshotViewState> {
  private readonly runs = new AbortableRun();

  constructor(private readonly deps: SnapshotDeps) {
    super(INITIAL);
  }

  /** Opens a file the learner chose or dropped. */
  async openFile(file: SnapshotFile): Promise<void> {
    const source: SnapshotSource = { kind: 'file', name: file.name, sizeBytes: file.size };
    if (file.size > MAX_FILE_BYTES) {
      this.runs.stop();
      this.replaceState({
        ...INITIAL,
        phase: 'failed',
        source,
        problem: tooLargeProblem(file.size),
      });
      return;
    }
    await this.load(source, () => file.arrayBuffer());
  }

  /** Opens the bundled example. */
  async openExample(): Promise<void> {
    const source: SnapshotSource = { kind: 'example', name: EXAMPLE_NAME, sizeBytes: 0 };
    await this.load(source, (signal) => this.deps.fetchExample(signal));
  }

  /** Stops the file being read; nothing of it is kept. */
  cancel(): void {
    if (this.getState().phase !== 'loading') return;
    this.runs.cancel();
  }

  /** Shows another device of the report. */
  selectDevice(device: number): void {
    const report = this.getState().report;
    if (report?.devices.some((d) => d.device === device)) this.patchState({ device });
  }

  override dispose(): void {
    this.runs.stop();
  }

  /** Reads the bytes, then analyses them; a newer load or a stop silences this one. */
  private async load(
    source: SnapshotSource,
    readBytes: (signal: AbortSignal) => Promise<ArrayBuffer>,
  ): Promise<void> {
    this.replaceState({ ...INITIAL, phase: 'loading', source });
    await this.runs.start(async (signal) => this.analyse(source, await readBytes(signal), signal), {
      cancelled: () => this.fail(cancelledProblem()),
      failed: (detail) => this.fail(readFailed(source, detail)),
    });
  }

  /** Hands the bytes to the analyser and keeps its report, or the problem it found. */
  private async analyse(
    source: SnapshotSource,
    bytes: ArrayBuffer,
    signal: AbortSignal,
  ): Promise<void> {
    const current = () => this.runs.isCurrent(signal);
    if (!current()) return;
    const sized = { ...source, sizeBytes: bytes.byteLength };
    this.patchState({ source: sized, progress: { stage: 'reading', fraction: 0 } });
    const outcome = await this.deps.analyser.analyse(
      bytes,
      (progress) => current() && this.patchState({ progress }),
      signal,
    );
    if (!current()) return;
    if (!outcome.ok) return this.fail(outcome.problem);
    const first = [...outcome.result.devices].sort(
      (a, b) => (b.timeline?.counts.total ?? 0) - (a.timeline?.counts.total ?? 0),
    )[0];
    this.replaceState({
      ...INITIAL,
      phase: 'done',
      source: sized,
      report: outcome.result,
      device: first?.device ?? null,
    });
  }

  private fail(problem: SnapshotProblem): void {
    this.patchState({ phase: 'failed', problem, progress: null, report: null });
  }
}

function cancelledProblem(): SnapshotProblem {
  return { kind: 'cancelled', message: 'Stopped. Nothing from the file was kept.' };
}

function readFailed(source: SnapshotSource, detail: string): SnapshotProblem {
  const what =
    source.kind === 'example' ? 'The example could not be loaded' : 'The file could not be read';
  return { kind: 'read-failed', message: `${what}: ${detail}.` };
}
