/**
 * Every widget's state schema, by widget id: what its link carries. Pure (no React, no widget
 * code), so tests fuzz them all and embed pages can read them without loading a widget.
 */
import type { AnyWidgetSchema } from '../state/schema';
import { amdahlSchema } from './amdahl/settings';
import { asyncTimingSchema } from './async-timing/settings';
import { consoleSchema } from './console/settings';
import { crossoverSchema } from './crossover/settings';
import { dataParallelSchema } from './data-parallel/settings';
import { deviceSchema } from './device-card/settings';
import { explorerSchema } from './explorer/settings';
import { kernelLabSchema } from './kernel-lab/settings';
import { memorySnapshotSchema } from './memory-snapshot/settings';
import { memorySchema } from './memory/settings';
import { networkProfileSchema } from './network-profile/settings';
import { precisionSchema } from './precision/settings';
import { raceSchema } from './race/settings';
import { specTableSchema } from './spec-table/settings';
import { transferSchema } from './transfer/settings';

/** A schema as the list holds it (each widget's own state type is not needed here). */
const listed = (schema: object): AnyWidgetSchema => schema as AnyWidgetSchema;

/** The schemas, one per widget, in the registry's order. */
export const WIDGET_SCHEMAS: readonly AnyWidgetSchema[] = [
  listed(raceSchema),
  listed(amdahlSchema),
  listed(explorerSchema),
  listed(specTableSchema),
  listed(deviceSchema),
  listed(consoleSchema),
  listed(transferSchema),
  listed(memorySchema),
  listed(memorySnapshotSchema),
  listed(precisionSchema),
  listed(kernelLabSchema),
  listed(crossoverSchema),
  listed(networkProfileSchema),
  listed(asyncTimingSchema),
  listed(dataParallelSchema),
];
