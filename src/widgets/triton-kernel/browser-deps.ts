/**
 * The widget's real dependencies: the Triton puzzle pages' own (the page's shared WebGPU device,
 * the WGSL back end's runner and its timed launch), without their solved marks (running a
 * reference in a lesson solves no puzzle); each autotune config prepared on the device with its
 * workgroup of `num_warps × 32`; the page's clock; a macrotask for a turn; and the cost engine's
 * prediction of a Triton puzzle.
 */
import { prepareTritonLaunch } from '../../gpu';
import { predictTritonPuzzle } from '../../puzzles/predict';
import { browserTritonDeps } from '../../triton-page/browser-deps';
import type { TritonKernelDeps } from './deps';
import { gpuTrial, interpreterTrial } from './trials';

/** The widget's dependencies in the browser. */
export const browserTritonKernelDeps: TritonKernelDeps = {
  gpu: browserTritonDeps.gpu,
  runOnGpu: browserTritonDeps.runOnGpu,
  timeOnGpu: browserTritonDeps.timeOnGpu,
  onSolved: () => {},
  gpuTrial: (gpu, puzzle, source, config, size) =>
    gpuTrial(puzzle, config, size, (options) => prepareTritonLaunch(gpu.device, source, options)),
  interpreterTrial,
  nowSeconds: () => performance.now() / 1000,
  pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
  predict: predictTritonPuzzle,
};
