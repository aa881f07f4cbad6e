/**
 * One network step as the cost engine is asked about it, built once for every widget that
 * predicts one: the step a widget's settings describe, the engine's training or inference
 * request for it, its prediction, its layers' costs, and whether the GPU runs its precision.
 * Pure (the engine is pure); engine.ts remembers the answers.
 */
import { getGpu } from '../engine/catalog';
import {
  analyzeNetwork,
  NETWORK_PRECISIONS,
  networkLayers,
  precisionPlan,
  predictInference,
  predictTrainStep,
  type ExecutionMode,
  type InferencePhase,
  type InferenceRequest,
  type LayerCost,
  type ModelInput,
  type NetworkPrecision,
  type NetworkPrediction,
  type OptimizerId,
  type TrainStepRequest,
} from '../engine/models';
import { effectiveSeq, isLearnerNetwork, zooNetworkOf } from './networks';
import type { StepMode } from './step-fields';

/** A step to predict: everything the engine's training and inference requests need. */
export interface NetworkStep {
  /** A zoo id, or the learner's layer list (already checked by the engine's parser). */
  model: ModelInput;
  gpu: string;
  mode: StepMode;
  batch: number;
  /** Sequence length or time steps (left out for networks without one). */
  seq?: number;
  precision: NetworkPrecision;
  /** The optimizer of a training step. */
  optimizer: OptimizerId;
  /** Training: gradient checkpointing. */
  checkpointing?: boolean;
  /** Training: a chunked or fused cross-entropy (changes the memory only). */
  chunkedLoss?: boolean;
  /** Training: the optimizer built with `fused=True`. */
  fusedOptimizer?: boolean;
  /** Inference: the phase (a forward pass unless given). */
  phase?: InferencePhase;
  /** Eager (the engine's default), torch.compile or CUDA graphs. */
  execution?: ExecutionMode;
  /** Seconds per tiny eager op on the host (the engine's calibrated machine unless given). */
  hostOpSeconds?: number;
}

/** The settings every network-step widget has, as its schema checked them. */
export interface StepSettings {
  network: string;
  gpu: string;
  mode: StepMode;
  batch: number;
  seq: number;
  precision: NetworkPrecision;
  optimizer: OptimizerId;
}

/**
 * The step the settings describe: the zoo network they name, or `learnerLayers` (built or
 * pasted) when they name the learner's own; the sequence the network uses.
 */
export function networkStepOf(settings: StepSettings, learnerLayers: ModelInput): NetworkStep {
  return {
    model: isLearnerNetwork(settings.network) ? learnerLayers : settings.network,
    ...stepShapeOf(settings),
  };
}

/**
 * Everything of the step the settings describe but its network: the GPU, training or inference,
 * the batch, the sequence the network uses, the precision and the optimizer.
 */
export function stepShapeOf(settings: StepSettings): Omit<NetworkStep, 'model'> {
  const seq = effectiveSeq(settings.network, settings.seq);
  return {
    gpu: settings.gpu,
    mode: settings.mode,
    batch: settings.batch,
    ...(seq === undefined ? {} : { seq }),
    precision: settings.precision,
    optimizer: settings.optimizer,
  };
}

/** Only the entries of `options` that are given. */
function given<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** What training and inference requests share. */
function commonOf(step: NetworkStep) {
  return {
    model: step.model,
    gpu: step.gpu,
    batch: step.batch,
    ...given({ seq: step.seq }),
    precision: step.precision,
    ...given({ execution: step.execution, hostOpSeconds: step.hostOpSeconds }),
  };
}

/** The engine's training request for a step. */
export function trainRequestOf(step: NetworkStep): TrainStepRequest {
  return {
    ...commonOf(step),
    optimizer: step.optimizer,
    ...given({
      checkpointing: step.checkpointing,
      chunkedLoss: step.chunkedLoss,
      fusedOptimizer: step.fusedOptimizer,
    }),
  };
}

/** The engine's inference request for a step (a forward pass unless its phase says). */
export function inferenceRequestOf(step: NetworkStep): InferenceRequest {
  return { ...commonOf(step), phase: step.phase ?? 'forward' };
}

/** The engine's prediction of a step; throws a RangeError on input it refuses. */
export function predictNetworkStep(step: NetworkStep): NetworkPrediction {
  return step.mode === 'inference'
    ? predictInference(inferenceRequestOf(step))
    : predictTrainStep(trainRequestOf(step));
}

/** The sequence the engine builds a step's layers with: the step's, or the network's own. */
function buildSeq(step: NetworkStep): number {
  if (step.seq !== undefined) return step.seq;
  return typeof step.model === 'string' ? (zooNetworkOf(step.model)?.defaultSeq ?? 1) : 1;
}

/** A step's layers as the engine analyses them (in the order of its prediction's layers). */
export function networkStepLayers(step: NetworkStep): LayerCost[] {
  return analyzeNetwork(
    networkLayers(step.model, {
      seq: buildSeq(step),
      mode: step.mode,
      ...(step.mode === 'inference' ? { phase: step.phase ?? 'forward' } : {}),
    }),
  ).layers;
}

/** The precisions `problemOf` finds a problem with (those a GPU lacks), in the engine's order. */
export function lackingPrecisions(
  problemOf: (precision: NetworkPrecision) => string | null,
): NetworkPrecision[] {
  return NETWORK_PRECISIONS.filter((p) => problemOf(p) !== null);
}

/** Why `gpu` cannot run `precision` (the engine's words), or null when it can. */
export function precisionProblem(gpu: string, precision: NetworkPrecision): string | null {
  try {
    precisionPlan(getGpu(gpu), precision);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
