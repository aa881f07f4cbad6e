/**
 * One step of data-parallel training on several GPUs, each with its own batch.
 *
 * DistributedDataParallel (one process per GPU): every GPU runs forward and backward on its own
 * samples; as backward produces gradients, DDP packs them into 25 MiB buckets (its default
 * `bucket_cap_mb`) and all-reduces each bucket while backward goes on, on NCCL's own stream;
 * the optimizer then updates every replica the same way. What the all-reduces leave after
 * backward ends is exposed; the rest hides behind backward.
 *
 * DataParallel (one process driving all GPUs with threads): each step it broadcasts the module
 * from GPU 0, scatters the batch, runs the replicas' forwards (the threads take turns at the
 * Python interpreter, so host dispatch is serialised), gathers the outputs onto GPU 0 for the
 * loss, runs backward on every GPU, reduces the gradients onto GPU 0 and updates there. Nothing
 * overlaps, and GPU 0 does more than the others.
 *
 * DDP with the model state sharded (ZeRO stages 1-3, FSDP): sharded-step.ts. Pure.
 */
import { predictBroadcast, predictGather, predictReduce, predictScatter } from '../collectives';
import { requireOneOf } from '../validate';
import { bucketTimeline } from './gradient-buckets';
import type { ModeParts } from './mode-parts';
import { shardedStep } from './sharded-step';
import { bytesSentPerGpu, requireShardingStrategy, stepCollectives } from './sharding';
import type { StepPrediction } from './step-time';
import { gpusPerNode, sequence, type Topology } from './topology';
import type { LayerCost } from './types';

export { DDP_BUCKET_BYTES, type StepPhase, type Topology } from './topology';

/** The two data-parallel wrappers of PyTorch. */
export type DataParallelMode = 'ddp' | 'dp';

/** Every data-parallel mode. */
export const DATA_PARALLEL_MODES: readonly DataParallelMode[] = ['ddp', 'dp'];

/** A predicted data-parallel step: what its mode worked out (mode-parts.ts), and its speed. */
export interface DataParallelPrediction extends ModeParts {
  mode: DataParallelMode;
  /** Seconds per step (every GPU processing its own batch). */
  seconds: number;
  /** The same model on one GPU, for the speedup. */
  singleGpuSeconds: number;
  /** Throughput over one GPU's: gpus × single / seconds. */
  speedup: number;
  /** Speedup over the GPU count (1 = perfect scaling). */
  scalingEfficiency: number;
}

/**
 * DDP: buckets become ready in turn as backward runs, and one NCCL stream all-reduces them in
 * order, each when ready and after the one before (gradient-buckets.ts).
 */
function ddpStep(step: StepPrediction, params: number, t: Topology): DataParallelPrediction {
  gpusPerNode(t);
  const gradientBytes = params * 4;
  const backward = step.backwardSeconds;
  const buckets = bucketTimeline('all-reduce', step, gradientBytes, t);
  const backwardEnd = step.forwardSeconds + step.recomputeSeconds + backward;
  const exposed = t.gpus > 1 ? Math.max(0, buckets.endSeconds - backwardEnd) : 0;
  const gpuSeconds = step.gpuSeconds + exposed;
  const seconds = Math.max(gpuSeconds, step.hostSeconds);
  const phases = sequence([
    ['forward', step.forwardSeconds],
    ['recompute', step.recomputeSeconds],
    ['backward (buckets all-reduced as they fill)', backward],
    ['all-reduce left after backward', exposed],
    ['optimizer', step.optimizerSeconds],
  ]);
  const collectives = stepCollectives('replicate', gradientBytes);
  return finish('ddp', step, t.gpus, seconds, {
    strategy: 'replicate',
    collectives,
    bytesSentPerGpu: bytesSentPerGpu(collectives, t.gpus),
    communicationSeconds: t.gpus > 1 ? buckets.communicationSeconds : 0,
    exposedCommunicationSeconds: exposed,
    gradientBytes,
    backwardSeconds: backward,
    communicationPhases: t.gpus > 1 ? buckets.phases : [],
    phases,
    otherGpuPhases: phases,
  });
}

