/**
 * What the planner shows for its settings, worked out in one place: the model (a zoo model, the
 * typed spec, or a pasted print(model) already read), the plan the ranking takes (model,
 * cluster, sequence, global batch), and the chosen layout's step from the engine, or why there is
 * none in words a learner can act on (a degree that does not divide the GPUs, tensor parallel
 * wider than a node, a global batch that does not split into micro-batches, a spec that does not
 * hold together). Pure: the engine comes in as a port.
 */
import {
  getServingModel,
  parseDecoderSpec,
  SERVING_MODEL_IDS,
  type DecoderSpec,
  type ParallelSetup,
  type ParallelStepPrediction,
  type PlanBase,
} from '../../engine/models';
import { formatCount } from '../../format/units';
import type { PlannerEngine, PrintedDecoder } from './engine-port';
import { stepParts, type StepParts } from './ranking';
import { isCustomModel, isPrintModel, typedSpec, type PlannerSettings } from './settings';

/** A pasted print(model) as the controller keeps it: its reading, or the reader's message. */
export interface PrintedState {
  text: string;
  result: PrintedDecoder | null;
  message: string | null;
}

/** The model of the settings, or why there is none yet. */
export type ResolvedModel =
  | { ok: true; name: string; spec: DecoderSpec }
  | { ok: false; cause: 'awaiting' | 'model'; message: string };

/** The model the settings name: a zoo model, the typed spec (checked), or the pasted model. */
export function resolveModel(settings: PlannerSettings, printed: PrintedState): ResolvedModel {
  if (isPrintModel(settings)) {
    if (printed.text.trim() === '') {
      return {
        ok: false,
        cause: 'awaiting',
        message: 'paste the print(model) of a Hugging Face decoder above, or the example.',
      };
    }
    if (printed.result === null) {
      return {
        ok: false,
        cause: 'model',
        message: `the pasted text is not a decoder the engine can read: ${printed.message ?? 'no decoder found'}`,
      };
    }
    return { ok: true, name: `your ${printed.result.model}`, spec: printed.result.spec };
  }
  if (isCustomModel(settings)) {
    try {
      return { ok: true, name: 'your decoder spec', spec: parseDecoderSpec(typedSpec(settings)) };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return {
        ok: false,
        cause: 'model',
        message: `the decoder spec does not hold together: ${error.message}.`,
      };
    }
  }
  const id = SERVING_MODEL_IDS.includes(settings.model) ? settings.model : SERVING_MODEL_IDS[0]!;
  const model = getServingModel(id);
  return { ok: true, name: model.name, spec: model.spec };
}

/** What the ranking holds fixed: the model, the cluster, the sequence and the global batch. */
export function planBaseOf(settings: PlannerSettings, spec: DecoderSpec): PlanBase {
  return {
    model: spec,
    gpu: settings.gpu,
    gpus: settings.gpus,
    gpusPerNode: settings.gpusPerNode,
    link: settings.link,
    nodeLink: settings.nodeLink,
    seq: settings.seq,
    precision: settings.precision,
    pipelineSchedule: settings.schedule,
    globalBatch: settings.globalBatch,
  };
}

/** Why the cluster itself cannot be laid out (whatever the layout), or null. */
export function clusterProblem(settings: PlannerSettings): string | null {
  const { gpus, gpusPerNode } = settings;
  if (gpus > gpusPerNode && gpus % gpusPerNode !== 0) {
    return `${formatCount(gpus)} GPUs are not a whole number of nodes of ${gpusPerNode}: choose a GPU count that is a multiple of the GPUs per node.`;
  }
  return null;
}

/** Data parallel's degree, or null when the model-parallel degrees do not divide the GPUs. */
export function dataParallelOf(settings: PlannerSettings): number | null {
  const modelParallel =
    settings.tensorParallel * settings.contextParallel * settings.pipelineParallel;
  return settings.gpus % modelParallel === 0 ? settings.gpus / modelParallel : null;
}

