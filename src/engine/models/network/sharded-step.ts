/**
 * One data-parallel step with the model state sharded, ZeRO style, as timelines per GPU.
 *
 * ZeRO stages 1 and 2: forward and backward as DDP, but each 25 MiB bucket of gradients is
 * reduce-scattered (each GPU keeps the sum of its own 1/N) while backward goes on; each GPU
 * then updates only its shard of the weights (1/N of the optimizer's work), and one all-gather
 * gives every GPU the whole updated weights before the next forward. The two stages differ in
 * memory only.
 *
 * ZeRO stage 3 (FSDP, full sharding): each unit of layers (shard-units in sharding.ts) holds 1/N
 * of its weights; before the unit's forward, an all-gather rebuilds its whole weights, freed
 * again after it; backward gathers them once more, then reduce-scatters the unit's gradients.
 * All-gathers run on one NCCL stream, prefetched one unit ahead (the next unit's all-gather
 * starts when the current unit's compute starts, as FSDP2 limits what is in flight);
 * reduce-scatters run on another. A unit's compute waits for its all-gather; what the
 * collectives do not hide shows as waiting on the compute stream. Collectives move the fp32
 * weights and gradients the engine keeps (no MixedPrecisionPolicy). Pure.
 */
import type { ShardingStrategy } from './sharding';
import { bytesSentPerGpu, shardUnits, stepCollectives, type ShardUnit } from './sharding';
import type { LayerStep, StepPrediction } from './step-time';
import { bucketTimeline } from './gradient-buckets';
import type { ModeParts } from './mode-parts';
import { gpusPerNode, ringSeconds, sequence, type StepPhase, type Topology } from './topology';
import { FP32_BYTES } from './precision';
import type { LayerCost } from './types';

/** A sharded step's time and the parts of its prediction. */
export interface ShardedStep {
  seconds: number;
  parts: ModeParts & { strategy: ShardingStrategy };
}

/** Shortest gap the timelines show as waiting (shorter ones are rounding). */
const MIN_GAP_SECONDS = 1e-9;

/** Appends a phase, joining it to the last one when it has the same name and follows on. */
function push(phases: StepPhase[], name: string, startSeconds: number, endSeconds: number) {
  if (endSeconds - startSeconds <= 0) return;
  const last = phases.at(-1);
  if (last && last.name === name && startSeconds - last.endSeconds < MIN_GAP_SECONDS) {
    last.endSeconds = endSeconds;
    return;
  }
  phases.push({ name, startSeconds, endSeconds });
}

/** ZeRO-1 and ZeRO-2: bucketed reduce-scatters in backward, a shard's update, one all-gather. */
function zeroStep(
  step: StepPrediction,
  params: number,
  t: Topology,
  strategy: ShardingStrategy,
): ShardedStep {
  const gradientBytes = params * FP32_BYTES;
  const backward = step.backwardSeconds;
  const buckets = bucketTimeline('reduce-scatter', step, gradientBytes, t);
  const backwardEnd = step.forwardSeconds + step.recomputeSeconds + backward;
  const exposedScatter = Math.max(0, buckets.endSeconds - backwardEnd);
  const optimizer = step.optimizerSeconds / t.gpus;
  const gather = ringSeconds('all-gather', t, gradientBytes);
  const communicationSeconds = buckets.communicationSeconds + gather;
  const phases = sequence([
    ['forward', step.forwardSeconds],
    ['recompute', step.recomputeSeconds],
    ['backward (buckets reduce-scattered as they fill)', backward],
    ['reduce-scatter left after backward', exposedScatter],
    ['optimizer on this GPU’s shard', optimizer],
    ['all-gather the updated weights', gather],
  ]);
  const gpuSeconds = phases.at(-1)?.endSeconds ?? 0;
  const collectives = stepCollectives(strategy, gradientBytes);
  return {
    seconds: Math.max(gpuSeconds, step.hostSeconds),
    parts: {
      strategy,
      collectives,
      bytesSentPerGpu: bytesSentPerGpu(collectives, t.gpus),
      communicationSeconds,
      exposedCommunicationSeconds: exposedScatter + gather,
      gradientBytes,
      backwardSeconds: backward,
      communicationPhases: buckets.phases,
      phases,
      otherGpuPhases: phases,
    },
  };
}

/** A unit's share of a step: its params, forward and backward seconds, first and last layer. */
interface UnitWork {
  name: string;
  params: number;
  forwardSeconds: number;
  backwardSeconds: number;
  first: number;
  last: number;
}

/**
 * The units of the layers, with their compute: each unit's share of the step's forward and
 * backward (recomputation goes with backward) follows its layers' times, or its parameters when
 * the layers carry no times.
 */
