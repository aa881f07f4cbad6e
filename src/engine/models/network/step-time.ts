/**
 * The time of one training or inference step of a network on one GPU. The GPU runs every
 * layer's kernels one after another (layer-time.ts); meanwhile the host dispatches them, one
 * eager PyTorch op at a time. The two run in parallel, so a step takes the longer of the two:
 * large batches keep the GPU busy, small ones leave it waiting for the host. A training step is
 * forward, backward (about twice the forward's FLOPs), the recompute that gradient checkpointing
 * adds, and the optimizer update, which moves every parameter's weight, gradient and state. Pure.
 */
import type { ExecutionMode } from './eager/execution';
import {
  containerHostOps,
  DEFAULT_HOST_OP_SECONDS,
  HOST_COSTS,
  type Containers,
} from './eager/host';
import { graphHostOps, passDispatches } from './pass-dispatch';
import {
  optimizerUpdate,
  type OptimizerForm,
  type OptimizerUpdate,
} from './eager/optimizer-update';
import type { Gpu } from '../../catalog/hardware';
import { achievableMemoryBytesPerSecond } from '../kernel';
import { finiteResult, requirePositive, requirePositiveInteger } from '../validate';
import { backwardTime, forwardTime, KERNEL_GAP_SECONDS, type PassTime } from './layer-time';
import { UNSCALE_BYTES_PER_PARAM, type OptimizerCost } from './optimizer';
import type { PrecisionPlan } from './precision';
import type { LayerCost } from './types';

/** How the host runs a step: its per-op cost, the execution mode, the optimizer's form. */
export interface HostSetup {
  /** Seconds of one tiny eager op on this machine (the course's calibration snippet prints it). */
  hostOpSeconds: number;
  execution: ExecutionMode;
  optimizerForm: OptimizerForm;
  /** The container modules the network's forward calls. */
  containers: Containers;
}

/** The host setup when a caller gives none: the H200 machine, eager, foreach, one container. */
export const DEFAULT_HOST: HostSetup = {
  hostOpSeconds: DEFAULT_HOST_OP_SECONDS.value,
  execution: 'eager',
  optimizerForm: 'foreach',
  containers: { torch: 1, hf: 0 },
};

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
  /** How the host dispatches the step (default `DEFAULT_HOST`). */
  host?: HostSetup;
}

/** One layer's share of a step. */
export interface LayerStep {
  name: string;
  type: LayerCost['type'];
  forward: PassTime;
  /** Null at inference. */
  backward: PassTime | null;
  /** Host seconds dispatching this layer's forward and backward. */
  hostForwardSeconds: number;
  hostBackwardSeconds: number;
}

/** Where the host's time goes in a step. */
export interface HostBreakdown {
  forwardSeconds: number;
  backwardSeconds: number;
  optimizerSeconds: number;
  /** Fixed per step (backward's hand-off, the optimizer's entry, the synchronisation). */
  fixedSeconds: number;
}

