/**
 * The profile's real dependencies: the cost engine's network step, through the shared,
 * remembered calls of src/network-step (the comparison of execution modes asks for the step of
 * the settings' own mode again, and the sequence sweep passes through the settings' own length),
 * and the `print(model)` parser. Tests may pass a fake `ProfileEngine`.
 */
import { getGpu } from '../../engine/catalog';
import {
  precisionProblem,
  remembered,
  stepLayerCosts,
  stepPrediction,
  type NetworkStep,
} from '../../network-step';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';
import type { PrintModelPort } from '../../ui/print-model/port';
import type { ProfiledStep, ProfileEngine, ProfileRequest } from './engine-port';
import { optimizerWork } from './optimizer-work';

/** The network step a request describes: the pasted layers or the zoo id, run as it says. */
export function stepOfRequest(request: ProfileRequest): NetworkStep {
  return {
    model: request.printed ? request.printed.layers : request.network,
    gpu: request.gpu,
    mode: request.mode,
    batch: request.batch,
    ...(request.seq === undefined ? {} : { seq: request.seq }),
    precision: request.precision,
    optimizer: request.optimizer,
    fusedOptimizer: request.fusedOptimizer,
    execution: request.execution,
    hostOpSeconds: request.hostOpSeconds,
  };
}

/** A request's step profiled, layer by layer. */
function profileStep(request: ProfileRequest): ProfiledStep {
  const step = stepOfRequest(request);
  const prediction = stepPrediction(step);
  const optimizer = request.mode === 'train' ? optimizerWork(prediction) : null;
  return { prediction, costs: stepLayerCosts(step), optimizer };
}

/** The cost engine behind the profile's port. Its profiles are remembered by request. */
export const engineProfileModel: ProfileEngine = {
  profile: remembered(profileStep, 32),
  step: (request) => stepPrediction(stepOfRequest(request)).step,
  precisionProblem,
  gpuName: (gpu) => getGpu(gpu).name,
};

/** What the profile's controller is given. */
export interface NetworkProfileDeps {
  engine: ProfileEngine;
  /** The `print(model)` parser and its example, loaded on first use. */
  printModel: PrintModelPort;
}

/** The real dependencies. */
export function createBrowserProfileDeps(): NetworkProfileDeps {
  return { engine: engineProfileModel, printModel: lazyPrintModelPort };
}
