/**
 * One step the simulator asks the engine about: the shared network step (src/network-step)
 * with the memory simulator's own choices always set (checkpointing, a chunked cross-entropy,
 * the inference phase), and the port through which the model reaches the engine, so tests can
 * put a fake in its place. Pure.
 */
import type { Gpu } from '../../engine/catalog';
import type {
  InferencePhase,
  LayerCost,
  NetworkPrecision,
  NetworkPrediction,
} from '../../engine/models';
import { networkStepOf, type NetworkStep } from '../../network-step';
import { phaseOf, type MemorySettings } from './settings';

/**
 * A step to predict: the shared network step, its model a zoo id or the learner's layer list
 * (already checked by the engine's parser), with the simulator's choices set.
 */
export interface MemoryScenario extends NetworkStep {
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
  return {
    ...networkStepOf(settings, learnerLayers),
    checkpointing: settings.checkpointing,
    chunkedLoss: settings.mode === 'train' && settings.chunkedLoss,
    phase: phaseOf(settings),
  };
}

/** The scenario with a fix's change applied. */
export function withChange(scenario: MemoryScenario, change: ScenarioChange): MemoryScenario {
  return { ...scenario, ...change };
}
