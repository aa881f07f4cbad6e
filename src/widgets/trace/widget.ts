import { defineWidget } from '../declare';
import { traceFace } from './face';

/** Profiler trace reader: how lessons and embeds place it (see ../declare.ts). */
export const traceWidget = defineWidget({
  ...traceFace,
  tag: 'TraceReader',
  placeholderHeightPx: 270,
  narrowPlaceholderHeightPx: 410,
  loadSchema: () => import('./settings').then((m) => m.traceSchema),
  load: () => import('./TraceReader'),
});
