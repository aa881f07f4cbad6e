/**
 * The profile's real dependencies: the cost engine's network models. Nothing here touches the
 * browser (the engine is pure), but this is where the real engine is wired in, as every widget
 * wires its outside world in its browser-deps.ts; tests may pass a fake `ProfileEngine`.
 */
import {
  analyzeNetwork,
  getZooNetwork,
  networkLayers,
  precisionPlan,
  predictInference,
  predictTrainStep,
  type NetworkPrediction,
} from '../../engine/models';
import { getGpu } from '../../engine/catalog';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';
import type { PrintModelPort } from '../../ui/print-model/port';
import { remembered } from '../remembered';
import type { ProfiledStep, ProfileEngine, ProfileRequest } from './engine-port';
import { optimizerWork } from './optimizer-work';

/** The engine's model input: the pasted layers, or the zoo id. */
function modelOf(request: ProfileRequest): string | readonly unknown[] {
  return request.printed ? request.printed.layers : request.network;
}

/** The prediction of a request's step, with the host's setup the request describes. */
function predictStep(request: ProfileRequest): NetworkPrediction {
  const common = {
    model: modelOf(request),
    gpu: request.gpu,
    batch: request.batch,
    precision: request.precision,
    ...(request.seq === undefined ? {} : { seq: request.seq }),
    execution: request.execution,
    hostOpSeconds: request.hostOpSeconds,
  };
  return request.mode === 'train'
    ? predictTrainStep({
        ...common,
        optimizer: request.optimizer,
        fusedOptimizer: request.fusedOptimizer,
      })
    : predictInference({ ...common, phase: 'forward' });
}

/**
 * The prediction of a request's step, remembered: the comparison of execution modes asks for the
 * step of the settings' own mode again, and the profile of a step asks for its prediction.
 */
const predict = remembered(predictStep, 64);

/** A request's step profiled, layer by layer. */
function profileStep(request: ProfileRequest): ProfiledStep {
  const prediction = predict(request);
  const seq = request.seq ?? (request.printed ? 1 : getZooNetwork(request.network).defaultSeq);
  const costs = analyzeNetwork(
    networkLayers(modelOf(request), {
      seq,
      mode: request.mode,
      ...(request.mode === 'inference' ? { phase: 'forward' as const } : {}),
    }),
  ).layers;
  const optimizer = request.mode === 'train' ? optimizerWork(prediction) : null;
  return { prediction, costs, optimizer };
}

/**
 * The cost engine behind the profile's port. Its profiles are remembered by request: going back
 * to earlier settings, or the sequence sweep passing through the settings' own length, asks
 * for them again.
 */
export const engineProfileModel: ProfileEngine = {
  profile: remembered(profileStep, 32),
  step: (request) => predict(request).step,
  precisionProblem(gpu, precision) {
    try {
      precisionPlan(getGpu(gpu), precision);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
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
