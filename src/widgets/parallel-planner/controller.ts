/**
 * The planner's controller: the settings (from the widget's state hook), the pasted print(model)
 * and its reading, the chosen layout's step (worked out at once: one engine call), and the
 * ranking of every layout of the plan (asked of the ranker, a worker in the browser, only when
 * the plan changes: choosing another layout ranks nothing again). A ranking that arrives for a
 * plan no longer shown is dropped. The pasted text stays here: it is never put in a link.
 */
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { analyzePlanner, planKey, type PlannerAnalysis, type PrintedState } from './analysis';
import type { PlannerEngine, PlanRanker } from './engine-port';
import { SupersededError } from './rank-client';
import type { Ranking } from './ranking';
import type { PlannerSettings } from './settings';

/** What the controller is given. */
export interface PlannerDeps {
  engine: PlannerEngine;
  ranker: PlanRanker;
  /** The example print(model): Llama 2 13B as transformers prints it. */
  printExample(): string;
  /** Whether the learner asked for less motion. */
  reducedMotion(): boolean;
}

/** Where the ranking stands. */
export type RankingState =
  | { kind: 'none' }
  | { kind: 'ranking'; key: string; previous: Ranking | null }
  | { kind: 'done'; key: string; ranking: Ranking }
  | { kind: 'failed'; key: string; message: string };

/** Everything the planner's views show. */
export interface PlannerState {
  settings: PlannerSettings;
  printed: PrintedState;
  analysis: PlannerAnalysis;
  ranking: RankingState;
  reducedMotion: boolean;
  status: WidgetStatus;
}

/** The widget's status: an answer for the chosen layout, or why there is none. */
function statusOf(analysis: PlannerAnalysis): WidgetStatus {
  if (analysis.layout.kind === 'result') return 'done';
  return analysis.layout.cause === 'awaiting' ? 'idle' : 'error';
}

/** Same settings, field by field. */
function sameSettings(a: PlannerSettings, b: PlannerSettings): boolean {
  return (Object.keys(a) as Array<keyof PlannerSettings>).every((k) => a[k] === b[k]);
}

/** Keeps the planner's state; asks the engine whenever what it shows changes. */
export class PlannerController extends WidgetController<PlannerState> {
  constructor(
    private readonly deps: PlannerDeps,
    settings: PlannerSettings,
  ) {
    const printed: PrintedState = { text: '', result: null, message: null };
    const analysis = analyzePlanner(settings, printed, deps.engine);
    super({
      settings,
      printed,
      analysis,
      ranking: { kind: 'none' },
      reducedMotion: deps.reducedMotion(),
      status: statusOf(analysis),
    });
    this.requestRanking();
  }

  /** Takes new settings from the state hook (no work when nothing changed). */
  configure(settings: PlannerSettings): void {
    const before = this.getState();
    if (sameSettings(settings, before.settings)) {
      // Nothing to work out again, but a ranking dropped by dispose() is asked for again.
      this.requestRanking();
      return;
    }
    this.update(settings, before.printed);
  }

  /** Reads a pasted print(model) (the text stays on the page, never in a link). */
  setPrintText(text: string): void {
    const { settings } = this.getState();
    this.update(settings, this.read(text));
  }

  /** Pastes the example print(model). */
  loadPrintExample(): void {
    this.setPrintText(this.deps.printExample());
  }

  /**
   * Stops the ranking under way. The controller stays usable: the next configure() asks for the
   * ranking again (React's development mode disposes a controller and mounts its view again).
   */
  override dispose(): void {
    this.deps.ranker.dispose();
    if (this.getState().ranking.kind === 'ranking') this.patchState({ ranking: { kind: 'none' } });
  }

  private read(text: string): PrintedState {
    if (text.trim() === '') return { text, result: null, message: null };
    try {
      return { text, result: this.deps.engine.readPrint(text), message: null };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return { text, result: null, message: error.message };
    }
  }

  private update(settings: PlannerSettings, printed: PrintedState): void {
    const analysis = analyzePlanner(settings, printed, this.deps.engine);
    this.patchState({ settings, printed, analysis, status: statusOf(analysis) });
    this.requestRanking();
  }

  /** Asks for the ranking of the current plan, unless it is the one shown or under way. */
  private requestRanking(): void {
    const { analysis, ranking } = this.getState();
    if (analysis.base === null) {
      if (ranking.kind !== 'none') this.patchState({ ranking: { kind: 'none' } });
      return;
    }
    const key = planKey(analysis.base);
    if (ranking.kind !== 'none' && ranking.key === key) return;
    const previous =
      ranking.kind === 'done'
        ? ranking.ranking
        : ranking.kind === 'ranking'
          ? ranking.previous
          : null;
    this.patchState({ ranking: { kind: 'ranking', key, previous } });
    this.deps.ranker.rank(analysis.base).then(
      (result) => this.settle(key, { kind: 'done', key, ranking: result }),
      (error: unknown) => {
        if (error instanceof SupersededError) return;
        const message = error instanceof Error ? error.message : String(error);
        this.settle(key, { kind: 'failed', key, message });
      },
    );
  }

  private settle(key: string, ranking: RankingState): void {
    const now = this.getState().ranking;
    if (now.kind === 'none' || now.key !== key) return;
    this.patchState({ ranking });
  }
}
