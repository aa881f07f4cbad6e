/**
 * DDP's gradient buckets on an NCCL stream during backward, shared by the replicated step
 * (all-reduce per bucket) and ZeRO stages 1 and 2 (reduce-scatter per bucket). Pure.
 */
import type { RingCollectiveKind } from '../collectives';
import type { StepPrediction } from './step-time';
import { DDP_BUCKET_BYTES, ringSeconds, type StepPhase, type Topology } from './topology';

/** The buckets' collectives on the step's clock. */
export interface BucketTimeline {
  /** One phase per bucket's collective, in order. */
  phases: StepPhase[];
  /** When the last bucket's collective ends. */
  endSeconds: number;
  /** All the buckets' collectives together, hidden or not. */
  communicationSeconds: number;
}

/**
 * Buckets of `gradientBytes` (25 MiB each, the last one the rest) become ready in turn as
 * backward runs (gradients appear at an even pace over backward), and one NCCL stream runs
 * `kind` on each in order, when it is ready and after the one before.
 */
export function bucketTimeline(
  kind: RingCollectiveKind,
  step: StepPrediction,
  gradientBytes: number,
  t: Topology,
): BucketTimeline {
  const buckets = Math.max(1, Math.ceil(gradientBytes / DDP_BUCKET_BYTES));
  const compute = step.forwardSeconds + step.recomputeSeconds;
  const backward = step.backwardSeconds;
  const phases: StepPhase[] = [];
  let endSeconds = compute;
  let communicationSeconds = 0;
  for (let b = 0; b < buckets; b++) {
    const bytes = Math.min(DDP_BUCKET_BYTES, gradientBytes - b * DDP_BUCKET_BYTES);
    const ready = compute + (backward * (b + 1)) / buckets;
    const seconds = ringSeconds(kind, t, bytes);
    communicationSeconds += seconds;
    const start = Math.max(endSeconds, ready);
    endSeconds = start + seconds;
    phases.push({
      name: `${kind} bucket ${b + 1} of ${buckets}`,
      startSeconds: start,
      endSeconds,
    });
  }
  return { phases, endSeconds, communicationSeconds };
}
