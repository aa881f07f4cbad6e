/**
 * What a link may set in the parallel layout planner, declared once as its state schema: the
 * model (a zoo language model, a decoder spec given field by field, or a pasted `print(model)`,
 * whose text is never in a link), the cluster (catalog GPU or "My machine", GPU count, GPUs per
 * node, the links inside and between nodes), the run (sequence length, global batch in
 * sequences, precision, pipeline schedule) and the chosen layout (sharding, tensor, context and
 * pipeline degrees, micro-batch, checkpointing; data parallel and gradient accumulation follow).
 * Degrees that do not divide the GPUs and a spec that does not hold together are kept as given:
 * the widget says what is wrong. A link the GPU cannot use, or fp8 on a GPU without fp8 tensor
 * cores, falls back with a notice. Pure.
 */
import {
  getGpu,
  getInterconnect,
  INTERCONNECT_IDS,
  INTERCONNECTS,
  type InterconnectId,
} from '../../engine/catalog';
import {
  CHECKPOINTING,
  PIPELINE_SCHEDULES,
  peerLinksOf,
  SERVING_MODEL_IDS,
  SHARDINGS,
  TRAINING_PRECISIONS,
  type Checkpointing,
  type PipelineSchedule,
  type Sharding,
  type TrainingPrecision,
} from '../../engine/models';
import { catalogGpuField, decoderSpecFields } from '../../network-step';
import { defineWidgetSchema, enumField, integerField, type SchemaState } from '../../state/schema';

/** A decoder spec typed into the form. */
export const CUSTOM_MODEL = 'custom';
/** A pasted `print(model)`. */
export const PRINT_MODEL = 'print';

/** The model choices: the zoo's language models, then the learner's own. */
export const MODEL_CHOICES: readonly string[] = [...SERVING_MODEL_IDS, CUSTOM_MODEL, PRINT_MODEL];

/** GPU-to-GPU links inside a node, in catalog order. */
export const NODE_LINKS: readonly InterconnectId[] = INTERCONNECT_IDS.filter(
  (id) => INTERCONNECTS[id].scope === 'intra-node',
);

/** Links between nodes, in catalog order. */
export const NETWORK_LINKS: readonly InterconnectId[] = INTERCONNECT_IDS.filter(
  (id) => INTERCONNECTS[id].scope === 'inter-node',
);

/** The most GPUs the planner lays a run over. */
export const MAX_GPUS = 1024;

