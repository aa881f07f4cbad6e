/**
 * The simulator's controller: the settings (from the widget's state hook), the learner's layer
 * drafts and their check, the analysis of the step they describe, and the part whose explanation
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
import { CUSTOM_NETWORK, type MemorySettings } from './settings';

/** Everything the simulator's views show. */
export interface MemoryState {
  settings: MemorySettings;
  /** The learner's own layers, as the builder holds them. */
  drafts: LayerDraft[];
  /** The engine's check of the drafts. */
  builder: BuilderCheck;
  /** The step as the engine answers it, or why it cannot. */
  analysis: MemoryAnalysis;
  /** The bar part whose explanation is shown (focus or hover), if any. */
  activePart: PartId | null;
  status: WidgetStatus;
}

/** The analysis of the settings with these drafts. */
function analyze(
  deps: MemoryDeps,
  settings: MemorySettings,
  builder: BuilderCheck,
): MemoryAnalysis {
  if (settings.network === CUSTOM_NETWORK && !builder.ok) {
    return {
      kind: 'problem',
      cause: 'layers',
      message: 'Your layer list has a problem (see the builder); fix it to see its memory.',
    };
  }
  const layers = builder.ok ? builder.layers : [];
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
    const analysis = analyze(deps, settings, builder);
    super({
      settings,
      drafts,
      builder,
      analysis,
      activePart: null,
      status: analysis.kind === 'result' ? 'done' : 'error',
    });
  }

  /** The engine the analysis comes from (the inputs ask it which precisions a GPU runs). */
  get engine(): MemoryDeps['engine'] {
    return this.deps.engine;
  }

  /** Takes new settings from the state hook (no work when nothing changed). */
  configure(settings: MemorySettings): void {
    if (sameSettings(settings, this.getState().settings)) return;
    this.update(settings, this.getState().drafts);
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
      sameSettings(settings, before.settings) && settings.network !== CUSTOM_NETWORK;
    const analysis = unchanged ? before.analysis : analyze(this.deps, settings, builder);
    this.patchState({
      settings,
      drafts,
      builder,
      analysis,
      status: analysis.kind === 'result' ? 'done' : 'error',
    });
  }
}
