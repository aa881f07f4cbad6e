/**
 * The network models' entry points: a training step or an inference step of a zoo network (by
 * id) or of a learner's own layer list, on a catalog GPU, answered with its time, its peak
 * memory, whether it fits and the largest batch that would. A model that does not fit is an
 * answer (`fits: false`), not an error; impossible input is an error naming the value. Pure.
 */
import { getGpu, type Gpu } from '../../catalog/hardware';
import { requireBoolean, requireOneOf, requirePositive, requirePositiveInteger } from '../validate';
import { analyzeNetwork } from './layers';
import { fitsOn, largestBatch, stepMemory, type MemoryBreakdown } from './memory';
import type { ModelStateShares } from './sharding';
import { optimizerCost, type OptimizerId } from './optimizer';
import { parseLayerList } from './parse-network';
import { precisionPlan, type NetworkPrecision, type PrecisionPlan } from './precision';
import { predictStep, DEFAULT_HOST, type HostSetup, type StepPrediction } from './step-time';
import { containersOf } from './eager/containers';
import { EXECUTION_MODES, runsCompiledKernels, type ExecutionMode } from './eager/execution';
import { OPTIMIZER_FORMS, type OptimizerForm } from './eager/optimizer-update';
import {
  ATTENTION_IMPLEMENTATIONS,
  type AttentionImplementation,
  type BuildOptions,
  type LayerCost,
  type LayerSpec,
  type MlmPositions,
} from './types';
import { getZooNetwork } from './zoo/zoo';

/** A network given by zoo id or as a layer list. */
export type ModelInput = string | readonly unknown[];

/** How the host runs a request's step; every field optional. */
export interface HostOptions {
  /** Seconds of one tiny eager op on the learner's machine (default: the H200 machine's). */
  hostOpSeconds?: number;
  /**
   * 'eager' (default), 'compiled' (torch.compile), 'cuda-graphs' (the eager step captured with
   * torch.cuda.graph) or 'reduce-overhead' (compiled and captured).
   */
  execution?: ExecutionMode;
  /**
   * How attention runs: 'flash' (default, SDPA's fused kernel, what the libraries pick on these
   * GPUs) or 'math' (Hugging Face's "eager" attention, or SDPA's math fallback).
   */
  attention?: AttentionImplementation;
  /** `fused=True` on the optimizer (default false: the foreach form). */
  fusedOptimizer?: boolean;
  /** The optimizer's form, when a caller wants the for-loop one; overrides fusedOptimizer. */
  optimizerForm?: OptimizerForm;
}

/** What a training step is asked about. */
export interface TrainStepRequest extends HostOptions {
  model: ModelInput;
  gpu: string;
  /** Samples per step. */
  batch: number;
  /** Sequence length for sequence models (defaults to the network's own). */
  seq?: number;
  precision: NetworkPrecision;
  optimizer: OptimizerId;
  checkpointing?: boolean;
  /** Where BERT's masked-LM head runs: every position (default, as Hugging Face) or masked ones. */
  mlmPositions?: MlmPositions;
  /**
   * A chunked or fused cross-entropy (one chunk of the logits at a time): changes the memory
   * only; the engine does not time the chunked loss's kernels.
   */
  chunkedLoss?: boolean;
}

/** Inference phases: a forward pass, or a decoder's prompt (prefill) and next token (decode). */
export type InferencePhase = NonNullable<BuildOptions['phase']>;

/** Every inference phase. */
export const INFERENCE_PHASES: readonly InferencePhase[] = ['forward', 'prefill', 'decode'];

/** What an inference step is asked about. */
export interface InferenceRequest extends HostOptions {
  model: ModelInput;
  gpu: string;
  batch: number;
  seq?: number;
  precision: NetworkPrecision;
  phase: InferencePhase;
}

/** A predicted step with its memory. */
export interface NetworkPrediction {
  /** Seconds per step (per generated token for decode). */
  seconds: number;
  /** Peak allocated bytes, as `max_memory_allocated()` reports. */
  bytes: number;
  fits: boolean;
  /** The largest batch that fits this GPU with the same settings (0 if none). */
  largestBatch: number;
  step: StepPrediction;
  memory: MemoryBreakdown;
  /** Trainable parameters of the network as built. */
  params: number;
}

