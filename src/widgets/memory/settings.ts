/**
 * What a link may set in the memory simulator, declared once as its state schema: the catalog
 * GPU, the network (a zoo id, "custom" for the learner's own layers or "print" for a pasted
 * `print(model)`), training or inference (and the inference phase), the batch, the sequence
 * length, the precision, the optimizer, gradient checkpointing and a chunked cross-entropy. The
 * step's fields and their limits are the shared ones of src/network-step. The learner's own
 * layer list and a pasted model are not part of a link (a link that says "custom" opens the
 * builder's starter network, one that says "print" an empty paste box). Pure.
 */
import { INFERENCE_PHASES } from '../../engine/models';
import {
  checkStepSeq,
  CUSTOM_NETWORK,
  networkStepFields,
  PRINT_NETWORK,
  zooNetworkOf,
} from '../../network-step';
import { booleanField, defineWidgetSchema, enumField, type SchemaState } from '../../state/schema';

// The step's shared fields, with the learner's own layers (`custom`) and a pasted model
// (`print`) offered beside the zoo; the phase keeps its place after the mode in links.
const { gpu, network, mode, ...step } = networkStepFields({
  learnerNetworks: [CUSTOM_NETWORK, PRINT_NETWORK],
  defaultBatch: 64,
  defaultOptimizer: 'sgd',
});

/** The memory simulator's settings. */
export const memorySchema = defineWidgetSchema({
  id: 'memory',
  version: 1,
  fields: {
    gpu,
    network,
    mode,
    /** The inference phase (prefill and decode apply to decoder language models only). */
    phase: enumField({
      key: 'phase',
      label: 'Inference phase',
      default: 'forward',
      values: INFERENCE_PHASES,
    }),
    ...step,
    checkpointing: booleanField({ key: 'ckpt', label: 'Gradient checkpointing', default: false }),
    /** A chunked or fused cross-entropy: one chunk of the logits at a time (training). */
    chunkedLoss: booleanField({ key: 'cce', label: 'Chunked cross-entropy', default: false }),
  },
  check: checkStepSeq,
});

/** The memory simulator's settings. */
export type MemorySettings = SchemaState<typeof memorySchema>;

/** Whether the phase setting applies: decoder language models at inference. */
export function phaseApplies(settings: MemorySettings): boolean {
  return settings.mode === 'inference' && zooNetworkOf(settings.network)?.family === 'decoder';
}

/** The inference phase a step runs: the setting where it applies, a forward pass otherwise. */
export function phaseOf(settings: MemorySettings): MemorySettings['phase'] {
  return phaseApplies(settings) ? settings.phase : 'forward';
}
