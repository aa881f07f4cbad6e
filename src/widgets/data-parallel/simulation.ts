/**
 * The simulator's questions to the cost engine and the shapes its views draw: one step in each
 * mode (DistributedDataParallel and DataParallel), DDP's step with the model state kept each
 * way (replicated, ZeRO-1, ZeRO-2, full sharding), the lanes of a per-GPU timeline built from
 * the engine's phases, the all-reduce of the whole gradient, and the scaling sweep with the
 * point where communication stops hiding behind backward. The engine comes in as a port, so
 * tests use a fake. Pure.
 */
import {
  SHARDING_STRATEGIES,
  type CollectivePrediction,
  type DataParallelAnswer,
  type DataParallelMode,
  type DataParallelPrediction,
  type DataParallelRequest,
  type ShardingStrategy,
  type StepPhase,
} from '../../engine/models';
import { trainRequestOf } from '../../network-step';
import { totalGpus, type DataParallelSettings } from './settings';

/** Where the GPUs are: per node, nodes, and the links. */
export interface DataParallelTopology {
  gpusPerNode: number;
  nodes: number;
  link: string;
  nodeLink: string;
}

/** A data-parallel step as the engine answers it, with one GPU's memory. */
export type StepAnswer = DataParallelAnswer;

/** What the simulator asks the engine. */
export interface DataParallelEngine {
  /** One data-parallel step (throws a RangeError naming a bad input). */
  predict(request: DataParallelRequest): StepAnswer;
  /** One all-reduce of `bytes` over the topology (multi-node when nodes > 1). */
  allReduce(bytes: number, topology: DataParallelTopology): CollectivePrediction;
  /** The GPU's memory and display name. */
  gpuFacts(gpu: string): { name: string; memoryBytes: number };
}

/** The optimizer the simulator trains with (its step is the same in both modes). */
export const OPTIMIZER = 'adam';

/** The topology of the settings. */
export function topologyOf(settings: DataParallelSettings): DataParallelTopology {
  return {
    gpusPerNode: settings.gpusPerNode,
    nodes: settings.nodes,
    link: settings.link,
    nodeLink: settings.nodeLink,
  };
}

/** The engine request for one mode over a topology (DDP replicated unless `sharding` says). */
export function requestOf(
  settings: DataParallelSettings,
  mode: DataParallelMode,
  topology: DataParallelTopology = topologyOf(settings),
  sharding: ShardingStrategy = 'replicate',
): DataParallelRequest {
  return {
    ...trainRequestOf({
      model: settings.network,
      gpu: settings.gpu,
      mode: 'train',
      batch: settings.batch,
      precision: settings.precision,
      optimizer: OPTIMIZER,
    }),
    mode,
    gpus: topology.gpusPerNode * topology.nodes,
    nodes: topology.nodes,
    link: topology.link,
    ...(topology.nodes > 1 ? { nodeLink: topology.nodeLink } : {}),
    ...(sharding === 'replicate' ? {} : { sharding }),
  };
}

/** What a phase is, for its colour and its legend. */
export type SegmentKind = 'forward' | 'backward' | 'communication' | 'optimizer' | 'idle';

/** One stretch of a lane. */
export interface LaneSegment {
  name: string;
  kind: SegmentKind;
  startSeconds: number;
  endSeconds: number;
}

/** One GPU's row of the timeline: its compute stream, and DDP's NCCL stream beneath it. */
export interface Lane {
  gpu: number;
  segments: LaneSegment[];
  /** DDP's bucket all-reduces, running beside backward (empty for DataParallel). */
  communication: LaneSegment[];
  /** Seconds the GPU works (everything but idle) on its compute stream. */
  busySeconds: number;
}

/** The kind of an engine phase, by its name. */
export function kindOf(name: string): SegmentKind {
  if (name.startsWith('optimizer')) return 'optimizer';
  if (/^(forward|recompute)/.test(name)) return 'forward';
  if (name.startsWith('backward')) return 'backward';
  return 'communication';
}

