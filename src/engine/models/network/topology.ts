/**
 * Where the GPUs of a data-parallel step are and how they are joined, and what a ring
 * collective costs over them (one node's ring, or NCCL's rings across nodes). Pure.
 */
import {
  predictMultiNodeRing,
  predictRing,
  type CollectivePrediction,
  type RingCollectiveKind,
} from '../collectives';
import { requirePositiveInteger } from '../validate';

/** DDP's default gradient bucket size (`bucket_cap_mb=25`); the ZeRO steps bucket alike. */
export const DDP_BUCKET_BYTES = 25 * 2 ** 20;

/** Where the GPUs are and how they are joined. */
export interface Topology {
  /** GPUs in all. */
  gpus: number;
  /** Nodes they are spread over (default 1); GPUs divide evenly among them. */
  nodes: number;
  /** GPU-to-GPU link inside a node. */
  link: string;
  /** Link between nodes, when there is more than one. */
  nodeLink?: string;
}

/** Checks a topology; returns GPUs per node. */
export function gpusPerNode(t: Topology): number {
  requirePositiveInteger('gpus', t.gpus);
  requirePositiveInteger('nodes', t.nodes);
  if (t.gpus % t.nodes !== 0) {
    throw new RangeError(`gpus (${t.gpus}) must divide evenly among nodes (${t.nodes})`);
  }
  if (t.nodes > 1 && t.nodeLink === undefined) {
    throw new RangeError('nodeLink (ib-hdr or ib-ndr) is needed for more than one node');
  }
  return t.gpus / t.nodes;
}

/** One ring collective over a buffer of `bytes` (the whole, unsharded size) on the topology. */
export function ringOver(
  kind: RingCollectiveKind,
  t: Topology,
  bytes: number,
): CollectivePrediction {
  const perNode = gpusPerNode(t);
  if (t.nodes === 1) return predictRing(kind, { bytes, gpus: t.gpus, link: t.link });
  return predictMultiNodeRing(kind, {
    bytes,
    gpusPerNode: perNode,
    nodes: t.nodes,
    intraNodeLink: t.link,
    interNodeLink: t.nodeLink ?? '',
  });
}

/** Seconds of one ring collective over the topology. */
export function ringSeconds(kind: RingCollectiveKind, t: Topology, bytes: number): number {
  return ringOver(kind, t, bytes).seconds;
}

/** One phase of a GPU's step, for a timeline. */
export interface StepPhase {
  name: string;
  startSeconds: number;
  endSeconds: number;
}

/** Phases laid end to end from time 0; phases of no length are left out. */
export function sequence(parts: ReadonlyArray<[string, number]>): StepPhase[] {
  let t = 0;
  return parts
    .filter(([, seconds]) => seconds > 0)
    .map(([name, seconds]) => {
      const phase = { name, startSeconds: t, endSeconds: t + seconds };
      t += seconds;
      return phase;
    });
}
