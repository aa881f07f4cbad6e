/**
 * Every widget, one line each, in course order of first appearance. Each widget declares itself
 * in its folder's `widget.ts` (tag, id, label, placeholder heights, how its settings schema and
 * its code load);
 * everything else that lists widgets derives from this list: the tags lessons may use and the
 * components map (src/lessons), the embed targets (src/embed-page), the schemas the tests fuzz.
 * Adding a widget: its folder with a `widget.ts`, and one line here.
 */
import type { AnyWidgetSchema } from '../state/schema';
import type { WidgetDeclaration } from './declare';
import { raceWidget } from './race/widget';
import { amdahlWidget } from './amdahl/widget';
import { explorerWidget } from './explorer/widget';
import { specTableWidget } from './spec-table/widget';
import { deviceCardWidget } from './device-card/widget';
import { consoleWidget } from './console/widget';
import { transferWidget } from './transfer/widget';
import { memoryWidget } from './memory/widget';
import { memorySnapshotWidget } from './memory-snapshot/widget';
import { traceWidget } from './trace/widget';
import { myMachineWidget } from './my-machine/widget';
import { precisionWidget } from './precision/widget';
import { kernelLabWidget } from './kernel-lab/widget';
import { crossoverWidget } from './crossover/widget';
import { networkProfileWidget } from './network-profile/widget';
import { asyncTimingWidget } from './async-timing/widget';
import { dataParallelWidget } from './data-parallel/widget';
import { warpWidget } from './warp/widget';
import { servingWidget } from './serving/widget';
import { parallelPlannerWidget } from './parallel-planner/widget';
import { tritonKernelWidget } from './triton-kernel/widget';

/** The widgets. */
export const WIDGETS = [
  raceWidget,
  amdahlWidget,
  explorerWidget,
  warpWidget,
  specTableWidget,
  deviceCardWidget,
  consoleWidget,
  transferWidget,
  memoryWidget,
  memorySnapshotWidget,
  precisionWidget,
  kernelLabWidget,
  crossoverWidget,
  networkProfileWidget,
  traceWidget,
  myMachineWidget,
  asyncTimingWidget,
  dataParallelWidget,
  servingWidget,
  parallelPlannerWidget,
  tritonKernelWidget,
] as const satisfies readonly WidgetDeclaration[];

/** A widget as the registry holds it. */
export type WidgetEntry = WidgetDeclaration;

/** A widget's MDX tag. */
export type WidgetTag = (typeof WIDGETS)[number]['tag'];

/** The registry entry of a widget id, or undefined. */
export function findWidget(id: string): WidgetEntry | undefined {
  const entries: readonly WidgetEntry[] = WIDGETS;
  return entries.find((w) => w.id === id);
}

/** Every widget's settings schema, in the registry's order (what links carry; fuzzed by tests). */
export function loadWidgetSchemas(): Promise<AnyWidgetSchema[]> {
  return Promise.all(WIDGETS.map((w) => w.loadSchema()));
}