/** The parallel layout planner's settings. */
export const parallelPlannerSchema = defineWidgetSchema({
  id: 'parallel-planner',
  version: 1,
  fields: {
    /** A zoo language model, `custom` (the spec fields below) or `print` (a pasted model). */
    model: enumField({
      key: 'model',
      label: 'Model',
      default: 'llama3.1-70b',
      values: MODEL_CHOICES,
    }),
    /** The GPU in every slot: a CUDA GPU with a GPU-to-GPU link ("My machine" once entered). */
    gpu: {
      ...catalogGpuField({ only: (g) => peerLinksOf(g).length > 0 }),
      default: 'h100-sxm' as const,
      formLabel: 'GPU',
    },
    /** GPUs in all. */
    gpus: integerField({
      key: 'gpus',
      label: 'GPUs',
      formLabel: 'GPUs in all',
      default: 64,
      min: 1,
      max: MAX_GPUS,
    }),
    /** GPUs in each node: tensor parallel stays inside one. */
    gpusPerNode: integerField({
      key: 'pernode',
      label: 'GPUs per node',
      default: 8,
      min: 1,
      max: 16,
    }),
    /** GPU-to-GPU link inside a node. */
    link: enumField({
      key: 'link',
      label: 'Link inside a node',
      default: 'nvlink4',
      values: NODE_LINKS,
    }),
    /** Link between nodes, one network card per GPU. */
    nodeLink: enumField({
      key: 'netlink',
      label: 'Link between nodes',
      default: 'ib-ndr',
      values: NETWORK_LINKS,
    }),
    /** Tokens per sequence. */
    seq: integerField({
      key: 'seq',
      label: 'Sequence length',
      formLabel: 'Sequence length (tokens)',
      default: 8192,
      min: 16,
      max: 131_072,
    }),
    /** Sequences per optimizer step over all GPUs. */
    globalBatch: integerField({
      key: 'batch',
      label: 'Global batch',
      formLabel: 'Global batch (sequences per step)',
      default: 256,
      min: 1,
      max: 65_536,
    }),
    /** The products' number format. */
    precision: enumField({
      key: 'prec',
      label: 'Precision',
      default: 'bf16',
      values: TRAINING_PRECISIONS,
    }),
    /** How pipeline stages order their micro-batches. */
    schedule: enumField({
      key: 'sched',
      label: 'Pipeline schedule',
      default: '1f1b',
      values: PIPELINE_SCHEDULES,
    }),
    /** How data parallel keeps the model state. */
    sharding: enumField({
      key: 'shard',
      label: 'Sharding',
      formLabel: 'Data parallel keeps the model state',
      default: 'zero3',
      values: SHARDINGS,
    }),
    /** Tensor-parallel degree (`tp` in links): each layer's matrices split over this many GPUs of a node. */
    tensorParallel: integerField({
      key: 'tp',
      label: 'Tensor-parallel degree',
      formLabel: 'Tensor parallel (TP)',
      default: 1,
      min: 1,
      max: 64,
    }),
    /** Context-parallel degree: each sequence split over this many GPUs (ring attention). */
    contextParallel: integerField({
      key: 'cp',
      label: 'Context-parallel degree',
      formLabel: 'Context parallel (CP)',
      default: 1,
      min: 1,
      max: 64,
    }),
    /** Pipeline-parallel degree: the layers split into this many stages. */
    pipelineParallel: integerField({
      key: 'pp',
      label: 'Pipeline-parallel degree',
      formLabel: 'Pipeline parallel (PP)',
      default: 1,
      min: 1,
      max: 128,
    }),
    /** Sequences in one micro-batch on one data-parallel rank. */
    microBatch: integerField({
      key: 'mb',
      label: 'Micro-batch',
      formLabel: 'Micro-batch (sequences)',
      default: 1,
      min: 1,
      max: 64,
    }),
    /** What the backward pass recomputes. */
    checkpointing: enumField({
      key: 'ckpt',
      label: 'Activation checkpointing',
      default: 'full',
      values: CHECKPOINTING,
    }),
    /** The decoder spec's fields, read when the model is `custom`. */
    ...decoderSpecFields(),
  },
  check(state) {
    const notices: string[] = [];
    let next = state;
    const gpu = getGpu(state.gpu);
    const usable = peerLinksOf(gpu);
    const fastest = usable[0];
    if (fastest !== undefined && !usable.includes(state.link as InterconnectId)) {
      notices.push(
        `The ${gpu.name} cannot use ${getInterconnect(state.link).name}; using ${INTERCONNECTS[fastest].name}.`,
      );
      next = { ...next, link: fastest };
    }
    if (state.precision === 'fp8' && !hasFp8(state.gpu)) {
      notices.push(`The ${gpu.name} has no fp8 tensor cores; using bf16.`);
      next = { ...next, precision: 'bf16' };
    }
    return { state: next, notices };
  },
});

/** Whether a GPU has fp8 tensor cores (the engine refuses fp8 training without them). */
export function hasFp8(gpuId: string): boolean {
  return getGpu(gpuId).peakFlopsPerSecond['tensor-core'].fp8 !== undefined;
}

/** The parallel layout planner's settings. */
export type PlannerSettings = SchemaState<typeof parallelPlannerSchema>;

/** Whether the model is the learner's decoder spec. */
export const isCustomModel = (settings: Pick<PlannerSettings, 'model'>) =>
  settings.model === CUSTOM_MODEL;

/** Whether the model is a pasted `print(model)`. */
export const isPrintModel = (settings: Pick<PlannerSettings, 'model'>) =>
  settings.model === PRINT_MODEL;

/** The decoder spec the form's fields give, unchecked (the engine checks it). */
export function typedSpec(settings: PlannerSettings) {
  const { layers, hidden, heads, kvHeads, ffn, vocab, gated, tiedEmbeddings } = settings;
  return { layers, hidden, heads, kvHeads, ffn, vocab, gated, tiedEmbeddings };
}

/** Each sharding's name in the planner, short enough for a select and a table. */
export const SHARDING_NAMES: Readonly<Record<Sharding, string>> = {
  replicate: 'DDP (replicated)',
  zero1: 'ZeRO-1',
  zero2: 'ZeRO-2',
  zero3: 'FSDP (full shard)',
};

/** Each checkpointing policy in a few words. */
export const CHECKPOINTING_NAMES: Readonly<Record<Checkpointing, string>> = {
  none: 'none: keep every activation',
  selective: 'selective: recompute about half',
  full: 'full: recompute each layer',
};

/** Each pipeline schedule's name. */
export const SCHEDULE_NAMES: Readonly<Record<PipelineSchedule, string>> = {
  '1f1b': '1F1B',
  gpipe: 'GPipe',
  interleaved: 'Interleaved (2 chunks a stage)',
};

/** Each precision in a few words. */
export const PRECISION_NAMES: Readonly<Record<TrainingPrecision, string>> = {
  bf16: 'bf16 mixed precision',
  fp16: 'fp16 mixed precision',
  fp8: 'fp8 products (Hopper)',
};
