/**
 * Collectives between GPUs, as NCCL runs them. An all-reduce is a ring: each GPU sends and
 * receives 2(N-1)/N of the bytes in 2(N-1) steps, so it takes 2(N-1) step latencies plus
 * those bytes over the link's achievable bus bandwidth. A reduce-scatter and an all-gather are
 * each one half of that ring: N-1 steps, (N-1)/N of the bytes (the whole, unsharded buffer). Broadcast and reduce pipeline the
 * whole buffer along a chain from or to one GPU; gather and scatter, as DataParallel does them,
 * are copies between GPU 0 and every other GPU, all through GPU 0's one link.
 */
import {
  achievableBusBytesPerSecond,
  getInterconnect,
  INTERCONNECT_IDS,
  INTERCONNECTS,
  type InterconnectId,
  type InterconnectScope,
  type InterconnectSpec,
} from '../catalog/interconnects';
import { estimate, type Figure } from '../catalog/figure';
import { finiteResult, requireNonNegativeInteger, requirePositiveInteger } from './validate';

/** What one collective costs: its time, its rates as nccl-tests reports them, its traffic. */
export interface CollectivePrediction {
  seconds: number;
  /** Fixed part: step latencies. */
  latencySeconds: number;
  /** Part that grows with the bytes: traffic over the achievable bus bandwidth. */
  transferSeconds: number;
  /** Steps whose latency is paid (0 on one GPU). */
  steps: number;
  /** bytes / seconds, nccl-tests' algbw; 0 when nothing moves. */
  algorithmBytesPerSecond: number;
  /** algbw × the collective's bus factor, nccl-tests' busbw; 0 when nothing moves. */
  busBytesPerSecond: number;
  /** Bytes the busiest GPU moves over its link in one direction (received, for gather). */
  bytesSentPerGpu: number;
  /** The link whose bandwidth sets the transfer time; null on one GPU. */
  bottleneck: InterconnectId | null;
}

/** One collective of `bytes` over `gpus` GPUs joined by the interconnect `link`. */
export interface CollectiveInput {
  bytes: number;
  gpus: number;
  link: string;
}

/** An all-reduce over `nodes` nodes of `gpusPerNode` GPUs each. */
export interface MultiNodeAllReduceInput {
  bytes: number;
  gpusPerNode: number;
  nodes: number;
  /** GPU-to-GPU link inside a node (nvlink3, nvlink4, pcie4, pcie5). */
  intraNodeLink: string;
  /** Link between nodes (ib-hdr, ib-ndr). */
  interNodeLink: string;
  /** Network cards per node; default one per GPU, as in DGX/HGX nodes. */
  nicsPerNode?: number;
}

/** The nothing-to-do answer for a single GPU. */
const ALONE: CollectivePrediction = {
  seconds: 0,
  latencySeconds: 0,
  transferSeconds: 0,
  steps: 0,
  algorithmBytesPerSecond: 0,
  busBytesPerSecond: 0,
  bytesSentPerGpu: 0,
  bottleneck: null,
};

/**
 * NCCL's staging buffer per ring step (NCCL_BUFFSIZE, 4 MiB by default, spread over its
 * channels): a ring's pipeline fills one buffer at each of its 2(N-1) steps before it streams,
 * so a mid-sized all-reduce (tens to hundreds of MiB) runs below the bus bandwidth nccl-tests
 * shows at gigabytes: at 128 MiB on 8 GPUs the fill is about a fifth of the time.
 */
export const NCCL_BUFFER_BYTES: Figure = estimate(
  4 * 2 ** 20,
  'B',
  'NCCL documentation, environment variables: NCCL_BUFFSIZE (default 4 MiB)',
  'one buffer per ring step before the pipeline streams',
);

/** The ring collectives: an all-reduce is a reduce-scatter followed by an all-gather. */
export type RingCollectiveKind = 'all-reduce' | 'reduce-scatter' | 'all-gather';

/** Every ring collective. */
export const RING_COLLECTIVE_KINDS: readonly RingCollectiveKind[] = [
  'all-reduce',
  'reduce-scatter',
  'all-gather',
];

/** Trips round the ring each kind makes: N-1 steps per trip. */
const RING_TRIPS: Readonly<Record<RingCollectiveKind, number>> = {
  'all-reduce': 2,
  'reduce-scatter': 1,
  'all-gather': 1,
};