/** A network's layers for a use: built by the zoo, or parsed from a learner's list. */
export function networkLayers(model: ModelInput, options: BuildOptions): LayerSpec[] {
  if (typeof model === 'string') {
    const network = getZooNetwork(model);
    const seq = options.seq;
    if (network.family === 'decoder' || network.family === 'encoder') {
      requirePositiveInteger('seq', seq);
      if (network.maxSeq !== null && seq > network.maxSeq) {
        throw new RangeError(`seq must be at most ${network.maxSeq} for ${model}, got ${seq}`);
      }
    }
    if (options.phase && options.phase !== 'forward' && network.family !== 'decoder') {
      throw new RangeError(
        `phase "${options.phase}" is for decoder language models; ${model} takes "forward"`,
      );
    }
    const specs = network.build(options);
    return options.attention === 'math'
      ? specs.map((s) => (s.type === 'attention' ? { ...s, implementation: 'math' as const } : s))
      : specs;
  }
  if (!Array.isArray(model)) {
    throw new RangeError('model must be a zoo id or an array of layers');
  }
  return parseLayerList(model);
}

/** A request's attention implementation, checked, as a build option. */
function attentionOption(request: HostOptions): { attention?: AttentionImplementation } {
  if (request.attention === undefined) return {};
  requireOneOf('attention', request.attention, ATTENTION_IMPLEMENTATIONS);
  return { attention: request.attention };
}

/** The sequence length of a request: given, or the zoo network's default. */
function seqOf(model: ModelInput, seq: number | undefined): number {
  if (seq !== undefined) {
    requirePositiveInteger('seq', seq);
    return seq;
  }
  return typeof model === 'string' ? getZooNetwork(model).defaultSeq : 1;
}

/**
 * Checks a request's host options and builds the host setup for its layers. The host cost per op
 * is the request's, else the one measured with the GPU's entry (the learner's own machine), else
 * the default.
 */
export function hostSetup(
  model: ModelInput,
  layers: readonly LayerCost[],
  options: HostOptions,
  gpu: Pick<Gpu, 'hostOpSeconds'> = {},
): HostSetup {
  const hostOpSeconds =
    options.hostOpSeconds ?? gpu.hostOpSeconds?.value ?? DEFAULT_HOST.hostOpSeconds;
  requirePositive('hostOpSeconds', hostOpSeconds);
  if (hostOpSeconds > 0.01) {
    throw new RangeError(
      `hostOpSeconds is seconds per tiny op (about 5e-6 to 2e-5); got ${hostOpSeconds}`,
    );
  }
  const execution = options.execution ?? 'eager';
  requireOneOf('execution', execution, EXECUTION_MODES);
  const fused = options.fusedOptimizer ?? false;
  requireBoolean('fusedOptimizer', fused);
  const optimizerForm = options.optimizerForm ?? (fused ? 'fused' : 'foreach');
  requireOneOf('optimizerForm', optimizerForm, OPTIMIZER_FORMS);
  const network = typeof model === 'string' ? getZooNetwork(model) : null;
  return { hostOpSeconds, execution, optimizerForm, containers: containersOf(network, layers) };
}

/**
 * The plan of an inference step. A forward pass (evaluating a model, as learners do) runs
 * autocast over the fp32 model, so AMP precisions cast each product's weights every step and
 * keep the 16-bit copies in autocast's cache while the forward runs. Generation (prefill,
 * decode) loads 16-bit weights, as language models are loaded to generate
 * (`torch_dtype=torch.bfloat16`), with no casts.
 */
function inferencePlan(plan: PrecisionPlan, phase: InferencePhase): PrecisionPlan {
  return phase === 'forward' ? plan : { ...plan, weightCastBytes: 0, weightCopyBytes: 0 };
}

/**
 * Bytes per parameter an inference step holds: the 16-bit weights of generation, or the fp32
 * weights plus autocast's 16-bit copies of the products' weights during an AMP forward.
 */
