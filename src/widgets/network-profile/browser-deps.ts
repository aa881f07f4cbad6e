/**
 * The profile's real dependencies: the cost engine's network models. Nothing here touches the
 * browser (the engine is pure), but this is where the real engine is wired in, as every widget
 * wires its outside world in its browser-deps.ts; tests may pass a fake `ProfileEngine`.
 */
import {
  achievableMemoryBytesPerSecond,
  analyzeNetwork,
  getZooNetwork,
  networkLayers,
  optimizerCost,
  precisionPlan,
  predictInference,
  predictTrainStep,
  UNSCALE_BYTES_PER_PARAM,
  type NetworkPrediction,
} from '../../engine/models';
import { getGpu } from '../../engine/catalog';
import type { ProfileEngine, ProfileRequest } from './engine-port';
import type { OptimizerWork } from './profile';

/** The prediction of a request's step. */
function predict(request: ProfileRequest): NetworkPrediction {
  const common = {
    model: request.network,
    gpu: request.gpu,
    batch: request.batch,
    precision: request.precision,
    ...(request.seq === undefined ? {} : { seq: request.seq }),
  };
  return request.mode === 'train'
    ? predictTrainStep({ ...common, optimizer: request.optimizer })
    : predictInference({ ...common, phase: 'forward' });
}

/**
 * The optimizer's update as the engine counts it: every parameter's weight, gradient and state
 * read and written (plus the unscaling of fp16 loss scaling), in a handful of kernels.
 */
function optimizerWork(request: ProfileRequest, prediction: NetworkPrediction): OptimizerWork {
  const gpu = getGpu(request.gpu);
  const cost = optimizerCost(request.optimizer);
  const plan = precisionPlan(gpu, request.precision);
  const bytesPerParam = cost.updateBytesPerParam + (plan.lossScaling ? UNSCALE_BYTES_PER_PARAM : 0);
  const bytes = prediction.params * bytesPerParam;
  return {
    seconds: prediction.step.optimizerSeconds,
    bytes,
    kernels: cost.kernels + (plan.lossScaling ? 2 : 0),
    memorySeconds: bytes / achievableMemoryBytesPerSecond(gpu),
  };
}

/** The cost engine behind the profile's port. */
export const engineProfileModel: ProfileEngine = {
  profile(request) {
    const prediction = predict(request);
    const seq = request.seq ?? getZooNetwork(request.network).defaultSeq;
    const costs = analyzeNetwork(
      networkLayers(request.network, {
        seq,
        mode: request.mode,
        ...(request.mode === 'inference' ? { phase: 'forward' as const } : {}),
      }),
    ).layers;
    const optimizer = request.mode === 'train' ? optimizerWork(request, prediction) : null;
    return { prediction, costs, optimizer };
  },
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
}

/** The real dependencies. */
export function createBrowserProfileDeps(): NetworkProfileDeps {
  return { engine: engineProfileModel };
}
