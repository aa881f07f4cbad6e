/**
 * The time of one training or inference step of a network on one GPU. The GPU runs every
 * layer's kernels one after another (layer-time.ts); meanwhile the host dispatches them, one
 * eager PyTorch op at a time. The two run in parallel, so a step takes the longer of the two:
 * large batches keep the GPU busy, small ones leave it waiting for the host. A training step is
 * forward, backward (about twice the forward's FLOPs), the recompute that gradient checkpointing
 * adds, and the optimizer update, which moves every parameter's weight, gradient and state. Pure.
 */
import { estimate, type Figure } from '../../catalog/figure';
import type { Gpu } from '../../catalog/hardware';
import { achievableMemoryBytesPerSecond } from '../kernel';
import { finiteResult, requirePositiveInteger } from '../validate';
import { backwardTime, forwardTime, KERNEL_GAP_SECONDS, type PassTime } from './layer-time';
import { UNSCALE_BYTES_PER_PARAM, type OptimizerCost } from './optimizer';
import type { PrecisionPlan } from './precision';
import { PYTORCH_OVERHEADS } from '../../catalog/network-sources';
import type { LayerCost } from './types';

/** Host time eager PyTorch spends per op it dispatches (Python, dispatcher, launch). */
export const HOST_SECONDS_PER_OP: Figure = estimate(
  8e-6,
  's',
  PYTORCH_OVERHEADS,
  'a 4-6 us launch plus a few us of eager dispatch per op',
);

/** What a step is asked to do. */
export interface StepInput {
  gpu: Gpu;
  layers: readonly LayerCost[];
  /** Samples per step on this GPU. */
  batch: number;
  plan: PrecisionPlan;
  /** The optimizer of a training step; absent for inference. */
  optimizer?: OptimizerCost;
  /** Recompute activations in backward instead of keeping them (training only). */
  checkpointing?: boolean;
}

/** One layer's share of a step. */
export interface LayerStep {
  name: string;
  type: LayerCost['type'];
  forward: PassTime;
  /** Null at inference. */
  backward: PassTime | null;
}

/** A predicted step. */
export interface StepPrediction {
  /** Seconds per step: the longer of GPU time and host time. */
  seconds: number;
  gpuSeconds: number;
  hostSeconds: number;
  /** Which side sets the pace. */
  bound: 'gpu' | 'host';
  forwardSeconds: number;
  backwardSeconds: number;
  /** Forward work done again in backward under gradient checkpointing. */
  recomputeSeconds: number;
  optimizerSeconds: number;
  /** Kernel launches per step. */
  kernels: number;
  /** FLOPs per step (forward, backward and recompute). */
  flops: number;
  layers: LayerStep[];
}

/** Sum of one field over passes. */
function total(passes: ReadonlyArray<PassTime | null>, field: 'seconds' | 'kernels' | 'flops') {
  return passes.reduce((sum, p) => sum + (p ? p[field] : 0), 0);
}

/** Segments gradient checkpointing cuts `layers` into: about their square root. */
export function checkpointSegments(layers: number): number {
  return Math.max(1, Math.round(Math.sqrt(layers)));
}

/** The optimizer update of every parameter (plus fp16 loss-scale unscaling). */
function optimizerPass(input: StepInput, params: number): PassTime | null {
  const { optimizer, plan, gpu } = input;
  if (!optimizer) return null;
  const bytes =
    params * (optimizer.updateBytesPerParam + (plan.lossScaling ? UNSCALE_BYTES_PER_PARAM : 0));
  const kernels = optimizer.kernels + (plan.lossScaling ? 2 : 0);
  const memorySeconds = bytes / achievableMemoryBytesPerSecond(gpu);
  const gapSeconds = kernels * KERNEL_GAP_SECONDS.value;
  return {
    seconds: memorySeconds + gapSeconds,
    computeSeconds: 0,
    memorySeconds,
    kernels,
    flops: 0,
    bytes,
    bound: gapSeconds > memorySeconds ? 'overhead' : 'memory',
  };
}

/** Predicts one step; training when an optimizer is given, inference otherwise. */
export function predictStep(input: StepInput): StepPrediction {
  requirePositiveInteger('batch', input.batch);
  const training = input.optimizer !== undefined;
  const layers: LayerStep[] = input.layers.map((cost) => ({
    name: cost.name,
    type: cost.type,
    forward: forwardTime(input.gpu, input.plan, cost, input.batch, training),
    backward: training ? backwardTime(input.gpu, input.plan, cost, input.batch) : null,
  }));
  const forward = layers.map((l) => l.forward);
  const backward = layers.map((l) => l.backward);
  const forwardSeconds = total(forward, 'seconds');
  const backwardSeconds = total(backward, 'seconds');
  // Checkpointing keeps only each segment's input and runs every segment's forward again in
  // backward, except the last one's, whose activations are still there.
  const recomputeShare =
    training && input.checkpointing ? 1 - 1 / checkpointSegments(layers.length) : 0;
  const recomputeSeconds = forwardSeconds * recomputeShare;
  const params = input.layers.reduce((sum, l) => sum + l.params, 0);
  const update = optimizerPass(input, params);
  const kernels =
    total(forward, 'kernels') * (1 + recomputeShare) +
    total(backward, 'kernels') +
    (update?.kernels ?? 0);
  const gpuSeconds = forwardSeconds + backwardSeconds + recomputeSeconds + (update?.seconds ?? 0);
  const hostSeconds = kernels * HOST_SECONDS_PER_OP.value;
  return {
    seconds: finiteResult('step seconds', Math.max(gpuSeconds, hostSeconds)),
    gpuSeconds,
    hostSeconds,
    bound: gpuSeconds >= hostSeconds ? 'gpu' : 'host',
    forwardSeconds,
    backwardSeconds,
    recomputeSeconds,
    optimizerSeconds: update?.seconds ?? 0,
    kernels,
    flops: total(forward, 'flops') * (1 + recomputeShare) + total(backward, 'flops'),
    layers,
  };
}