/** Segments of one GPU's phases, with idle time filled in up to the step's end. */
function segmentsOf(phases: readonly StepPhase[], stepSeconds: number): LaneSegment[] {
  const segments: LaneSegment[] = [];
  let t = 0;
  for (const phase of phases) {
    if (phase.startSeconds > t) {
      segments.push({
        name: 'idle',
        kind: 'idle',
        startSeconds: t,
        endSeconds: phase.startSeconds,
      });
    }
    segments.push({ ...phase, kind: kindOf(phase.name) });
    t = phase.endSeconds;
  }
  if (stepSeconds > t) {
    segments.push({
      name: 'idle, waiting for GPU 0',
      kind: 'idle',
      startSeconds: t,
      endSeconds: stepSeconds,
    });
  }
  return segments;
}

/** Most lanes a timeline draws. */
export const MAX_LANES = 8;

/**
 * The timeline's lanes: GPU 0 runs the engine's `phases`, every other GPU `otherGpuPhases`
 * (the same under DDP); at most `MAX_LANES`, one node's GPUs when there are several nodes.
 */
export function lanesOf(prediction: DataParallelPrediction, gpusShown: number): Lane[] {
  const count = Math.max(1, Math.min(MAX_LANES, Math.floor(gpusShown)));
  const step = prediction.seconds;
  return Array.from({ length: count }, (_, gpu) => {
    const segments = segmentsOf(gpu === 0 ? prediction.phases : prediction.otherGpuPhases, step);
    const communication = prediction.communicationPhases.map((p) => ({
      ...p,
      kind: 'communication' as const,
    }));
    const busySeconds = segments
      .filter((s) => s.kind !== 'idle')
      .reduce((sum, s) => sum + s.endSeconds - s.startSeconds, 0);
    return { gpu, segments, communication, busySeconds };
  });
}

/** Samples per second of a step: every GPU's batch over the step's time. */
export function samplesPerSecond(prediction: DataParallelPrediction, gpus: number, batch: number) {
  return (gpus * batch) / prediction.seconds;
}

/** One mode at one point of the sweep. */
export interface ScalingValue {
  samplesPerSecond: number;
  /** Throughput over N times one GPU's. */
  efficiency: number;
  communicationSeconds: number;
  backwardSeconds: number;
  /** For DDP: whether the all-reduces fit inside backward (communication ≤ backward). */
  hides: boolean;
}

/** One point of the sweep. */
export interface ScalingPoint {
  gpus: number;
  nodes: number;
  gpusPerNode: number;
  ddp: ScalingValue;
  /** Null where DataParallel cannot run (more than one node). */
  dp: ScalingValue | null;
}

/** The topologies swept: 1, 2, 4 and 8 GPUs in one node, then 2, 3 and 4 nodes of 8. */
export const SWEEP: ReadonlyArray<{ gpusPerNode: number; nodes: number }> = [
  { gpusPerNode: 1, nodes: 1 },
  { gpusPerNode: 2, nodes: 1 },
  { gpusPerNode: 4, nodes: 1 },
  { gpusPerNode: 8, nodes: 1 },
  { gpusPerNode: 8, nodes: 2 },
  { gpusPerNode: 8, nodes: 3 },
  { gpusPerNode: 8, nodes: 4 },
];

function valueOf(prediction: DataParallelPrediction, gpus: number, batch: number): ScalingValue {
  return {
    samplesPerSecond: samplesPerSecond(prediction, gpus, batch),
    efficiency: prediction.scalingEfficiency,
    communicationSeconds: prediction.communicationSeconds,
    backwardSeconds: prediction.backwardSeconds,
    hides: prediction.communicationSeconds <= prediction.backwardSeconds,
  };
}

/** Throughput and efficiency of both modes at every point of `SWEEP`. */
export function scalingSweep(
  settings: DataParallelSettings,
  engine: DataParallelEngine,
): ScalingPoint[] {
  return SWEEP.map(({ gpusPerNode, nodes }) => {
    const topology = { ...topologyOf(settings), gpusPerNode, nodes };
    const gpus = gpusPerNode * nodes;
    const ddp = engine.predict(requestOf(settings, 'ddp', topology));
    const dp = nodes === 1 ? engine.predict(requestOf(settings, 'dp', topology)) : null;
    return {
      gpus,
      nodes,
      gpusPerNode,
      ddp: valueOf(ddp, gpus, settings.batch),
      dp: dp ? valueOf(dp, gpus, settings.batch) : null,
    };
  });
}

