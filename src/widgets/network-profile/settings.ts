/**
 * What a link may set in the network profile, declared once as its state schema: the catalog
 * GPU, the zoo network (or "print" for a pasted `print(model)`, whose text is never in a link),
 * training or inference, the batch, the sequence length (0: the network's own), the precision,
 * the optimizer of a training step and how PyTorch runs it (eager, torch.compile or CUDA graphs)
 * (the shared fields of src/network-step, with their one set of limits); the optimizer fused or
 * not, the host's time per eager op, whether rows are grouped by kind of layer, and how many
 * rows the table lists. Pure.
 */
import { checkStepSeq, executionField, networkStepFields, PRINT_NETWORK } from '../../network-step';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  numberField,
  type SchemaState,
} from '../../state/schema';

/** How many rows the table lists, as `row_limit` would: a number, or all of them. */
export const ROW_LIMITS = ['10', '25', 'all'] as const;
/** One row limit. */
export type RowLimit = (typeof ROW_LIMITS)[number];

/**
 * The host's time per tiny eager op on the H200 machine the engine was calibrated on, in µs: the
 * engine's default `hostOpSeconds` (settings.test.ts checks they agree).
 */
export const DEFAULT_HOST_OP_MICROSECONDS = 8.49;

/** The network profile's settings. */
export const networkProfileSchema = defineWidgetSchema({
  id: 'network-profile',
  version: 1,
  fields: {
    // The step's shared fields, with a pasted model (`print`) offered beside the zoo.
    ...networkStepFields({
      learnerNetworks: [PRINT_NETWORK],
      defaultBatch: 32,
      defaultOptimizer: 'adamw',
    }),
    /** Eager, torch.compile, or CUDA graphs. */
    execution: executionField(),
    /** The optimizer built with `fused=True` (false: PyTorch's default foreach form). */
    fused: booleanField({ key: 'fused', label: 'Fused optimizer', default: false }),
    /** Seconds per tiny eager op on the learner's host, in µs (1 µs to 200 µs). */
    hostOpMicroseconds: numberField({
      key: 'host-us',
      label: 'Host time per op (µs)',
      formLabel: 'Host time per eager op',
      unit: 'µs',
      help: `Lesson 8's calibration snippet prints yours; ${DEFAULT_HOST_OP_MICROSECONDS} µs is the H200 machine's.`,
      default: DEFAULT_HOST_OP_MICROSECONDS,
      min: 1,
      max: 200,
      decimals: 2,
    }),
    /** Rows grouped by kind of layer, as key_averages() groups by operator. */
    grouped: booleanField({
      key: 'group',
      label: 'Group by kind',
      formLabel: 'Group layers of the same kind',
      default: true,
    }),
    /** How many rows the table lists. */
    rows: enumField({
      key: 'rows',
      label: 'Rows shown',
      formLabel: 'Rows',
      default: '10',
      values: ROW_LIMITS,
    }),
  },
  check: checkStepSeq,
});

/** The network profile's settings. */
export type NetworkProfileSettings = SchemaState<typeof networkProfileSchema>;

/** The row limit as a number (Infinity for all). */
export function rowLimitOf(rows: RowLimit): number {
  return rows === 'all' ? Number.POSITIVE_INFINITY : Number(rows);
}
