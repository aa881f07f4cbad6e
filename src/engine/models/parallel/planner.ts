/**
 * The layout planner: every valid way to lay a training run over a cluster (tensor, context and
 * pipeline degrees, data parallel's sharding, micro-batch, checkpointing) for a fixed global
 * batch, each predicted, and ranked by throughput among those that fit, with what sets each
 * one's pace.
 */
import { CHECKPOINTING, SHARDINGS, type ParallelSetup } from './layout';
import { predictParallelStep, type ParallelStepPrediction } from './parallel-step';

/** What the planner holds fixed: the model, the cluster, the sequence and the global batch. */
export type PlanBase = Omit<
  ParallelSetup,
  | 'tensorParallel'
  | 'contextParallel'
  | 'pipelineParallel'
  | 'sharding'
  | 'checkpointing'
  | 'microBatch'
  | 'gradAccum'
> & {
  /** Sequences per optimizer step over all GPUs. */
  globalBatch: number;
};

/** One ranked layout. */
export interface RankedLayout {
  setup: ParallelSetup;
  prediction: ParallelStepPrediction;
  /** What takes the largest share of its step, in words. */
  limitedBy: string;
}

/** Degrees a dimension may take. */
const DEGREES = [1, 2, 4, 8] as const;
const MICRO_BATCHES = [1, 2, 4, 8] as const;

/**
 * Every layout of `base` that divides evenly (degrees dividing the GPUs, tensor parallel inside
 * a node, the global batch a whole number of micro-batches per data-parallel rank), predicted.
 */
export function enumerateLayouts(base: PlanBase): RankedLayout[] {
  const out: RankedLayout[] = [];
  const perNode = Math.min(base.gpus, base.gpusPerNode ?? 8);
  for (const tp of DEGREES) {
    if (tp > perNode || base.gpus % tp !== 0) continue;
    for (const cp of DEGREES) {
      for (const pp of DEGREES) {
        const modelParallel = tp * cp * pp;
        if (base.gpus % modelParallel !== 0) continue;
        const dp = base.gpus / modelParallel;
        for (const microBatch of MICRO_BATCHES) {
          if (base.globalBatch % (dp * microBatch) !== 0) continue;
          const gradAccum = base.globalBatch / (dp * microBatch);
          if (pp > 1 && gradAccum < pp) continue;
          for (const sharding of SHARDINGS) {
            if (dp * cp === 1 && sharding !== 'replicate') continue;
            for (const checkpointing of CHECKPOINTING) {
              const { globalBatch: _batch, ...rest } = base;
              void _batch;
              const setup: ParallelSetup = {
                ...rest,
                tensorParallel: tp,
                contextParallel: cp,
                pipelineParallel: pp,
                microBatch,
                gradAccum,
                sharding,
                checkpointing,
              };
              let prediction: ParallelStepPrediction;
              try {
                prediction = predictParallelStep(setup);
              } catch {
                continue; // A layout the model cannot split (heads, sequence) is not a layout.
              }
              out.push({ setup, prediction, limitedBy: limitOf(prediction) });
            }
          }
        }
      }
    }
  }
  return out;
}

/** The layouts that fit, fastest first (tokens per second per GPU), then the rest. */
export function rankLayouts(base: PlanBase): RankedLayout[] {
  const all = enumerateLayouts(base);
  const byRate = (a: RankedLayout, b: RankedLayout) =>
    b.prediction.tokensPerSecondPerGpu - a.prediction.tokensPerSecondPerGpu;
  return [
    ...all.filter((l) => l.prediction.fits).sort(byRate),
    ...all.filter((l) => !l.prediction.fits).sort(byRate),
  ];
}

/** The part of a step that costs most beyond the arithmetic, in words. */
export function limitOf(p: ParallelStepPrediction): string {
  const m = p.microBatches;
  const mb = p.microBatch;
  const parts: Array<[string, number]> = [
    ['arithmetic (forward and backward)', m * (mb.forwardSeconds + mb.backwardSeconds)],
    ['recomputation for checkpointing', m * mb.recomputeSeconds],
    ["tensor parallel's all-reduces", m * mb.tensorParallelSeconds],
    ["ring attention's exchanges", m * mb.contextParallelSeconds],
    ['the pipeline bubble', p.pipelineSeconds * p.bubbleShare],
    ["data parallel's exposed communication", p.exposedDataParallelSeconds],
    ['the optimizer', p.optimizerSeconds],
  ];
  const [, ...overheads] = parts;
  const worst = overheads.reduce((a, b) => (b[1] > a[1] ? b : a));
  const share = worst[1] / p.seconds;
  return share < 0.02
    ? 'arithmetic: every overhead under 2 % of the step'
    : `${worst[0]}: ${(share * 100).toFixed(0)} % of the step`;
}
