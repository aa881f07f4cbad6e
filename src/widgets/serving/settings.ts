/**
 * What a link may set in the serving simulator, declared once as its state schema: the model (a
 * zoo language model, a decoder spec given field by field, or a pasted `print(model)`, whose
 * text is never in a link), the catalog GPU, the tensor-parallel GPUs, the weight and KV-cache
 * formats, the requests' input and output lengths, how many are in flight (a concurrency, or as
 * many as fit), the head size of a pasted model (0: assumed), and the scheduler step the
 * timeline shows. A decoder spec that does not hold together (heads not dividing hidden) is kept
 * as given: the widget says what is wrong with it. Pure.
 */
import { KV_FORMATS, SERVING_MODEL_IDS, WEIGHT_FORMATS } from '../../engine/models';
import { catalogGpuField, decoderSpecFields } from '../../network-step';
import { defineWidgetSchema, enumField, integerField, type SchemaState } from '../../state/schema';

/** A decoder spec typed into the form. */
export const CUSTOM_MODEL = 'custom';
/** A pasted `print(model)`. */
export const PRINT_MODEL = 'print';

/** The model choices: the zoo's language models, then the learner's own. */
export const MODEL_CHOICES: readonly string[] = [...SERVING_MODEL_IDS, CUSTOM_MODEL, PRINT_MODEL];

/** Tensor-parallel sizes inside one node, as the link writes them. */
export const TP_CHOICES = ['1', '2', '4', '8'] as const;

/** How many requests are in flight: a fixed number of clients, or as many as fit. */
export const LOADS = ['clients', 'max'] as const;
/** One load. */
export type Load = (typeof LOADS)[number];

/** The longest request the simulator takes, prompt or output (Llama 3.1's 131,072 positions). */
export const MAX_TOKENS = 131_072;

/** Most clients the simulator sends at once. */
export const MAX_CONCURRENCY = 4096;

/** The serving simulator's settings. */
export const servingSchema = defineWidgetSchema({
  id: 'serving',
  version: 1,
  fields: {
    /** A zoo language model, `custom` (the spec fields below) or `print` (a pasted model). */
    model: enumField({
      key: 'model',
      label: 'Model',
      default: 'llama3.1-8b',
      values: MODEL_CHOICES,
    }),
    /** The catalog GPU each tensor-parallel rank runs on ("My machine" once entered). */
    gpu: { ...catalogGpuField(), default: 'h100-sxm' as const },
    /** GPUs the model is split over by tensor parallelism, inside one node. */
    tp: enumField({
      key: 'tp',
      label: 'Tensor-parallel GPUs',
      default: '1',
      values: TP_CHOICES,
    }),
    /** The format the layers' weights are kept in. */
    weights: enumField({
      key: 'weights',
      label: 'Weights',
      formLabel: 'Weight precision',
      default: 'bf16',
      values: WEIGHT_FORMATS,
    }),
    /** The format of the KV cache. */
    kvCache: enumField({
      key: 'kv',
      label: 'KV-cache format',
      formLabel: 'KV-cache precision',
      default: 'bf16',
      values: KV_FORMATS,
    }),
    /** Prompt tokens per request. */
    inputTokens: integerField({
      key: 'in',
      label: 'Input length',
      formLabel: 'Input tokens per request',
      default: 1024,
      min: 1,
      max: MAX_TOKENS,
    }),
    /** Output tokens per request. */
    outputTokens: integerField({
      key: 'out',
      label: 'Output length',
      formLabel: 'Output tokens per request',
      default: 512,
      min: 1,
      max: MAX_TOKENS,
    }),
    /** Clients sending back to back, or as many requests as memory and the scheduler allow. */
    load: enumField({
      key: 'load',
      label: 'Load',
      formLabel: 'How many requests run at once',
      default: 'clients',
      values: LOADS,
    }),
    /** Clients, each sending its next request when the last one finishes. */
    concurrency: integerField({
      key: 'conc',
      label: 'Concurrency',
      formLabel: 'Concurrency (clients)',
      default: 32,
      min: 1,
      max: MAX_CONCURRENCY,
    }),
    /** The decoder spec's fields, read when the model is `custom`. */
    ...decoderSpecFields(),
    /** Elements per head of a pasted model; 0 to assume it (print(model) does not show it). */
    headDim: integerField({
      key: 'headdim',
      label: 'Head size',
      formLabel: 'Head size (0: assume)',
      help: 'print(model) does not show it; 0 assumes 128 for Llama-family models 3,072 wide or more, else 64',
      default: 0,
      min: 0,
      max: 1024,
    }),
    /** The scheduler step record the timeline shows (clamped to the run's records). */
    step: integerField({
      key: 'step',
      label: 'Scheduler step',
      default: 0,
      min: 0,
      max: 100_000,
    }),
  },
});

/** The serving simulator's settings. */
export type ServingSettings = SchemaState<typeof servingSchema>;

/** Whether the model is the learner's decoder spec. */
export const isCustomModel = (settings: Pick<ServingSettings, 'model'>) =>
  settings.model === CUSTOM_MODEL;

/** Whether the model is a pasted `print(model)`. */
export const isPrintModel = (settings: Pick<ServingSettings, 'model'>) =>
  settings.model === PRINT_MODEL;

/** The decoder spec the form's fields give, unchecked (the engine checks it). */
export function typedSpec(settings: ServingSettings) {
  const { layers, hidden, heads, kvHeads, ffn, vocab, gated, tiedEmbeddings } = settings;
  return { layers, hidden, heads, kvHeads, ffn, vocab, gated, tiedEmbeddings };
}
