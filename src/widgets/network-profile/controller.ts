/**
 * The profile's controller: the settings (from the widget's state hook) and the analysis of the
 * step they describe. The engine comes in through `NetworkProfileDeps`, so tests may drive it
 * with a fake; the views only render this state. Changing only how the table is shown (grouped
 * or not, how many rows) reuses the analysis.
 */
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { analyzeProfile, requestOf, type ProfileAnalysis } from './analysis';
import type { NetworkProfileDeps } from './browser-deps';
import type { PrintedNetwork, ProfileRequest } from './engine-port';
import type { NetworkProfileSettings } from './settings';

/** Everything the profile's views show. */
export interface NetworkProfileState {
  settings: NetworkProfileSettings;
  analysis: ProfileAnalysis;
  status: WidgetStatus;
}

/** Same request, field by field. */
export function sameRequest(a: ProfileRequest, b: ProfileRequest): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ProfileRequest>;
  return [...keys].every((k) => a[k] === b[k]);
}

/** Keeps the profile's state and works out the analysis whenever the step changes. */
export class NetworkProfileController extends WidgetController<NetworkProfileState> {
  private request: ProfileRequest;
  private printed: PrintedNetwork | null = null;

  constructor(
    private readonly deps: NetworkProfileDeps,
    settings: NetworkProfileSettings,
  ) {
    const request = requestOf(settings);
    const analysis = analyzeProfile(request, deps.engine);
    super({ settings, analysis, status: statusOf(analysis) });
    this.request = request;
  }

  /** The engine the analysis comes from (the inputs ask it which precisions a GPU runs). */
  get engine(): NetworkProfileDeps['engine'] {
    return this.deps.engine;
  }

  /** The `print(model)` parser behind the paste panel. */
  get printModel(): NetworkProfileDeps['printModel'] {
    return this.deps.printModel;
  }

  /** Takes the pasted model the parser last read (null: none yet). */
  setPrinted(printed: PrintedNetwork | null): void {
    if (printed === this.printed) return;
    this.printed = printed;
    this.reanalyze(this.getState().settings);
  }

  /** Takes new settings from the state hook (the analysis is redone only for a new step). */
  configure(settings: NetworkProfileSettings): void {
    if (settings === this.getState().settings) return;
    this.reanalyze(settings);
  }

  private reanalyze(settings: NetworkProfileSettings): void {
    const request = requestOf(settings, this.printed);
    if (sameRequest(request, this.request)) {
      this.patchState({ settings });
      return;
    }
    this.request = request;
    const analysis = analyzeProfile(request, this.deps.engine);
    this.patchState({ settings, analysis, status: statusOf(analysis) });
  }
}

/** The widget's status for an analysis. */
function statusOf(analysis: ProfileAnalysis): WidgetStatus {
  return analysis.kind === 'result' ? 'done' : 'error';
}
