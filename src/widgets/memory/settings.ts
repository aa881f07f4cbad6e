/**
 * What a link may set in the memory simulator, declared once as its state schema: the catalog
 * GPU, the network (a zoo id, or "custom" for the learner's own layers), training or inference
 * (and the inference phase), the batch, the sequence length, the precision, the optimizer,
 * gradient checkpointing and a chunked cross-entropy. The learner's own layer list and a pasted
 * `print(model)` are not part of a link (a link that says "custom" opens the builder's starter
 * network, one that says "print" an empty paste box). Pure.
 */
import {
  getZooNetwork,
  INFERENCE_PHASES,
  OPTIMIZER_IDS,
  ZOO_IDS,
  type ZooNetwork,
} from '../../engine/models';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  integerField,
  type SchemaState,
} from '../../state/schema';
import { catalogGpuField, stepPrecisionField } from '../../store/session-gpu-field';

/** The network value that stands for the learner's own layer list. */
export const CUSTOM_NETWORK = 'custom';

/** The network value that stands for a pasted `print(model)`. */
export const PRINT_NETWORK = 'print';

/** Every network a link may name: the zoo, then the learner's own, then a pasted one. */
export const NETWORK_CHOICES: readonly string[] = [...ZOO_IDS, CUSTOM_NETWORK, PRINT_NETWORK];

/** Training or inference. */
export const STEP_MODES = ['train', 'inference'] as const;

/** The largest batch a setting may ask for (the engine's own search goes this far). */
export const MAX_BATCH = 1_048_576;

/** The longest sequence a setting may ask for (the engine's limit on positions, 2^21). */
export const MAX_SEQ = 2_097_152;

/** The memory simulator's settings. */
export const memorySchema = defineWidgetSchema({
  id: 'memory',
  version: 1,
  fields: {
    /** The catalog GPU the step runs on. */
    gpu: catalogGpuField(),
    /** A zoo network id, `custom` for the learner's own layers, `print` for a pasted model. */
    network: enumField({
      key: 'net',
      label: 'Network',
      default: 'resnet50',
      values: NETWORK_CHOICES,
    }),
    /** A training step or an inference step. */
    mode: enumField({ key: 'mode', label: 'Step', default: 'train', values: STEP_MODES }),
    /** The inference phase (prefill and decode apply to decoder language models only). */
    phase: enumField({
      key: 'phase',
      label: 'Inference phase',
      default: 'forward',
      values: INFERENCE_PHASES,
    }),
    /** Samples per step. */
    batch: integerField({ key: 'batch', label: 'Batch size', default: 64, min: 1, max: MAX_BATCH }),
    /** Sequence length; 0 means the network's own default. */
    seq: integerField({ key: 'seq', label: 'Sequence length', default: 0, min: 0, max: MAX_SEQ }),
    precision: stepPrecisionField(),
    optimizer: enumField({ key: 'opt', label: 'Optimizer', default: 'sgd', values: OPTIMIZER_IDS }),
    checkpointing: booleanField({ key: 'ckpt', label: 'Gradient checkpointing', default: false }),
    /** A chunked or fused cross-entropy: one chunk of the logits at a time (training). */
    chunkedLoss: booleanField({ key: 'cce', label: 'Chunked cross-entropy', default: false }),
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

/** The memory simulator's settings. */
export type MemorySettings = SchemaState<typeof memorySchema>;

/** Whether a setting names the learner's own layers (built or pasted), not a zoo network. */
export function isLearnerNetwork(network: string): boolean {
  return network === CUSTOM_NETWORK || network === PRINT_NETWORK;
}

/** The zoo network a setting names, or null for the learner's own layers. */
export function zooNetworkOf(network: string): ZooNetwork | null {
  return isLearnerNetwork(network) ? null : getZooNetwork(network);
}

/** Whether a zoo network takes a sequence length (encoders, decoders, recurrent networks). */
export function hasSequence(network: ZooNetwork): boolean {
  return network.family === 'encoder' || network.family === 'decoder' || network.family === 'rnn';
}

/** The sequence length a step uses: the setting, or the network's default when it is 0. */
export function effectiveSeq(settings: MemorySettings): number | undefined {
  const network = zooNetworkOf(settings.network);
  if (!network || !hasSequence(network)) return undefined;
  return settings.seq === 0 ? network.defaultSeq : settings.seq;
}

/** Whether the phase setting applies: decoder language models at inference. */
export function phaseApplies(settings: MemorySettings): boolean {
  return settings.mode === 'inference' && zooNetworkOf(settings.network)?.family === 'decoder';
}
