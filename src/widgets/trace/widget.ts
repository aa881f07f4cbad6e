import { defineWidget } from '../declare';

/** Profiler trace reader: how lessons and embeds place it (see ../declare.ts). */
export const traceWidget = defineWidget({
  tag: 'TraceReader',
  id: 'trace',
  label: 'Profiler trace reader',
  placeholderHeightPx: 300,
  narrowPlaceholderHeightPx: 380,
  loadSchema: () => import('./settings').then((m) => m.traceSchema),
  load: () => import('./TraceReader'),
});