/** Why the chosen degrees and micro-batch cannot lay out these GPUs and batch, or null. */
export function layoutProblem(settings: PlannerSettings): string | null {
  const { gpus, microBatch, globalBatch } = settings;
  const tp = settings.tensorParallel;
  const cp = settings.contextParallel;
  const pp = settings.pipelineParallel;
  const perNode = Math.min(gpus, settings.gpusPerNode);
  const dp = dataParallelOf(settings);
  if (dp === null) {
    return `TP × CP × PP = ${tp} × ${cp} × ${pp} = ${formatCount(tp * cp * pp)} does not divide the ${formatCount(gpus)} GPUs: data parallel takes what is left, so it must be a whole number.`;
  }
  if (tp > perNode) {
    return `Tensor parallel ${tp} is wider than a node of ${perNode} GPU${perNode === 1 ? '' : 's'}: its all-reduces run in every layer and must stay on the fast link inside a node.`;
  }
  if (globalBatch % (dp * microBatch) !== 0) {
    return `The global batch of ${formatCount(globalBatch)} sequences does not split into micro-batches of ${microBatch} on each of the ${formatCount(dp)} data-parallel ranks (${formatCount(globalBatch)} ÷ (${formatCount(dp)} × ${microBatch}) is not a whole number).`;
  }
  return null;
}

/** The chosen layout as the engine takes it (its degrees assumed to divide: see layoutProblem). */
export function setupOf(settings: PlannerSettings, spec: DecoderSpec): ParallelSetup {
  const dp = dataParallelOf(settings) ?? 1;
  return {
    model: spec,
    gpu: settings.gpu,
    gpus: settings.gpus,
    gpusPerNode: settings.gpusPerNode,
    link: settings.link,
    nodeLink: settings.nodeLink,
    seq: settings.seq,
    microBatch: settings.microBatch,
    gradAccum: Math.max(1, Math.round(settings.globalBatch / (dp * settings.microBatch))),
    precision: settings.precision,
    sharding: settings.sharding,
    tensorParallel: settings.tensorParallel,
    contextParallel: settings.contextParallel,
    pipelineParallel: settings.pipelineParallel,
    pipelineSchedule: settings.schedule,
    checkpointing: settings.checkpointing,
  };
}

/** The chosen layout's step. */
export interface LayoutResult {
  kind: 'result';
  modelName: string;
  gpuName: string;
  spec: DecoderSpec;
  setup: ParallelSetup;
  prediction: ParallelStepPrediction;
  parts: StepParts;
}

/** Why there is no step to show. */
export interface LayoutProblem {
  kind: 'problem';
  /** awaiting: nothing pasted yet; model: no model; cluster or layout: settings that do not divide. */
  cause: 'awaiting' | 'model' | 'cluster' | 'layout' | 'engine';
  message: string;
}

/** Everything the planner shows apart from the ranking. */
export interface PlannerAnalysis {
  model: ResolvedModel;
  /** The plan the ranking takes, when there is a model. */
  base: PlanBase | null;
  layout: LayoutResult | LayoutProblem;
}

/** Works out the planner's answer for `settings`. */
export function analyzePlanner(
  settings: PlannerSettings,
  printed: PrintedState,
  engine: PlannerEngine,
): PlannerAnalysis {
  const model = resolveModel(settings, printed);
  if (!model.ok) {
    return {
      model,
      base: null,
      layout: { kind: 'problem', cause: model.cause, message: model.message },
    };
  }
  const base = planBaseOf(settings, model.spec);
  const cluster = clusterProblem(settings);
  if (cluster !== null)
    return { model, base, layout: { kind: 'problem', cause: 'cluster', message: cluster } };
  const problem = layoutProblem(settings);
  if (problem !== null)
    return { model, base, layout: { kind: 'problem', cause: 'layout', message: problem } };
  const setup = setupOf(settings, model.spec);
  try {
    const prediction = engine.predict(setup);
    return {
      model,
      base,
      layout: {
        kind: 'result',
        modelName: model.name,
        gpuName: engine.gpuName(settings.gpu),
        spec: model.spec,
        setup,
        prediction,
        parts: stepParts(prediction),
      },
    };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return {
      model,
      base,
      layout: {
        kind: 'problem',
        cause: 'engine',
        message: `the engine cannot model this layout: ${error.message}.`,
      },
    };
  }
}

/** The key of a plan: two plans with the same key rank the same. */
export function planKey(base: PlanBase): string {
  return JSON.stringify(base);
}