/** A ring collective of `bytes` over `gpus` GPUs on one kind of link. */
export function predictRing(
  kind: RingCollectiveKind,
  input: CollectiveInput,
): CollectivePrediction {
  const { bytes, gpus, link } = checkCollective(input);
  if (gpus === 1) return { ...ALONE };
  const steps = RING_TRIPS[kind] * (gpus - 1);
  const busFactor = steps / gpus;
  const busBandwidth = achievableBusBytesPerSecond(link);
  // A step moves one GPU's slice (bytes / gpus) at most, so a small message fills less.
  const fillBytes = Math.min(NCCL_BUFFER_BYTES.value, bytes / gpus);
  return finish(bytes, busFactor, {
    steps,
    latencySeconds: steps * link.stepLatencySeconds.value + (steps * fillBytes) / busBandwidth,
    bytesSentPerGpu: busFactor * bytes,
    busBandwidth,
    bottleneck: link.id,
  });
}

/** Ring all-reduce of `bytes` over `gpus` GPUs on one kind of link. */
export function predictAllReduce(input: CollectiveInput): CollectivePrediction {
  return predictRing('all-reduce', input);
}

/**
 * Ring reduce-scatter of a `bytes` buffer: each GPU ends with the sum of its 1/N slice, having
 * sent (N-1)/N of the bytes. ZeRO and FSDP shard gradients this way.
 */
export function predictReduceScatter(input: CollectiveInput): CollectivePrediction {
  return predictRing('reduce-scatter', input);
}

/**
 * Ring all-gather into a `bytes` buffer: each GPU contributes its 1/N slice and ends with all
 * of it, having sent (N-1)/N of the bytes. FSDP gathers sharded parameters this way.
 */
export function predictAllGather(input: CollectiveInput): CollectivePrediction {
  return predictRing('all-gather', input);
}

/**
 * Ring all-reduce across nodes, as NCCL's ring algorithm runs it. NCCL builds one ring per
 * network card; each ring visits every GPU and leaves each node once, through a different
 * GPU's card, so all cards carry traffic at once. A ring moves only as fast as its slowest hop:
 * the bus bandwidth is the lesser of the intra-node link's and `nicsPerNode` cards' worth of
 * the network's. Latency follows NCCL's tuning model: 2(nodes-1) of the 2(N-1) steps cross
 * the network, the rest stay inside a node.
 */
export function predictMultiNodeAllReduce(input: MultiNodeAllReduceInput): CollectivePrediction {
  return predictMultiNodeRing('all-reduce', input);
}

/**
 * Any ring collective across nodes, as `predictMultiNodeAllReduce` explains; a reduce-scatter
 * or an all-gather makes one trip round the ring instead of two.
 */
export function predictMultiNodeRing(
  kind: RingCollectiveKind,
  input: MultiNodeAllReduceInput,
): CollectivePrediction {
  requireNonNegativeInteger('bytes', input.bytes);
  requirePositiveInteger('gpusPerNode', input.gpusPerNode);
  requirePositiveInteger('nodes', input.nodes);
  const nics = input.nicsPerNode ?? input.gpusPerNode;
  requirePositiveInteger('nicsPerNode', nics);
  const intra = linkOfScope('intraNodeLink', input.intraNodeLink, 'intra-node');
  const inter = linkOfScope('interNodeLink', input.interNodeLink, 'inter-node');
  if (input.nodes === 1) {
    return predictRing(kind, { bytes: input.bytes, gpus: input.gpusPerNode, link: intra.id });
  }
  const gpus = finiteResult('gpus', input.gpusPerNode * input.nodes);
  const trips = RING_TRIPS[kind];
  const steps = trips * (gpus - 1);
  const interSteps = trips * (input.nodes - 1);
  const networkBus = nics * achievableBusBytesPerSecond(inter);
  const intraBus = input.gpusPerNode > 1 ? achievableBusBytesPerSecond(intra) : Infinity;
  const busFactor = steps / gpus;
  const busBandwidth = Math.min(intraBus, networkBus);
  const fillBytes = Math.min(NCCL_BUFFER_BYTES.value, input.bytes / gpus);
  return finish(input.bytes, busFactor, {
    steps,
    latencySeconds:
      (steps - interSteps) * intra.stepLatencySeconds.value +
      interSteps * inter.stepLatencySeconds.value +
      (steps * fillBytes) / busBandwidth,
    bytesSentPerGpu: busFactor * input.bytes,
    busBandwidth,
    bottleneck: intraBus < networkBus ? intra.id : inter.id,
  });
}