function inferenceWeightBytesPerParam(layers: readonly LayerCost[], plan: PrecisionPlan): number {
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  if (plan.weightCopyBytes === 0 || params === 0) return plan.weightReadBytes;
  const copied = layers.reduce((sum, l) => sum + (l.matmul ? l.weightElements : 0), 0);
  return 4 + (copied * plan.weightCopyBytes) / params;
}

/** Answers with time, memory, fit and the largest batch that fits. */
function answer(
  gpu: Gpu,
  layers: readonly LayerCost[],
  step: StepPrediction,
  memoryAt: (batch: number) => MemoryBreakdown,
  batch: number,
): NetworkPrediction {
  const memory = memoryAt(batch);
  return {
    seconds: step.seconds,
    bytes: memory.allocatedBytes,
    fits: fitsOn(gpu, memory),
    largestBatch: largestBatch(gpu, memoryAt),
    step,
    memory,
    params: layers.reduce((sum, l) => sum + l.params, 0),
  };
}

/** What a training step on one GPU works from: the GPU, its layers, and their step. */
export interface TrainingSetup {
  gpu: Gpu;
  layers: LayerCost[];
  step: StepPrediction;
  memoryAt: (batch: number, sharding?: Sharded) => MemoryBreakdown;
}

/** What a GPU keeps under sharding: its shares and the weights gathered whole at a time. */
export interface Sharded {
  shares: ModelStateShares;
  gatheredBytes: number;
}

/** Checks a training request and predicts its step on one GPU. */
export function trainingSetup(request: TrainStepRequest): TrainingSetup {
  const gpu = getGpu(request.gpu);
  requirePositiveInteger('batch', request.batch);
  const plan = precisionPlan(gpu, request.precision);
  const optimizer = optimizerCost(request.optimizer);
  const seq = seqOf(request.model, request.seq);
  const build = {
    seq,
    mode: 'train' as const,
    ...(request.mlmPositions === undefined ? {} : { mlmPositions: request.mlmPositions }),
    ...attentionOption(request),
  };
  const layers = analyzeNetwork(networkLayers(request.model, build)).layers;
  const checkpointing = request.checkpointing ?? false;
  const host = hostSetup(request.model, layers, request, gpu);
  const step = predictStep({
    gpu,
    layers,
    batch: request.batch,
    plan,
    optimizer,
    checkpointing,
    host,
  });
  const memoryAt = (batch: number, sharding?: Sharded) =>
    stepMemory({
      layers,
      batch,
      plan,
      optimizer,
      checkpointing,
      gpu,
      optimizerForm: host.optimizerForm,
      compiledMemory: runsCompiledKernels(host.execution),
      chunkedLoss: request.chunkedLoss ?? false,
      ...(sharding ?? {}),
    });
  return { gpu, layers, step, memoryAt };
}

/** Predicts one training step. */
export function predictTrainStep(request: TrainStepRequest): NetworkPrediction {
  const { gpu, layers, step, memoryAt } = trainingSetup(request);
  return answer(gpu, layers, step, memoryAt, request.batch);
}

/** Predicts one inference step (one generated token for `decode`). */
export function predictInference(request: InferenceRequest): NetworkPrediction {
  const gpu = getGpu(request.gpu);
  requirePositiveInteger('batch', request.batch);
  requireOneOf('phase', request.phase, INFERENCE_PHASES);
  const plan = inferencePlan(precisionPlan(gpu, request.precision), request.phase);
  const seq = seqOf(request.model, request.seq);
  const specs = networkLayers(request.model, {
    seq,
    mode: 'inference',
    phase: request.phase,
    ...attentionOption(request),
  });
  const layers = analyzeNetwork(specs).layers;
  const host = hostSetup(request.model, layers, request, gpu);
  const step = predictStep({ gpu, layers, batch: request.batch, plan, host });
  const inferenceWeightBytes = inferenceWeightBytesPerParam(layers, plan);
  const keepsKvCache = request.phase !== 'forward';
  const memoryAt = (batch: number) =>
    stepMemory({ layers, batch, plan, inferenceWeightBytes, keepsKvCache, gpu });
  return answer(gpu, layers, step, memoryAt, request.batch);
}
