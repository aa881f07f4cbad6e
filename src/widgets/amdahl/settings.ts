/**
 * What the learner sets in the Amdahl plot, declared once as its state schema: their own
 * parallel fraction p and the core count the marker stands at. The limits are absolute; the
 * widget still snaps the core count to its own slider's stops (which depend on the lesson's
 * `maxCores`). Pure.
 */
import {
  defineWidgetSchema,
  integerField,
  numberField,
  type SchemaState,
} from '../../state/schema';
import { DEFAULT_MARKER_CORES, DEFAULT_USER_FRACTION, MAX_USER_FRACTION } from './model';

/** Largest core count a link or a lesson may name (2^20, far past any axis the course draws). */
export const MAX_MARKER_CORES = 1_048_576;

/** The Amdahl plot's settings. */
export const amdahlSchema = defineWidgetSchema({
  id: 'amdahl',
  version: 1,
  fields: {
    /** The learner's own parallel fraction p, to the slider's 0.001. */
    fraction: numberField({
      key: 'p',
      label: 'Parallel fraction p',
      formLabel: 'Your parallel fraction p',
      step: 0.001,
      default: DEFAULT_USER_FRACTION,
      min: 0,
      max: MAX_USER_FRACTION,
      decimals: 3,
    }),
    /** Where the core-count marker stands (snapped to the slider's stops when shown). */
    cores: integerField({
      key: 'cores',
      label: 'Number of cores',
      formLabel: 'Number of cores N',
      scale: 'log',
      default: DEFAULT_MARKER_CORES,
      min: 1,
      max: MAX_MARKER_CORES,
    }),
  },
});

/** The Amdahl plot's settings. */
export type AmdahlSettings = SchemaState<typeof amdahlSchema>;
