/**
 * Hand-made single-GPU steps for the tests of what is built on a step (data parallelism,
 * sharding): every time zero, eager and GPU-bound, except for the fields given.
 */
import type { PassTime } from '../layer-time';
import type { StepPrediction } from '../step-time';

/** A compute-bound pass of `seconds` in `kernels` kernels, with no FLOPs or bytes counted. */
export function computePass(seconds: number, kernels = 1): PassTime {
  return {
    seconds,
    computeSeconds: seconds,
    memorySeconds: 0,
    kernels,
    flops: 0,
    bytes: 0,
    bound: 'compute',
  };
}

/** A step with zeros everywhere (no host time, no layers, no optimizer pass) but `over`. */
export function madeUpStep(over: Partial<StepPrediction>): StepPrediction {
  return {
    seconds: 0,
    gpuSeconds: 0,
    hostSeconds: 0,
    bound: 'gpu',
    gpuIdleShare: 0,
    execution: 'eager',
    optimizerForm: 'foreach',
    hostOpSeconds: 8.49e-6,
    host: { forwardSeconds: 0, backwardSeconds: 0, optimizerSeconds: 0, fixedSeconds: 0 },
    forwardSeconds: 0,
    backwardSeconds: 0,
    recomputeSeconds: 0,
    optimizerSeconds: 0,
    optimizer: null,
    kernels: 0,
    flops: 0,
    layers: [],
    ...over,
  };
}
