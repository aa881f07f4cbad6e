/**
 * The copy/compute overlap scenario behind the timeline: a loop that uploads batch i+1 on a copy
 * stream while batch i is computed on another stream, synchronising once per step. Scheduled by
 * the cost engine's buildTimeline, so the rules (pinned copies are asynchronous, pageable ones
 * block the host and everything else) come from the engine:
 * - pinned + non_blocking: copy i+1 runs under compute i;
 * - pinned, blocking: the host waits for each copy before it launches the next kernel;
 * - pageable: every copy is synchronous, whatever non_blocking says.
 */
import {
  buildTimeline,
  linkBytesPerSecond,
  matmulDescriptor,
  predictTransfer,
  type StreamOp,
  type Timeline,
} from '../../engine/models';
import { getGpu, getLink, type GpuId, type LinkId } from '../../engine/catalog';

/** The input batch of the lessons: (32, 3, 224, 224) float32. */
export const BATCH_BYTES = 32 * 3 * 224 * 224 * 4;
/** Batches in the loop. */
export const TIMELINE_STEPS = 4;
/** The modeled forward pass per batch: a 2048³ fp32 matmul, about as long as the copy on an A100. */
export const FORWARD_MATMUL = 2048;

/** One way of copying, as the switches set it. */
export interface CopyMode {
  pinned: boolean;
  nonBlocking: boolean;
}

/** A scenario to schedule. */
export interface OverlapScenario extends CopyMode {
  gpu: GpuId;
  link: LinkId;
  batchBytes?: number;
  steps?: number;
}

/**
 * Bytes that take, on the GPU's own link, as long as `bytes` take on `link`: buildTimeline
 * times copies on the GPU's link, so this lets the link switch reach the timeline.
 */
export function equivalentCopyBytes(
  gpu: GpuId,
  link: LinkId,
  bytes: number,
  pinned: boolean,
): number {
  const own = getLink(getGpu(gpu).hostLink);
  if (own.id === link) return bytes;
  const wanted = predictTransfer({ link, bytes, direction: 'h2d', pinned }).seconds;
  const rate = linkBytesPerSecond(own, 'h2d', pinned);
  return Math.max(0, Math.round((wanted - own.latencySeconds.value) * rate));
}

/** The ops of the prefetching loop. */
export function overlapOps(s: OverlapScenario): StreamOp[] {
  const steps = s.steps ?? TIMELINE_STEPS;
  const bytes = equivalentCopyBytes(s.gpu, s.link, s.batchBytes ?? BATCH_BYTES, s.pinned);
  const copy = (i: number): StreamOp => ({
    kind: 'copy',
    stream: 1,
    direction: 'h2d',
    bytes,
    pinned: s.pinned,
    label: `copy batch ${i + 1}`,
  });
  const forward = matmulDescriptor(FORWARD_MATMUL, FORWARD_MATMUL, FORWARD_MATMUL, 'fp32');
  const ops: StreamOp[] = [copy(0), { kind: 'host-sync', label: 'wait for batch 1' }];
  for (let i = 0; i < steps; i++) {
    if (i + 1 < steps) {
      ops.push(copy(i + 1));
      if (s.pinned && !s.nonBlocking)
        ops.push({ kind: 'host-sync', label: `blocking copy of batch ${i + 2}` });
    }
    ops.push({ kind: 'kernel', stream: 2, descriptor: forward, label: `forward batch ${i + 1}` });
    ops.push({ kind: 'host-sync', label: `end of step ${i + 1}` });
  }
  return ops;
}

/** The scheduled timeline of a scenario. */
export function overlapTimeline(s: OverlapScenario): Timeline {
  return buildTimeline({ gpu: s.gpu, ops: overlapOps(s) });
}

/** The three copy modes the lesson compares. */
export const COPY_MODES: ReadonlyArray<{ mode: CopyMode; name: string }> = [
  { mode: { pinned: true, nonBlocking: true }, name: 'pinned + non_blocking' },
  { mode: { pinned: true, nonBlocking: false }, name: 'pinned, blocking' },
  { mode: { pinned: false, nonBlocking: true }, name: 'pageable (either way)' },
];

/** Total time of each copy mode on a GPU and link. */
export function compareModes(
  gpu: GpuId,
  link: LinkId,
): Array<{ name: string; mode: CopyMode; seconds: number; savedSeconds: number }> {
  return COPY_MODES.map(({ mode, name }) => {
    const t = overlapTimeline({ gpu, link, ...mode });
    return { name, mode, seconds: t.seconds, savedSeconds: t.overlapSavedSeconds };
  });
}
