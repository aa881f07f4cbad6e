/** StepPrediction fixtures for the lanes', the comparison's and the profile's tests. */
import type { StepPrediction } from '../../../engine/models';

/** Host seconds by phase, GPU seconds by phase: the parts of a made-up step. */
export interface StepParts {
  host: StepPrediction['host'];
  gpu: { forward: number; backward: number; optimizer: number };
  execution?: StepPrediction['execution'];
  /** The step's layers (none by default). */
  layers?: StepPrediction['layers'];
}

/** A made-up step from its parts, timed as the engine times one without loss scaling. */
export function madeUpStep({
  host,
  gpu,
  execution = 'eager',
  layers = [],
}: StepParts): StepPrediction {
  const hostSeconds =
    host.forwardSeconds + host.backwardSeconds + host.optimizerSeconds + host.fixedSeconds;
  const gpuSeconds = gpu.forward + gpu.backward + gpu.optimizer;
  const seconds = Math.max(hostSeconds, gpuSeconds);
  return {
    seconds,
    gpuSeconds,
    hostSeconds,
    bound: gpuSeconds >= hostSeconds ? 'gpu' : 'host',
    gpuIdleShare: seconds > 0 ? 1 - gpuSeconds / seconds : 0,
    execution,
    optimizerForm: 'foreach',
    hostOpSeconds: 8.49e-6,
    host,
    forwardSeconds: gpu.forward,
    backwardSeconds: gpu.backward,
    recomputeSeconds: 0,
    optimizerSeconds: gpu.optimizer,
    optimizer: null,
    kernels: 100,
    flops: 0,
    layers,
  };
}

/** A host-bound step: 40 ms of host work for 10 ms of GPU work. */
export const HOST_BOUND = madeUpStep({
  host: {
    forwardSeconds: 16e-3,
    backwardSeconds: 20e-3,
    optimizerSeconds: 3.5e-3,
    fixedSeconds: 0.5e-3,
  },
  gpu: { forward: 3e-3, backward: 5e-3, optimizer: 2e-3 },
});

/** A GPU-bound step: 5 ms of host work for 14 ms of GPU work. */
export const GPU_BOUND = madeUpStep({
  host: {
    forwardSeconds: 0.5e-3,
    backwardSeconds: 1e-3,
    optimizerSeconds: 3e-3,
    fixedSeconds: 0.5e-3,
  },
  gpu: { forward: 4.5e-3, backward: 9e-3, optimizer: 0.5e-3 },
  execution: 'compiled',
});
