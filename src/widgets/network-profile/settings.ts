/**
 * What a link may set in the network profile, declared once as its state schema: the catalog
 * GPU, the zoo network (or "print" for a pasted `print(model)`, whose text is never in a link),
 * training or inference, the batch, the sequence length (0: the network's
 * own), the precision, the optimizer of a training step, how PyTorch runs the step (eager,
 * torch.compile or CUDA graphs; the optimizer fused or not), the host's time per eager op,
 * whether rows are grouped by kind of layer, and how many rows the table lists. Pure.
 */
import { getZooNetwork, OPTIMIZER_IDS, ZOO_IDS, type ZooNetwork } from '../../engine/models';
import type { StepPrediction } from '../../engine/models';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  integerField,
  numberField,
  type SchemaState,
} from '../../state/schema';
import { catalogGpuField, stepPrecisionField } from '../../store/session-gpu-field';

/** The network value that stands for a pasted `print(model)`. */
export const PRINT_NETWORK = 'print';

/** Every network a link may name: the zoo, then a pasted one. */
export const NETWORK_CHOICES: readonly string[] = [...ZOO_IDS, PRINT_NETWORK];

/** The zoo network a setting names, or null for a pasted model. */
export function zooNetworkOf(network: string): ZooNetwork | null {
  return network === PRINT_NETWORK ? null : getZooNetwork(network);
}

/** Training step or inference. */
export const PROFILE_MODES = ['train', 'inference'] as const;

/** How many rows the table lists, as `row_limit` would: a number, or all of them. */
export const ROW_LIMITS = ['10', '25', 'all'] as const;
/** One row limit. */
export type RowLimit = (typeof ROW_LIMITS)[number];

/**
 * How PyTorch runs the step: eager (op by op from Python), `torch.compile` (default mode) or CUDA
 * graphs (`mode="reduce-overhead"`). The engine's own modes, in the order the widget lists them.
 */
export const EXECUTIONS = ['eager', 'compiled', 'cuda-graphs'] as const satisfies ReadonlyArray<
  StepPrediction['execution']
>;
/** One execution mode. */
export type Execution = (typeof EXECUTIONS)[number];

/**
 * The host's time per tiny eager op on the H200 machine the engine was calibrated on, in µs: the
 * engine's default `hostOpSeconds` (settings.test.ts checks they agree).
 */
export const DEFAULT_HOST_OP_MICROSECONDS = 8.49;
/** The fastest host a setting may describe, in µs per eager op. */
export const MIN_HOST_OP_MICROSECONDS = 1;
/** The slowest host a setting may describe, in µs per eager op. */
export const MAX_HOST_OP_MICROSECONDS = 200;

/** The largest batch a setting may ask for. */
export const MAX_BATCH = 65_536;

/** The longest sequence (or number of LSTM time steps) a setting may ask for. */
export const MAX_SEQ = 16_384;

/** The network profile's settings. */
export const networkProfileSchema = defineWidgetSchema({
  id: 'network-profile',
  version: 1,
  fields: {
    /** The catalog GPU the step runs on. */
    gpu: catalogGpuField(),
    /** A zoo network id, or `print` for a pasted model. */
    network: enumField({
      key: 'net',
      label: 'Network',
      default: 'resnet50',
      values: NETWORK_CHOICES,
    }),
    /** A training step (forward, backward, optimizer) or an inference forward pass. */
    mode: enumField({ key: 'mode', label: 'Step', default: 'train', values: PROFILE_MODES }),
    /** Samples per step. */
    batch: integerField({ key: 'batch', label: 'Batch size', default: 32, min: 1, max: MAX_BATCH }),
    /** Sequence length or time steps; 0 means the network's own default. */
    seq: integerField({ key: 'seq', label: 'Sequence length', default: 0, min: 0, max: MAX_SEQ }),
    precision: stepPrecisionField(),
    optimizer: enumField({
      key: 'opt',
      label: 'Optimizer',
      default: 'adamw',
      values: OPTIMIZER_IDS,
    }),
    /** Eager, torch.compile, or CUDA graphs. */
    execution: enumField({
      key: 'exec',
      label: 'Execution',
      default: 'eager',
      values: EXECUTIONS,
    }),
    /** The optimizer built with `fused=True` (false: PyTorch's default foreach form). */
    fused: booleanField({ key: 'fused', label: 'Fused optimizer', default: false }),
    /** Seconds per tiny eager op on the learner's host, in µs. */
    hostOpMicroseconds: numberField({
      key: 'host-us',
      label: 'Host time per op (µs)',
      default: DEFAULT_HOST_OP_MICROSECONDS,
      min: MIN_HOST_OP_MICROSECONDS,
      max: MAX_HOST_OP_MICROSECONDS,
      decimals: 2,
    }),
    /** Rows grouped by kind of layer, as key_averages() groups by operator. */
    grouped: booleanField({ key: 'group', label: 'Group by kind', default: true }),
    /** How many rows the table lists. */
    rows: enumField({ key: 'rows', label: 'Rows shown', default: '10', values: ROW_LIMITS }),
  },
  check(state) {
    const network = zooNetworkOf(state.network);
    const maxSeq = network?.maxSeq ?? null;
    if (network && hasSequence(network) && maxSeq !== null && state.seq > maxSeq) {
      return {
        state: { ...state, seq: maxSeq },
        notices: [`Sequence length can be at most ${maxSeq} for ${network.name}; using ${maxSeq}.`],
      };
    }
    return { state, notices: [] };
  },
});

/** The network profile's settings. */
export type NetworkProfileSettings = SchemaState<typeof networkProfileSchema>;

/** Whether a zoo network takes a sequence length (encoders, decoders, recurrent networks). */
export function hasSequence(network: ZooNetwork): boolean {
  return network.family === 'encoder' || network.family === 'decoder' || network.family === 'rnn';
}

/** Whether a network's layers include attention (the sequence sweep applies). */
export function hasAttention(network: ZooNetwork): boolean {
  return network.family === 'encoder' || network.family === 'decoder';
}

/**
 * The sequence length a step uses: the setting, or the network's default when it is 0 (none for
 * a pasted model, whose layers already hold the length the learner gave).
 */
export function effectiveSeq(settings: NetworkProfileSettings): number | undefined {
  const network = zooNetworkOf(settings.network);
  if (!network || !hasSequence(network)) return undefined;
  return settings.seq === 0 ? network.defaultSeq : settings.seq;
}

/** The row limit as a number (Infinity for all). */
export function rowLimitOf(rows: RowLimit): number {
  return rows === 'all' ? Number.POSITIVE_INFINITY : Number(rows);
}
