/**
 * Every widget's state schema, by widget id: what its link carries. Pure (no React, no widget
 * code), so tests fuzz them all and future embed pages can read them without loading a widget.
 */
import type { AnyWidgetSchema } from '../state/schema';
import { raceSchema } from './race/settings';

/** The schemas, one per widget that has settings. */
export const WIDGET_SCHEMAS: readonly AnyWidgetSchema[] = [
  raceSchema as unknown as AnyWidgetSchema,
];