/** The first point where DDP's all-reduces take longer than the backward they hide behind. */
export function stopsHidingAt(points: readonly ScalingPoint[]): ScalingPoint | null {
  return points.find((p) => p.gpus > 1 && !p.ddp.hides) ?? null;
}

/** Everything the simulator shows for one set of settings. */
export interface DataParallelResult {
  kind: 'result';
  settings: DataParallelSettings;
  gpus: number;
  gpuName: string;
  gpuMemoryBytes: number;
  ddp: StepAnswer;
  /** DataParallel's step, or null with `dpUnavailable` saying why. */
  dp: StepAnswer | null;
  dpUnavailable: string | null;
  /** One all-reduce of the whole gradient over the topology. */
  allReduce: CollectivePrediction;
  /** DDP's step with the model state kept each way, replicated first. */
  strategies: StrategyRow[];
  /** The step of the strategy the settings choose (the same as `ddp` when replicated). */
  chosen: StepAnswer;
  sweep: ScalingPoint[];
  stopsHiding: ScalingPoint | null;
}

/** DDP's step with the model state kept one way, beside plain DDP. */
export interface StrategyRow {
  strategy: ShardingStrategy;
  answer: StepAnswer;
  /** Model state one GPU keeps, per parameter of the model (16 for replicated AMP Adam). */
  stateBytesPerParam: number;
  /** Bytes each GPU sends per step over plain DDP's (1.5 when fully sharded). */
  trafficOverDdp: number;
}

/** Every strategy's step over the settings' topology, replicated (`ddp`) first. */
export function strategyRows(
  settings: DataParallelSettings,
  engine: DataParallelEngine,
  ddp: StepAnswer,
): StrategyRow[] {
  return SHARDING_STRATEGIES.map((strategy) => {
    const answer =
      strategy === 'replicate'
        ? ddp
        : engine.predict(requestOf(settings, 'ddp', topologyOf(settings), strategy));
    return {
      strategy,
      answer,
      stateBytesPerParam: answer.params > 0 ? answer.memory.modelStateBytes / answer.params : 0,
      trafficOverDdp: ddp.bytesSentPerGpu > 0 ? answer.bytesSentPerGpu / ddp.bytesSentPerGpu : 0,
    };
  });
}

/** Settings the engine turned down, and its reason. */
export interface DataParallelProblem {
  kind: 'problem';
  message: string;
}

/** The simulator's answer. */
export type DataParallelAnalysis = DataParallelResult | DataParallelProblem;

/** Asks the engine everything the views show; an engine error becomes a problem to show. */
export function analyzeDataParallel(
  settings: DataParallelSettings,
  engine: DataParallelEngine,
): DataParallelAnalysis {
  try {
    const gpus = totalGpus(settings);
    const ddp = engine.predict(requestOf(settings, 'ddp'));
    const dp = settings.nodes === 1 ? engine.predict(requestOf(settings, 'dp')) : null;
    const facts = engine.gpuFacts(settings.gpu);
    const sweep = scalingSweep(settings, engine);
    const strategies = strategyRows(settings, engine, ddp);
    const chosen = strategies.find((row) => row.strategy === settings.sharding)?.answer ?? ddp;
    return {
      kind: 'result',
      settings,
      gpus,
      gpuName: facts.name,
      gpuMemoryBytes: facts.memoryBytes,
      ddp,
      dp,
      dpUnavailable:
        dp === null
          ? 'DataParallel runs in one process with one thread per GPU, so it cannot reach GPUs in other nodes; across nodes only DistributedDataParallel works.'
          : null,
      allReduce: engine.allReduce(ddp.gradientBytes, topologyOf(settings)),
      strategies,
      chosen,
      sweep,
      stopsHiding: stopsHidingAt(sweep),
    };
  } catch (error) {
    return { kind: 'problem', message: error instanceof Error ? error.message : String(error) };
  }
}