function unitWork(step: StepPrediction, layers: readonly LayerCost[]): UnitWork[] {
  const units = shardUnits(layers);
  const sumOf = (unit: ShardUnit, pick: (l: LayerStep) => number) =>
    unit.layers.reduce((sum, i) => sum + (step.layers[i] ? pick(step.layers[i]) : 0), 0);
  const forwardRaw = units.map((u) => sumOf(u, (l) => l.forward.seconds));
  const backwardRaw = units.map((u) => sumOf(u, (l) => l.backward?.seconds ?? 0));
  const params = units.map((u) => u.params);
  const share = (raw: number[], i: number) => {
    const weights = raw.some((v) => v > 0)
      ? raw
      : params.some((v) => v > 0)
        ? params
        : raw.map(() => 1);
    const total = weights.reduce((a, b) => a + b, 0);
    return (weights[i] ?? 0) / total;
  };
  return units.map((unit, i) => ({
    name: unit.name,
    params: unit.params,
    forwardSeconds: step.forwardSeconds * share(forwardRaw, i),
    backwardSeconds:
      step.backwardSeconds * share(backwardRaw, i) + step.recomputeSeconds * share(forwardRaw, i),
    first: Math.min(...unit.layers),
    last: Math.max(...unit.layers),
  }));
}

/** Where a pass of units leaves the compute and NCCL streams. */
interface PassClock {
  computeEnd: number;
  gatherFree: number;
  scatterFree: number;
}

/**
 * One pass (forward or backward) over units in order: each unit's all-gather, prefetched one
 * unit ahead, then its compute; in backward, its gradients' reduce-scatter after it.
 */
function runPass(
  units: readonly UnitWork[],
  pass: 'forward' | 'backward',
  t: Topology,
  clock: PassClock,
  phases: StepPhase[],
  communication: StepPhase[],
): PassClock {
  let { computeEnd, gatherFree, scatterFree } = clock;
  let previousStart = computeEnd;
  for (const unit of units) {
    const bytes = unit.params * FP32_BYTES;
    const gather = bytes > 0 ? ringSeconds('all-gather', t, bytes) : 0;
    const gatherStart = Math.max(gatherFree, previousStart);
    gatherFree = gatherStart + gather;
    push(communication, `all-gather ${unit.name} (${pass})`, gatherStart, gatherFree);
    const start = Math.max(computeEnd, gatherFree);
    push(phases, 'waiting for an all-gather', computeEnd, start);
    const seconds = pass === 'forward' ? unit.forwardSeconds : unit.backwardSeconds;
    push(phases, pass, start, start + seconds);
    previousStart = start;
    computeEnd = start + seconds;
    if (pass === 'backward' && bytes > 0) {
      const scatterStart = Math.max(scatterFree, computeEnd);
      scatterFree = scatterStart + ringSeconds('reduce-scatter', t, bytes);
      push(communication, `reduce-scatter ${unit.name}’s gradients`, scatterStart, scatterFree);
    }
  }
  return { computeEnd, gatherFree, scatterFree };
}

/** ZeRO-3 / FSDP full sharding: per-unit all-gathers in forward and backward, reduce-scatters. */
function fullShardStep(
  step: StepPrediction,
  layers: readonly LayerCost[],
  t: Topology,
): ShardedStep {
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  const gradientBytes = params * FP32_BYTES;
  const units = unitWork(step, layers);
  const phases: StepPhase[] = [];
  const communication: StepPhase[] = [];
  const forwardOrder = [...units].sort((a, b) => a.first - b.first);
  const backwardOrder = [...units].sort((a, b) => b.last - a.last);
  const start: PassClock = { computeEnd: 0, gatherFree: 0, scatterFree: 0 };
  const afterForward = runPass(forwardOrder, 'forward', t, start, phases, communication);
  const afterBackward = runPass(backwardOrder, 'backward', t, afterForward, phases, communication);
  const scatterEnd = Math.max(afterBackward.computeEnd, afterBackward.scatterFree);
  push(phases, 'reduce-scatter left after backward', afterBackward.computeEnd, scatterEnd);
  const optimizer = step.optimizerSeconds / t.gpus;
  push(phases, 'optimizer on this GPU’s shard', scatterEnd, scatterEnd + optimizer);
  const gpuSeconds = scatterEnd + optimizer;
  const computeSeconds =
    step.forwardSeconds + step.recomputeSeconds + step.backwardSeconds + optimizer;
  const collectives = stepCollectives('zero3', gradientBytes);
  const multiGpu = t.gpus > 1;
  return {
    seconds: Math.max(gpuSeconds, step.hostSeconds),
    parts: {
      strategy: 'zero3',
      collectives,
      bytesSentPerGpu: bytesSentPerGpu(collectives, t.gpus),
      communicationSeconds: communication.reduce(
        (sum, p) => sum + p.endSeconds - p.startSeconds,
        0,
      ),
      exposedCommunicationSeconds: multiGpu ? Math.max(0, gpuSeconds - computeSeconds) : 0,
      gradientBytes,
      backwardSeconds: step.backwardSeconds + step.recomputeSeconds,
      communicationPhases: multiGpu
        ? [...communication].sort((a, b) => a.startSeconds - b.startSeconds)
        : [],
      phases,
      otherGpuPhases: phases,
    },
  };
}

/** A step of DDP with the model state sharded by `strategy` (a ZeRO stage). */
export function shardedStep(
  step: StepPrediction,
  layers: readonly LayerCost[],
  t: Topology,
  strategy: Exclude<ShardingStrategy, 'replicate'>,
): ShardedStep {
  gpusPerNode(t);
  if (strategy === 'zero3') return fullShardStep(step, layers, t);
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  return zeroStep(step, params, t, strategy);
}
