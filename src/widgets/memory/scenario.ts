/**
 * One step the simulator asks the engine about: the settings turned into the engine's request
 * (a zoo id or the learner's checked layer list, the GPU, batch, sequence, precision, and the
 * optimizer and checkpointing of a training step or the phase of an inference step), and the
 * port through which the model reaches the engine, so tests can put a fake in its place. Pure.
 */
import type { Gpu } from '../../engine/catalog';
import type {
  InferencePhase,
  InferenceRequest,
  LayerCost,
  NetworkPrecision,
  NetworkPrediction,
  TrainStepRequest,
} from '../../engine/models';
import { effectiveSeq, isLearnerNetwork, phaseApplies, type MemorySettings } from './settings';

/**
 * A step to predict: everything the engine's training and inference requests need. Its model is
 * a zoo id, or the learner's layer list (already checked by the engine's parser).
 */
export interface MemoryScenario extends Pick<
  TrainStepRequest,
  'model' | 'gpu' | 'batch' | 'seq' | 'precision' | 'optimizer'
> {
  mode: 'train' | 'inference';
  checkpointing: boolean;
  /** A chunked or fused cross-entropy (training): one chunk of the logits at a time. */
  chunkedLoss: boolean;
  /** Inference phase (forward unless a decoder language model runs inference). */
  phase: InferencePhase;
}

/** A change a fix makes to a step. */
export type ScenarioChange = Partial<
  Pick<
    MemoryScenario,
    'gpu' | 'batch' | 'precision' | 'optimizer' | 'checkpointing' | 'chunkedLoss'
  >
>;

/** What the model needs from the cost engine (the real one is in browser-deps.ts). */
export interface MemoryEngine {
  /**
   * The engine's prediction of the step (with a chunked cross-entropy, its memory model's
   * `chunkedLoss`); throws a RangeError on impossible input.
   */
  predict(scenario: MemoryScenario): NetworkPrediction;
  /** The step's layers as the engine analyses them (for replaying its allocations). */
  layerCosts(scenario: MemoryScenario): readonly LayerCost[];
  /** The catalog GPUs that can play the CUDA device. */
  gpus(): readonly Gpu[];
  /** Why `gpu` cannot run `precision` (the engine's words), or null when it can. */
  precisionProblem(gpu: string, precision: NetworkPrecision): string | null;
}

/**
 * The step the settings describe; `learnerLayers` is the learner's list (built or pasted) when
 * they chose one.
 */
export function scenarioOf(
  settings: MemorySettings,
  learnerLayers: readonly unknown[],
): MemoryScenario {
  const seq = effectiveSeq(settings);
  return {
    mode: settings.mode,
    model: isLearnerNetwork(settings.network) ? learnerLayers : settings.network,
    gpu: settings.gpu,
    batch: settings.batch,
    ...(seq === undefined ? {} : { seq }),
    precision: settings.precision,
    optimizer: settings.optimizer,
    checkpointing: settings.checkpointing,
    chunkedLoss: settings.mode === 'train' && settings.chunkedLoss,
    phase: phaseApplies(settings) ? settings.phase : 'forward',
  };
}

/** The scenario with a fix's change applied. */
export function withChange(scenario: MemoryScenario, change: ScenarioChange): MemoryScenario {
  return { ...scenario, ...change };
}

/** The fields of a scenario that training and inference requests share. */
function requestFieldsOf(scenario: MemoryScenario) {
  return {
    model: scenario.model,
    gpu: scenario.gpu,
    batch: scenario.batch,
    ...(scenario.seq === undefined ? {} : { seq: scenario.seq }),
    precision: scenario.precision,
  };
}

/** The engine's training request for a scenario. */
export function trainRequestOf(scenario: MemoryScenario): TrainStepRequest {
  return {
    ...requestFieldsOf(scenario),
    optimizer: scenario.optimizer,
    checkpointing: scenario.checkpointing,
  };
}

/** The engine's inference request for a scenario. */
export function inferenceRequestOf(scenario: MemoryScenario): InferenceRequest {
  return { ...requestFieldsOf(scenario), phase: scenario.phase };
}