/**
 * Broadcast of `bytes` from one GPU to all: NCCL pipelines chunks down a chain, so every GPU
 * but the last forwards the whole buffer once and the first chunk pays N-1 step latencies.
 * nccl-tests' bus factor is 1. DataParallel broadcasts the module from GPU 0 every step.
 */
export function predictBroadcast(input: CollectiveInput): CollectivePrediction {
  return pipelinedFromOrToRoot(input);
}

/**
 * Reduce of `bytes` onto one GPU: the mirror of broadcast, with the sum done on the way.
 * DataParallel sums every replica's gradients onto GPU 0 this way.
 */
export function predictReduce(input: CollectiveInput): CollectivePrediction {
  return pipelinedFromOrToRoot(input);
}

/**
 * Scatter of `bytes` (all GPUs' slices together) from GPU 0, as DataParallel splits a batch:
 * one peer copy per other GPU, all leaving through GPU 0's link, so it sends (N-1)/N of the
 * bytes and pays one step latency per copy.
 */
export function predictScatter(input: CollectiveInput): CollectivePrediction {
  return copiesThroughRoot(input);
}

/** Gather of `bytes` (all slices together) onto GPU 0, as DataParallel collects outputs. */
export function predictGather(input: CollectiveInput): CollectivePrediction {
  return copiesThroughRoot(input);
}

function pipelinedFromOrToRoot(input: CollectiveInput): CollectivePrediction {
  const { bytes, gpus, link } = checkCollective(input);
  if (gpus === 1) return { ...ALONE };
  return finish(bytes, 1, {
    steps: gpus - 1,
    latencySeconds: (gpus - 1) * link.stepLatencySeconds.value,
    bytesSentPerGpu: bytes,
    busBandwidth: achievableBusBytesPerSecond(link),
    bottleneck: link.id,
  });
}

function copiesThroughRoot(input: CollectiveInput): CollectivePrediction {
  const { bytes, gpus, link } = checkCollective(input);
  if (gpus === 1) return { ...ALONE };
  const busFactor = (gpus - 1) / gpus;
  return finish(bytes, busFactor, {
    steps: gpus - 1,
    latencySeconds: (gpus - 1) * link.stepLatencySeconds.value,
    bytesSentPerGpu: busFactor * bytes,
    busBandwidth: achievableBusBytesPerSecond(link),
    bottleneck: link.id,
  });
}

interface CollectiveCost {
  steps: number;
  latencySeconds: number;
  bytesSentPerGpu: number;
  /** Achievable bus bandwidth the traffic moves at. */
  busBandwidth: number;
  bottleneck: InterconnectId;
}

function finish(bytes: number, busFactor: number, cost: CollectiveCost): CollectivePrediction {
  const transferSeconds = finiteResult(
    'transfer seconds',
    cost.bytesSentPerGpu / cost.busBandwidth,
  );
  const seconds = finiteResult('collective seconds', cost.latencySeconds + transferSeconds);
  const algorithmBytesPerSecond = seconds > 0 ? bytes / seconds : 0;
  return {
    seconds,
    latencySeconds: cost.latencySeconds,
    transferSeconds,
    steps: cost.steps,
    algorithmBytesPerSecond,
    busBytesPerSecond: algorithmBytesPerSecond * busFactor,
    bytesSentPerGpu: cost.bytesSentPerGpu,
    bottleneck: cost.bottleneck,
  };
}

function checkCollective(input: CollectiveInput): {
  bytes: number;
  gpus: number;
  link: InterconnectSpec;
} {
  requireNonNegativeInteger('bytes', input.bytes);
  requirePositiveInteger('gpus', input.gpus);
  return { bytes: input.bytes, gpus: input.gpus, link: getInterconnect(input.link) };
}

function linkOfScope(name: string, id: string, scope: InterconnectScope): InterconnectSpec {
  const link = getInterconnect(id);
  if (link.scope !== scope) {
    const fitting = INTERCONNECT_IDS.filter((i) => INTERCONNECTS[i].scope === scope);
    throw new RangeError(
      `${name} "${id}" is an ${link.scope} link; use one of ${fitting.join(', ')}`,
    );
  }
  return link;
}
