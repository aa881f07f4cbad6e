/**
 * What the serving simulator shows for its settings, worked out in one place: the model (a zoo
 * model, the typed spec, or a pasted print(model) already read), the server and the workload
 * the engine is asked about, the prediction, the concurrency sweep with its knee, and what each
 * lever buys. Anything the engine cannot model comes back as a problem with the engine's message,
 * and with the memory plan where there is one (a model too large for the GPU is drawn against
 * it). Pure: the engine comes in as a port.
 */
import {
  getServingModel,
  parseDecoderSpec,
  SERVING_MODEL_IDS,
  type DecoderSpec,
  type MemoryPlan,
  type ServingPrediction,
  type ServingSetup,
  type ServingWorkload,
  type SweepPoint,
} from '../../engine/models';
import type { PrintedDecoder, ServingEngine } from './engine-port';
import { leverRows, type LeverRow } from './levers';
import { isCustomModel, isPrintModel, typedSpec, type ServingSettings } from './settings';
import { kneeOf, sweepConcurrencies, type Knee } from './sweep';

/** The model the settings name, or why there is none yet. */
export type ResolvedModel =
  | { ok: true; name: string; spec: DecoderSpec }
  | { ok: false; cause: 'awaiting' | 'model'; message: string };

/** A pasted print(model) as the controller keeps it: its reading, or the reader's message. */
export interface PrintedState {
  text: string;
  result: PrintedDecoder | null;
  message: string | null;
}

/** The model of the settings: a zoo model, the typed spec (checked), or the pasted model. */
export function resolveModel(settings: ServingSettings, printed: PrintedState): ResolvedModel {
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
        message: `the decoder spec does not hold together: ${error.message}`,
      };
    }
  }
  const id = SERVING_MODEL_IDS.includes(settings.model) ? settings.model : SERVING_MODEL_IDS[0]!;
  const model = getServingModel(id);
  return { ok: true, name: model.name, spec: model.spec };
}

/** The server the settings describe for `spec` (CUDA graphs on, no speculation: the defaults). */
export function setupOf(settings: ServingSettings, spec: DecoderSpec): ServingSetup {
  return {
    model: spec,
    gpu: settings.gpu,
    gpus: Number(settings.tp),
    weights: settings.weights,
    kvCache: settings.kvCache,
  };
}

/** The workload the settings describe. */
export function workloadOf(settings: ServingSettings): ServingWorkload {
  return {
    inputTokens: settings.inputTokens,
    outputTokens: settings.outputTokens,
    concurrency: settings.load === 'max' ? 'max' : settings.concurrency,
  };
}

/** Everything the simulator shows for settings the engine can model. */
export interface ServingResult {
  kind: 'result';
  modelName: string;
  gpuName: string;
  setup: ServingSetup;
  workload: ServingWorkload;
  prediction: ServingPrediction;
  /** Most requests of the workload's length that fit at once. */
  maxFit: number;
  sweep: SweepPoint[];
  knee: Knee | null;
  levers: LeverRow[];
}

/** Why there is nothing to show, with the memory plan where the engine made one. */
export interface ServingProblem {
  kind: 'problem';
  /** Awaiting a pasted model; a model that is no decoder; one that does not fit; the engine refused. */
  cause: 'awaiting' | 'model' | 'fit' | 'engine';
  message: string;
  modelName: string | null;
  gpuName: string;
  memory: MemoryPlan | null;
}

/** The simulator's answer for its settings. */
export type ServingAnalysis = ServingResult | ServingProblem;

/** The analysis of the settings (with the pasted model read), asking `engine`. */
export function analyzeServing(
  settings: ServingSettings,
  printed: PrintedState,
  engine: ServingEngine,
): ServingAnalysis {
  const gpuName = engine.gpuFacts(settings.gpu).name;
  const model = resolveModel(settings, printed);
  if (!model.ok) {
    return {
      kind: 'problem',
      cause: model.cause,
      message: model.message,
      modelName: null,
      gpuName,
      memory: null,
    };
  }
  const setup = setupOf(settings, model.spec);
  const workload = workloadOf(settings);
  let prediction: ServingPrediction;
  try {
    prediction = engine.predict(setup, workload);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return {
      kind: 'problem',
      cause: 'engine',
      message: error.message,
      modelName: model.name,
      gpuName,
      memory: null,
    };
  }
  const { memory } = prediction;
  if (!prediction.fits) {
    return {
      kind: 'problem',
      cause: 'fit',
      message: fitMessage(model.name, gpuName, setup.gpus ?? 1, memory, workload),
      modelName: model.name,
      gpuName,
      memory,
    };
  }
  const maxFit = Math.max(1, memory.requestsThatFit);
  const sweep = engine.sweep(
    setup,
    { inputTokens: workload.inputTokens, outputTokens: workload.outputTokens },
    sweepConcurrencies(maxFit),
  );
  return {
    kind: 'result',
    modelName: model.name,
    gpuName,
    setup,
    workload,
    prediction,
    maxFit,
    sweep,
    knee: kneeOf(sweep),
    levers: leverRows(engine, setup, workload),
  };
}

/** GiB, for the messages. */
const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;

/** Why a model does not fit, in numbers. */
function fitMessage(
  model: string,
  gpu: string,
  gpus: number,
  memory: MemoryPlan,
  workload: ServingWorkload,
): string {
  const fixed = memory.weightBytes + memory.activationBytes + memory.reserveBytes;
  const tokens = workload.inputTokens + workload.outputTokens;
  const where = gpus > 1 ? `each of ${gpus} × ${gpu}` : `one ${gpu}`;
  if (fixed >= memory.totalBytes) {
    return `${model} does not fit on ${where}: its weights (${gib(memory.weightBytes)}), working memory and reserve need ${gib(fixed)} of the ${gib(memory.totalBytes)} there. Split it over more GPUs, or keep the weights in fewer bits.`;
  }
  return `${model} fits on ${where}, but the ${gib(memory.kvCacheBytes)} left for the KV cache holds ${memory.kvCacheTokens.toLocaleString('en-US')} tokens, too few for one request of ${tokens.toLocaleString('en-US')} tokens. Shorten the requests, or free memory: fewer bits per weight or per cached value, or more GPUs.`;
}
