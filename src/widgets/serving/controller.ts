/**
 * The serving simulator's controller: the settings (from the widget's state hook), the pasted
 * print(model) and its reading, the engine's analysis, and the learner's pasted benchmark output
 * with its comparison. The analysis is worked out again only when a setting it reads changes
 * (moving the timeline's scrubber asks the engine nothing). Pasted texts stay here: they are
 * never put in a link.
 */
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { analyzeServing, type PrintedState, type ServingAnalysis } from './analysis';
import { parseBenchOutput, type BenchParse } from './bench-output';
import { compareBench, type BenchComparison } from './compare';
import type { ServingEngine } from './engine-port';
import { isPrintModel, type ServingSettings } from './settings';

/** What the controller is given. */
export interface ServingDeps {
  engine: ServingEngine;
  /** The example print(model): Llama 3.1 8B as transformers prints it. */
  printExample(): string;
}

/** The learner's pasted benchmark output and what became of it. */
export interface BenchState {
  text: string;
  parse: BenchParse;
  comparison: BenchComparison | null;
}

/** Everything the simulator's views show. */
export interface ServingState {
  settings: ServingSettings;
  printed: PrintedState;
  analysis: ServingAnalysis;
  bench: BenchState;
  status: WidgetStatus;
}

/** Settings the timeline alone reads: a change to them asks the engine nothing. */
const VIEW_ONLY: ReadonlySet<keyof ServingSettings> = new Set(['step']);

/** Whether two settings ask the engine the same questions. */
function sameQuestion(a: ServingSettings, b: ServingSettings): boolean {
  return (Object.keys(a) as Array<keyof ServingSettings>).every(
    (k) => VIEW_ONLY.has(k) || a[k] === b[k],
  );
}

/** The widget's status for an analysis. */
function statusOf(analysis: ServingAnalysis): WidgetStatus {
  if (analysis.kind === 'result') return 'done';
  return analysis.cause === 'awaiting' ? 'idle' : 'error';
}

/** Keeps the simulator's state; asks the engine whenever what it shows changes. */
export class ServingController extends WidgetController<ServingState> {
  constructor(
    private readonly deps: ServingDeps,
    settings: ServingSettings,
  ) {
    const printed: PrintedState = { text: '', result: null, message: null };
    const analysis = analyzeServing(settings, printed, deps.engine);
    const parse = parseBenchOutput('');
    super({
      settings,
      printed,
      analysis,
      bench: { text: '', parse, comparison: null },
      status: statusOf(analysis),
    });
  }

  /** Takes new settings from the state hook. */
  configure(settings: ServingSettings): void {
    const before = this.getState();
    if (sameQuestion(settings, before.settings)) {
      if (settings !== before.settings) this.patchState({ settings });
      return;
    }
    const printed =
      settings.headDim === before.settings.headDim
        ? before.printed
        : this.read(before.printed.text, settings);
    this.update(settings, printed, before.bench.text, true);
  }

  /** Reads a pasted print(model) (the text stays on the page, never in a link). */
  setPrintText(text: string): void {
    const { settings, bench } = this.getState();
    this.update(settings, this.read(text, settings), bench.text, isPrintModel(settings));
  }

  /** Pastes the example print(model). */
  loadPrintExample(): void {
    this.setPrintText(this.deps.printExample());
  }

  /** Reads pasted benchmark output and compares it with the prediction. */
  setBenchText(text: string): void {
    const { settings, printed } = this.getState();
    this.update(settings, printed, text, false);
  }

  private read(text: string, settings: ServingSettings): PrintedState {
    if (text.trim() === '') return { text, result: null, message: null };
    try {
      const options = settings.headDim > 0 ? { headDim: settings.headDim } : {};
      return { text, result: this.deps.engine.readPrint(text, options), message: null };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return { text, result: null, message: error.message };
    }
  }

  private update(
    settings: ServingSettings,
    printed: PrintedState,
    benchText: string,
    reanalyze: boolean,
  ): void {
    const before = this.getState();
    const analysis = reanalyze
      ? analyzeServing(settings, printed, this.deps.engine)
      : before.analysis;
    const parse =
      benchText === before.bench.text ? before.bench.parse : parseBenchOutput(benchText);
    const comparison =
      parse.ok && analysis.kind === 'result'
        ? compareBench(this.deps.engine, parse.reading, analysis.setup, analysis.workload)
        : null;
    this.patchState({
      settings,
      printed,
      analysis,
      bench: { text: benchText, parse, comparison },
      status: statusOf(analysis),
    });
  }
}
