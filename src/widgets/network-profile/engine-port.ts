/**
 * What the network profile asks of the cost engine, as a port: a step profiled for a request, a
 * step's prediction alone (for the comparison of execution modes), and whether a GPU runs a
 * precision. browser-deps.ts wires in the real engine; tests may pass fakes.
 * Pure types.
 */
import type {
  LayerCost,
  NetworkPrecision,
  NetworkPrediction,
  StepPrediction,
} from '../../engine/models';
import type { NetworkStep } from '../../network-step';
import type { OptimizerWork } from './profile';

/** A pasted `print(model)` as the parser read it. */
export interface PrintedNetwork {
  /** The model's class name. */
  name: string;
  /** The engine's layer list. */
  layers: readonly unknown[];
}

/**
 * One step to profile: the shared network step (src/network-step), its network named (a zoo id,
 * or "print" with `printed` holding the pasted model) rather than given as layers, and the
 * host's side always set (the optimizer's `fused=True` is false at inference).
 */
export interface ProfileRequest extends Omit<
  NetworkStep,
  | 'model'
  | 'checkpointing'
  | 'chunkedLoss'
  | 'phase'
  | 'execution'
  | 'fusedOptimizer'
  | 'hostOpSeconds'
> {
  network: string;
  /** The pasted model's layers, when `network` is "print". */
  printed?: PrintedNetwork;
  execution: NonNullable<NetworkStep['execution']>;
  fusedOptimizer: boolean;
  hostOpSeconds: number;
}

/** A step as the engine answers it. */
export interface ProfiledStep {
  prediction: NetworkPrediction;
  /** The layers' costs, in the order of `prediction.step.layers`. */
  costs: LayerCost[];
  /** The optimizer's update (null at inference). */
  optimizer: OptimizerWork | null;
}

/** The engine behind the profile (the paste's parser is `NetworkProfileDeps.printModel`). */
export interface ProfileEngine {
  /** Profiles one step; throws a RangeError with the engine's reason when it refuses. */
  profile(request: ProfileRequest): ProfiledStep;
  /** Predicts only the step (no layer costs); throws a RangeError as `profile` does. */
  step(request: ProfileRequest): StepPrediction;
  /** Why `gpu` cannot run `precision`, or null when it can. */
  precisionProblem(gpu: string, precision: NetworkPrecision): string | null;
  /** The catalog name of a GPU. */
  gpuName(gpu: string): string;
}
