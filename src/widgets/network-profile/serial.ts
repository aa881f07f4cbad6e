/**
 * How a recurrent layer's time-step loop serialises its work: each step is a small product that
 * must wait for the previous step's hidden state, so the layer's time is its steps times the time
 * of one step, and within a step the arithmetic units are busy only a small part of the time.
 * Worked out from the engine's layer costs and its timing of each pass. Pure.
 */
import type { LayerCost, LayerStep, StepPrediction } from '../../engine/models';

/** One recurrent layer's loop, as the profile explains it. */
export interface SerialLayer {
  name: string;
  /** Time steps run one after another. */
  steps: number;
  /** Samples each step's product works on: the only parallelism a step has across samples. */
  batch: number;
  /** Forward seconds of the whole layer, and of one time step. */
  forwardSeconds: number;
  stepSeconds: number;
  /** Kernel launches per time step in the forward pass. */
  kernelsPerStep: number;
  /** Seconds the arithmetic of one forward step takes at the achievable rate. */
  stepComputeSeconds: number;
  /** Share of a forward step the arithmetic units are busy (compute time over step time). */
  arithmeticBusyShare: number;
  /** Host seconds to launch one step's kernels (the step's average host time per kernel). */
  stepHostSeconds: number;
}

/** The loops of a step, and how the host's launches compare with the GPU's work. */
export interface SerialReport {
  layers: SerialLayer[];
  /** Share of the step the GPU waits for the host (0 when the GPU sets the pace). */
  gpuIdleShare: number;
  hostSeconds: number;
  gpuSeconds: number;
  kernels: number;
}

/** The host's average seconds per kernel launch in this step. */
export function hostSecondsPerKernel(step: StepPrediction): number {
  return step.kernels > 0 ? step.hostSeconds / step.kernels : 0;
}

/** One recurrent layer's loop, from its cost and its timed forward pass. */
export function serialLayer(
  cost: LayerCost,
  layer: LayerStep,
  batch: number,
  hostPerKernel: number,
): SerialLayer {
  const steps = Math.max(1, cost.serialSteps);
  const forward = layer.forward;
  const stepSeconds = forward.seconds / steps;
  const stepComputeSeconds = forward.computeSeconds / steps;
  const kernelsPerStep = forward.kernels / steps;
  return {
    name: cost.name,
    steps,
    batch,
    forwardSeconds: forward.seconds,
    stepSeconds,
    kernelsPerStep,
    stepComputeSeconds,
    arithmeticBusyShare: stepSeconds > 0 ? stepComputeSeconds / stepSeconds : 0,
    stepHostSeconds: kernelsPerStep * hostPerKernel,
  };
}

/**
 * The serial loops of a step: every layer with more than one dependent step (the LSTM's), or
 * null when there is none. `costs` and `step.layers` list the same layers in the same order.
 */
export function serialReport(
  costs: readonly LayerCost[],
  step: StepPrediction,
  batch: number,
): SerialReport | null {
  const hostPerKernel = hostSecondsPerKernel(step);
  const layers: SerialLayer[] = [];
  costs.forEach((cost, i) => {
    const layer = step.layers[i];
    if (cost.serialSteps > 1 && layer && layer.name === cost.name) {
      layers.push(serialLayer(cost, layer, batch, hostPerKernel));
    }
  });
  if (layers.length === 0) return null;
  return {
    layers,
    gpuIdleShare: step.gpuIdleShare,
    hostSeconds: step.hostSeconds,
    gpuSeconds: step.gpuSeconds,
    kernels: step.kernels,
  };
}