/** A predicted step. */
export interface StepPrediction {
  /** Seconds per step: the longer of GPU time and host time, plus what a sync exposes. */
  seconds: number;
  gpuSeconds: number;
  hostSeconds: number;
  /** Which side sets the pace. */
  bound: 'gpu' | 'host';
  /** Share of the step the GPU sits idle (waiting for the host or a sync). */
  gpuIdleShare: number;
  execution: ExecutionMode;
  optimizerForm: OptimizerForm;
  hostOpSeconds: number;
  host: HostBreakdown;
  forwardSeconds: number;
  backwardSeconds: number;
  /** Forward work done again in backward under gradient checkpointing. */
  recomputeSeconds: number;
  optimizerSeconds: number;
  /** The optimizer's update on the GPU (bytes, kernels, time); null at inference. */
  optimizer: PassTime | null;
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

/** The optimizer update of every parameter (plus fp16 loss-scale unscaling) on the GPU. */
function optimizerPass(
  input: StepInput,
  update: OptimizerUpdate | null,
  params: number,
): PassTime | null {
  const { plan, gpu } = input;
  if (!update) return null;
  const bytes = update.bytes + (plan.lossScaling ? params * UNSCALE_BYTES_PER_PARAM : 0);
  const kernels = update.kernels + (plan.lossScaling ? 2 : 0);
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
  const host = input.host ?? DEFAULT_HOST;
  requirePositive('hostOpSeconds', host.hostOpSeconds);
  const training = input.optimizer !== undefined;
  const dispatches = passDispatches(input.layers, input.plan, host.execution, training);
  const op = host.hostOpSeconds;
  const layers: LayerStep[] = input.layers.map((cost, i) => {
    const d = dispatches[i] as (typeof dispatches)[number];
    return {
      name: cost.name,
      type: cost.type,
      forward: forwardTime(input.gpu, input.plan, cost, input.batch, training, d.forward),
      backward: training
        ? backwardTime(input.gpu, input.plan, cost, input.batch, d.backward)
        : null,
      hostForwardSeconds: d.hostForward * op,
      hostBackwardSeconds: d.hostBackward * op,
    };
  });
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
  const tensors = input.layers.reduce((sum, l) => sum + l.paramTensors, 0);
  const update = input.optimizer
    ? optimizerUpdate(input.optimizer, host.optimizerForm, params, tensors)
    : null;
  const optimizer = optimizerPass(input, update, params);
  const forwardKernels = total(forward, 'kernels');
  const backwardKernels = total(backward, 'kernels');
  const kernels =
    forwardKernels * (1 + recomputeShare) + backwardKernels + (optimizer?.kernels ?? 0);

  const c = HOST_COSTS;
  let hostForwardOps: number;
  let hostBackwardOps: number;
  if (host.execution === 'eager') {
    hostForwardOps =
      dispatches.reduce((sum, d) => sum + d.hostForward, 0) +
      containerHostOps(host.containers, training);
    hostBackwardOps =
      dispatches.reduce((sum, d) => sum + d.hostBackward, 0) + hostForwardOps * recomputeShare;
  } else if (host.execution === 'cuda-graphs') {
    // The whole step, optimizer included, is one captured graph: one replay.
    hostForwardOps = graphHostOps(host.execution, forwardKernels, 1);
    hostBackwardOps = 0;
  } else {
    hostForwardOps = graphHostOps(host.execution, forwardKernels, 1);
    hostBackwardOps = training ? graphHostOps(host.execution, backwardKernels, 1) : 0;
  }
  const perTensor = host.optimizerForm === 'fused' ? c.paramTensorFused.value : c.paramTensor.value;
  const hostOptimizerOps =
    update && host.execution !== 'cuda-graphs'
      ? tensors * perTensor +
        update.ops * c.op.value +
        Math.max(0, update.kernels - update.ops) * c.kernel.value +
        (input.plan.lossScaling ? 4 * c.op.value : 0)
      : 0;
  const hostFixedOps = training ? c.step.value : c.inferenceStep.value;
  const hostBreakdown: HostBreakdown = {
    forwardSeconds: hostForwardOps * op,
    backwardSeconds: hostBackwardOps * op,
    optimizerSeconds: hostOptimizerOps * op,
    fixedSeconds: hostFixedOps * op,
  };
  const hostSeconds =
    hostBreakdown.forwardSeconds +
    hostBreakdown.backwardSeconds +
    hostBreakdown.optimizerSeconds +
    hostBreakdown.fixedSeconds;
  const optimizerSeconds = optimizer?.seconds ?? 0;
  const gpuSeconds = forwardSeconds + backwardSeconds + recomputeSeconds + optimizerSeconds;
  // Host and GPU overlap: the GPU runs what the host has queued. fp16 loss scaling reads the
  // overflow flag back (`found_inf.item()`) before the update, a sync that splits the step in
  // two: what comes after it cannot start on the GPU before the host has caught up.
  const overlapped = (h: number, g: number) => Math.max(h, g);
  let seconds: number;
  if (input.plan.lossScaling && training) {
    const hostTail = hostBreakdown.optimizerSeconds + hostBreakdown.fixedSeconds / 2;
    seconds =
      overlapped(hostSeconds - hostTail, gpuSeconds - optimizerSeconds) +
      overlapped(hostTail, optimizerSeconds);
  } else {
    seconds = overlapped(hostSeconds, gpuSeconds);
  }
  return {
    seconds: finiteResult('step seconds', seconds),
    gpuSeconds,
    hostSeconds,
    bound: gpuSeconds >= hostSeconds ? 'gpu' : 'host',
    gpuIdleShare: seconds > 0 ? Math.max(0, 1 - gpuSeconds / seconds) : 0,
    execution: host.execution,
    optimizerForm: host.optimizerForm,
    hostOpSeconds: op,
    host: hostBreakdown,
    forwardSeconds,
    backwardSeconds,
    recomputeSeconds,
    optimizerSeconds,
    optimizer,
    kernels,
    flops: total(forward, 'flops') * (1 + recomputeShare) + total(backward, 'flops'),
    layers,
  };
}
