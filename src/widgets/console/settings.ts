/**
 * What a link may set in the PyTorch console, declared once as its state schema: only the
 * simulated GPU. Typed lines, the transcript and tensors never go in a link (they would be code
 * run from a URL). Pure.
 */
import { sessionGpuField } from '../../network-step';
import { defineWidgetSchema, type SchemaState } from '../../state/schema';

/** The console's settings: the catalog GPU that plays the CUDA device. */
export const consoleSchema = defineWidgetSchema({
  id: 'console',
  version: 1,
  fields: {
    /** The catalog GPU the session simulates (shared with the page's other widgets). */
    gpu: sessionGpuField(),
  },
});

/** The console's settings. */
export type ConsoleSettings = SchemaState<typeof consoleSchema>;