/** DataParallel: replicate, scatter, forward, gather, backward, reduce, update on GPU 0. */
function dpStep(
  step: StepPrediction,
  layers: readonly LayerCost[],
  batch: number,
  params: number,
  t: Topology,
): DataParallelPrediction {
  gpusPerNode(t);
  if (t.nodes > 1) throw new RangeError('DataParallel runs in one process, on one node');
  const gpus = t.gpus;
  const link = t.link;
  const first = layers[0];
  const last = layers[layers.length - 1];
  const inputBytes = (first ? first.forwardIoElements - first.outputElements : 0) * batch * 4;
  const outputBytes = (last?.outputElements ?? 0) * batch * 4;
  const copies = [
    predictBroadcast({ bytes: params * 4, gpus, link }),
    predictScatter({ bytes: inputBytes * gpus, gpus, link }),
    predictGather({ bytes: outputBytes * gpus, gpus, link }),
    predictReduce({ bytes: params * 4, gpus, link }),
  ];
  const [replicate, scatter, gather, reduce] = copies.map((c) => c.seconds) as [
    number,
    number,
    number,
    number,
  ];
  // The replicas' forwards share one interpreter: host dispatch is serialised across GPUs.
  // Backward runs in autograd's C++ threads, one per device, in parallel; the update and the
  // step's fixed host work run once, on GPU 0's side. Each phase takes the longer of its host
  // and GPU work, as a single-GPU step does.
  const forward = Math.max(step.forwardSeconds, step.host.forwardSeconds * gpus);
  const communicationSeconds = gpus > 1 ? replicate + scatter + gather + reduce : 0;
  const copy = (seconds: number) => (gpus > 1 ? seconds : 0);
  const backward = Math.max(
    step.backwardSeconds + step.recomputeSeconds,
    step.host.backwardSeconds,
  );
  const update = Math.max(
    step.optimizerSeconds,
    step.host.optimizerSeconds + step.host.fixedSeconds,
  );
  // Each phase as GPU 0 and as the other GPUs see it; only GPU 0 updates the weights.
  const phases: ReadonlyArray<[gpu0: string, others: string | null, seconds: number]> = [
    ['replicate the module', 'receive the module', copy(replicate)],
    ['scatter the batch', 'receive a slice', copy(scatter)],
    ['forward', 'forward', forward],
    ['gather outputs on GPU 0', 'send outputs', copy(gather)],
    ['backward', 'backward', backward],
    ['reduce gradients on GPU 0', 'send gradients', copy(reduce)],
    ['optimizer on GPU 0', null, update],
  ];
  const gpu0 = sequence(phases.map(([name, , seconds]) => [name, seconds]));
  const others = sequence(
    phases.flatMap(([, name, seconds]) => (name === null ? [] : [[name, seconds] as const])),
  );
  const seconds = gpu0.at(-1)?.endSeconds ?? 0;
  return finish('dp', step, gpus, seconds, {
    strategy: null,
    collectives: { allReduceBytes: 0, reduceScatterBytes: 0, allGatherBytes: 0 },
    bytesSentPerGpu: copies.reduce((sum, c) => sum + c.bytesSentPerGpu, 0),
    communicationSeconds,
    exposedCommunicationSeconds: communicationSeconds,
    gradientBytes: params * 4,
    backwardSeconds: backward,
    communicationPhases: [],
    phases: gpu0,
    otherGpuPhases: others,
  });
}

function finish(
  mode: DataParallelMode,
  step: StepPrediction,
  gpus: number,
  seconds: number,
  parts: ModeParts,
): DataParallelPrediction {
  const speedup = (gpus * step.seconds) / seconds;
  return {
    mode,
    seconds,
    singleGpuSeconds: step.seconds,
    speedup,
    scalingEfficiency: speedup / gpus,
    ...parts,
  };
}

/**
 * Predicts a data-parallel step from the single-GPU step of the same per-GPU batch. `strategy`
 * (DDP only) keeps the model state replicated or shards it by ZeRO stage.
 */
export function predictDataParallelStep(
  mode: unknown,
  step: StepPrediction,
  layers: readonly LayerCost[],
  batch: number,
  topology: Topology,
  strategy: unknown = 'replicate',
): DataParallelPrediction {
  requireOneOf('mode', mode, DATA_PARALLEL_MODES);
  requireShardingStrategy(strategy);
  if (mode === 'dp' && strategy !== 'replicate') {
    throw new RangeError(
      `sharding "${strategy}" needs mode "ddp": DataParallel keeps every replica whole`,
    );
  }
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  if (mode === 'dp') return dpStep(step, layers, batch, params, topology);
  if (strategy === 'replicate') return ddpStep(step, params, topology);
  const sharded = shardedStep(step, layers, topology, strategy);
  return finish('ddp', step, topology.gpus, sharded.seconds, sharded.parts);
}
