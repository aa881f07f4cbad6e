/**
 * The simulator's controller: the settings (from the widget's state hook), the learner's layer
 * drafts and their check, the layers read from a pasted `print(model)`, the analysis of the step they describe, and the part whose explanation
 * is shown. The engine comes in through `MemoryDeps`, so tests drive it with a fake; the views
 * only render this state and call these methods.
 */
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { analyzeMemory, type MemoryAnalysis } from './analysis';
import type { PartId } from './bar-parts';
import type { MemoryDeps } from './browser-deps';
import {
  addDraft,
  checkDrafts,
  editDraft,
  moveDraft,
  removeDraft,
  starterDrafts,
  type BuilderCheck,
  type BuilderKind,
  type LayerDraft,
} from './builder';
import { scenarioOf } from './scenario';
import { CUSTOM_NETWORK, isLearnerNetwork, PRINT_NETWORK } from '../../network-step';
import type { MemorySettings } from './settings';

/** Everything the simulator's views show. */
export interface MemoryState {
  settings: MemorySettings;
  /** The learner's own layers, as the builder holds them. */
  drafts: LayerDraft[];
  /** The engine's check of the drafts. */
  builder: BuilderCheck;
  /** The layers of the last pasted `print(model)` the parser read, or null before one. */
  printed: readonly unknown[] | null;
  /** The step as the engine answers it, or why it cannot. */
  analysis: MemoryAnalysis;
  /** The bar part whose explanation is shown (focus or hover), if any. */
  activePart: PartId | null;
  status: WidgetStatus;
}

/** The learner's layers behind the settings, or the problem that stops the analysis. */
function learnerLayers(
  settings: MemorySettings,
  builder: BuilderCheck,
  printed: readonly unknown[] | null,
): readonly unknown[] | MemoryAnalysis {
  if (settings.network === PRINT_NETWORK) {
    return (
      printed ?? {
        kind: 'problem',
        cause: 'layers',
        message: 'Paste a print(model) (or the example) to see its memory.',
      }
    );
  }
  if (settings.network === CUSTOM_NETWORK && !builder.ok) {
    return {
      kind: 'problem',
      cause: 'layers',
      message: 'Your layer list has a problem (see the builder); fix it to see its memory.',
    };
  }
  return builder.ok ? builder.layers : [];
}

/** The analysis of the settings with these drafts and this pasted model. */
function analyze(
  deps: MemoryDeps,
  settings: MemorySettings,
  builder: BuilderCheck,
  printed: readonly unknown[] | null,
): MemoryAnalysis {
  const layers = learnerLayers(settings, builder, printed);
  if (!Array.isArray(layers)) return layers as MemoryAnalysis;
  return analyzeMemory(scenarioOf(settings, layers), deps.engine);
}

/** Same settings, field by field. */
function sameSettings(a: MemorySettings, b: MemorySettings): boolean {
  return (Object.keys(a) as Array<keyof MemorySettings>).every((k) => a[k] === b[k]);
}

/** Keeps the simulator's state and works out the analysis whenever an input changes. */
export class MemoryController extends WidgetController<MemoryState> {
  constructor(
    private readonly deps: MemoryDeps,
    settings: MemorySettings,
  ) {
    const drafts = starterDrafts();
    const builder = checkDrafts(drafts);
    const analysis = analyze(deps, settings, builder, null);
    super({
      settings,
      drafts,
      builder,
      printed: null,
      analysis,
      activePart: null,
      status: analysis.kind === 'result' ? 'done' : 'error',
    });
  }

  /** The engine the analysis comes from (the inputs ask it which precisions a GPU runs). */
  get engine(): MemoryDeps['engine'] {
    return this.deps.engine;
  }

  /** The `print(model)` parser behind the paste panel. */
  get printModel(): MemoryDeps['printModel'] {
    return this.deps.printModel;
  }

  /** Takes new settings from the state hook (no work when nothing changed). */
  configure(settings: MemorySettings): void {
    if (sameSettings(settings, this.getState().settings)) return;
    this.update(settings, this.getState().drafts);
  }

  /** Takes the layers of a pasted `print(model)` the parser read (null: none yet). */
  setPrinted(printed: readonly unknown[] | null): void {
    const before = this.getState();
    if (printed === before.printed) return;
    const analysis =
      before.settings.network === PRINT_NETWORK
        ? analyze(this.deps, before.settings, before.builder, printed)
        : before.analysis;
    this.patchState({ printed, analysis, status: analysis.kind === 'result' ? 'done' : 'error' });
  }

  /** Adds a layer of `kind` at the end of the learner's network. */
  addLayer(kind: BuilderKind): void {
    this.setDrafts(addDraft(this.getState().drafts, kind));
  }

  /** Removes layer `id` (the last one stays). */
  removeLayer(id: number): void {
    this.setDrafts(removeDraft(this.getState().drafts, id));
  }

  /** Moves layer `id` up (-1) or down (+1). */
  moveLayer(id: number, delta: number): void {
    this.setDrafts(moveDraft(this.getState().drafts, id, delta));
  }

  /** Sets one field of layer `id` (text as typed, or a flag). */
  editLayer(id: number, field: string, value: string | boolean): void {
    this.setDrafts(editDraft(this.getState().drafts, id, field, value));
  }

  /** Shows the explanation of a bar part (null hides it). */
  showPart(id: PartId | null): void {
    if (this.getState().activePart !== id) this.patchState({ activePart: id });
  }

  private setDrafts(drafts: LayerDraft[]): void {
    this.update(this.getState().settings, drafts);
  }

  private update(settings: MemorySettings, drafts: LayerDraft[]): void {
    const before = this.getState();
    const builder = checkDrafts(drafts);
    // Layer edits change nothing shown while a zoo network is chosen.
    const unchanged =
      sameSettings(settings, before.settings) && !isLearnerNetwork(settings.network);
    const analysis = unchanged
      ? before.analysis
      : analyze(this.deps, settings, builder, before.printed);
    this.patchState({
      settings,
      drafts,
      builder,
      analysis,
      status: analysis.kind === 'result' ? 'done' : 'error',
    });
  }
}
