/**
 * One optimizer step of a layout as lanes, one per pipeline stage (every tensor-, context- and
 * data-parallel rank of a stage runs the same schedule): its micro-batches' forward and backward
 * passes in the pipeline schedule's order (GPipe, 1F1B, or interleaved 1F1B with two chunks per
 * stage), each pass with its recomputation, tensor parallel's all-reduces, ring attention's
 * exchanges and the sends to the next stage; the bubble where a stage waits; and beneath, data
 * parallel's collectives on their own stream, with the part compute hides and the part it does
 * not. Every duration is the engine's (its slowest stage's micro-batch sets every stage's pace,
 * as in the engine); only the order is this file's: the schedule is played out op by op. Pure.
 */
import type { ParallelStepPrediction } from '../../engine/models';

/** What a piece of a lane is. */
export type SegmentKind =
  | 'forward'
  | 'backward'
  | 'recompute'
  | 'tp'
  | 'cp'
  | 'send'
  | 'busy'
  | 'bubble'
  | 'wait'
  | 'optimizer'
  | 'gather'
  | 'scatter'
  | 'reduce';

/** One piece of a lane. */
export interface Segment {
  kind: SegmentKind;
  name: string;
  start: number;
  end: number;
}

/** One pipeline stage's step: its compute stream and its data-parallel collectives. */
export interface Lane {
  stage: number;
  compute: Segment[];
  collectives: Segment[];
}

/** A step as lanes. */
export interface StepLanes {
  lanes: Lane[];
  /** Pipeline stages in all (lanes may show fewer). */
  stages: number;
  /** The step as the lanes end: the engine's step when the schedule plays out as it prices it. */
  seconds: number;
  /** Where the pipeline's part of the step starts and ends. */
  pipelineStart: number;
  pipelineEnd: number;
  /** Whether each micro-batch's pass is drawn (false: runs of passes merged, too many to draw). */
  detailed: boolean;
  /** Chunks each stage holds (2 for the interleaved schedule). */
  chunks: number;
}

/** Most stages drawn: the first and last four beyond this. */
export const MAX_LANES = 8;
/** Most passes drawn one by one over all drawn lanes; beyond, runs of passes are merged. */
const MAX_DETAILED_OPS = 480;
/** Most passes the schedule is played out for; beyond, each stage's busy span is estimated. */
const MAX_SIMULATED_OPS = 40_000;

/** One pass of one micro-batch through one chunk of a stage. */
interface Op {
  forward: boolean;
  microBatch: number;
  chunk: number;
  start: number;
  end: number;
}

/** The pieces of a forward and a backward pass of one micro-batch, in seconds (one chunk). */
function passPieces(p: ParallelStepPrediction, chunks: number) {
  const mb = p.microBatch;
  const forward: Array<[SegmentKind, string, number]> = [
    ['forward', 'forward', mb.forwardSeconds],
    ['tp', 'tensor-parallel all-reduces', mb.tensorParallelSeconds / 2],
    ['cp', 'ring-attention exchanges', mb.contextParallelSeconds / 3],
    ['send', 'send to the next stage', mb.pipelineSendSeconds / 2],
  ];
  const backward: Array<[SegmentKind, string, number]> = [
    ['recompute', 'recomputation', mb.recomputeSeconds],
    ['backward', 'backward', mb.backwardSeconds],
    ['tp', 'tensor-parallel all-reduces', mb.tensorParallelSeconds / 2],
    ['cp', 'ring-attention exchanges', (2 * mb.contextParallelSeconds) / 3],
    ['send', 'send to the previous stage', mb.pipelineSendSeconds / 2],
  ];
  const scale = (list: typeof forward) =>
    list
      .filter(([, , s]) => s > 0)
      .map(([k, n, s]) => [k, n, s / chunks] as [SegmentKind, string, number]);
  return { forward: scale(forward), backward: scale(backward) };
}

/** Each stage's passes in the schedule's order (chunk 0 only unless interleaved). */
function stageOrders(
  schedule: string,
  stages: number,
  microBatches: number,
  chunks: number,
): Array<Array<Pick<Op, 'forward' | 'microBatch' | 'chunk'>>> {
  const m = microBatches;
  const p = stages;
  return Array.from({ length: p }, (_, s) => {
    type Step = Pick<Op, 'forward' | 'microBatch' | 'chunk'>;
    if (chunks > 1) {
      // Megatron's interleaved 1F1B: micro-batches in groups of p, chunk by chunk; backward
      // takes the chunks in reverse. Warm-up: 2(p − s − 1) + (v − 1)p forward passes.
      const total = m * chunks;
      const at = (k: number, forward: boolean): Step => {
        const group = Math.floor(k / (p * chunks));
        const inGroup = k % (p * chunks);
        const chunk = Math.floor(inGroup / p);
        return {
          forward,
          microBatch: group * p + (inGroup % p),
          chunk: forward ? chunk : chunks - 1 - chunk,
        };
      };
      const warm = Math.min(total, 2 * (p - s - 1) + (chunks - 1) * p);
      const out: Step[] = [];
      for (let k = 0; k < warm; k += 1) out.push(at(k, true));
      for (let k = 0; k < total - warm; k += 1) {
        out.push(at(warm + k, true));
        out.push(at(k, false));
      }
      for (let k = total - warm; k < total; k += 1) out.push(at(k, false));
      return out;
    }
    const out: Step[] = [];
    if (schedule === 'gpipe') {
      for (let i = 0; i < m; i += 1) out.push({ forward: true, microBatch: i, chunk: 0 });
      for (let i = 0; i < m; i += 1) out.push({ forward: false, microBatch: i, chunk: 0 });
      return out;
    }
    const warm = Math.min(m, p - s - 1);
    for (let i = 0; i < warm; i += 1) out.push({ forward: true, microBatch: i, chunk: 0 });
    for (let i = 0; i < m - warm; i += 1) {
      out.push({ forward: true, microBatch: warm + i, chunk: 0 });
      out.push({ forward: false, microBatch: i, chunk: 0 });
    }
    for (let i = m - warm; i < m; i += 1) out.push({ forward: false, microBatch: i, chunk: 0 });
    return out;
  });
}

/**
 * Plays the schedule out: each stage runs its passes in order, each as soon as the stage is free
 * and what it needs is done (a forward pass the previous virtual stage's forward of the same
 * micro-batch; a backward pass its own forward and the next virtual stage's backward). Null if
 * the order cannot finish (a deadlock: never for the schedules above with whole groups).
 */
export function playSchedule(
  schedule: string,
  stages: number,
  microBatches: number,
  chunks: number,
  forwardSeconds: number,
  backwardSeconds: number,
): Op[][] | null {
  const p = stages;
  const orders = stageOrders(schedule, p, microBatches, chunks);
  const virtualStages = p * chunks;
  // Finish times by virtual stage and micro-batch.
  const fDone = Array.from({ length: virtualStages }, () =>
    new Float64Array(microBatches).fill(-1),
  );
  const bDone = Array.from({ length: virtualStages }, () =>
    new Float64Array(microBatches).fill(-1),
  );
  const next = new Array<number>(p).fill(0);
  const free = new Array<number>(p).fill(0);
  const lanes: Op[][] = Array.from({ length: p }, () => []);
  let left = orders.reduce((n, o) => n + o.length, 0);
  while (left > 0) {
    let progressed = false;
    for (let s = 0; s < p; s += 1) {
      const order = orders[s]!;
      for (;;) {
        const step = order[next[s]!];
        if (step === undefined) break;
        if (step.microBatch >= microBatches) return null;
        const v = step.chunk * p + s;
        let ready: number;
        if (step.forward) {
          ready = v === 0 ? 0 : fDone[v - 1]![step.microBatch]!;
        } else {
          const own = fDone[v]![step.microBatch]!;
          const after = v === virtualStages - 1 ? own : bDone[v + 1]![step.microBatch]!;
          ready = own < 0 || after < 0 ? -1 : Math.max(own, after);
        }
        if (ready < 0) break;
        const start = Math.max(free[s]!, ready);
        const end = start + (step.forward ? forwardSeconds : backwardSeconds);
        (step.forward ? fDone : bDone)[v]![step.microBatch] = end;
        free[s] = end;
        lanes[s]!.push({ ...step, start, end });
        next[s] = next[s]! + 1;
        left -= 1;
        progressed = true;
      }
    }
    if (!progressed) return null;
  }
  return lanes;
}

/** The stages drawn: all up to MAX_LANES, else the first and last four. */
export function drawnStages(stages: number): number[] {
  if (stages <= MAX_LANES) return Array.from({ length: stages }, (_, s) => s);
  const half = MAX_LANES / 2;
  return [
    ...Array.from({ length: half }, (_, s) => s),
    ...Array.from({ length: half }, (_, i) => stages - half + i),
  ];
}

/** Merges touching segments of a lane into busy runs (for lanes with too many passes to draw). */
function mergeRuns(ops: readonly Op[], offset: number): Segment[] {
  const out: Segment[] = [];
  for (const op of ops) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.end - (op.start + offset)) < 1e-12) last.end = op.end + offset;
    else
      out.push({
        kind: 'busy',
        name: 'forward and backward passes',
        start: op.start + offset,
        end: op.end + offset,
      });
  }
  for (const s of out) {
    s.name = `forward and backward passes, ${formatShort(s.end - s.start)}`;
  }
  return out;
}

/** A duration in a few characters, for segment names. */
function formatShort(seconds: number): string {
  if (seconds >= 1) return `${seconds.toPrecision(3)} s`;
  return `${(seconds * 1000).toPrecision(3)} ms`;
}

/** Adds the idle gaps of [from, to] not covered by `busy` (sorted) as bubble segments. */
function withBubbles(busy: Segment[], from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let at = from;
  const eps = 1e-9 * Math.max(1, to);
  for (const s of busy) {
    if (s.start > at + eps)
      out.push({ kind: 'bubble', name: 'idle: the pipeline bubble', start: at, end: s.start });
    out.push(s);
    at = Math.max(at, s.end);
  }
  if (to > at + eps)
    out.push({ kind: 'bubble', name: 'idle: the pipeline bubble', start: at, end: to });
  return out;
}

/** The step of `p` as lanes (see the module comment). */
export function stepLanes(p: ParallelStepPrediction): StepLanes {
  const layout = p.layout;
  const stages = layout.pp;
  const m = p.microBatches;
  const chunks = layout.schedule === 'interleaved' && stages > 1 && m % stages === 0 ? 2 : 1;
  const pieces = passPieces(p, chunks);
  const sum = (list: Array<[SegmentKind, string, number]>) => list.reduce((t, [, , s]) => t + s, 0);
  const fSeconds = sum(pieces.forward);
  const bSeconds = sum(pieces.backward);
  const shown = drawnStages(stages);
  const zero3 = layout.sharding === 'zero3';
  const layersPerStage = Math.ceil(layout.spec.layers / stages);
  const firstGather = zero3 ? p.dataParallelSeconds / (m * 3 * layersPerStage) : 0;
  const startWait = Math.min(p.exposedDataParallelSeconds, firstGather);
  const endWait = p.exposedDataParallelSeconds - startWait;

  const opsCount = stages * m * 2 * chunks;
  const played =
    opsCount <= MAX_SIMULATED_OPS
      ? playSchedule(layout.schedule, stages, m, chunks, fSeconds, bSeconds)
      : null;
  const pipelineSeconds = played
    ? Math.max(...played.map((ops) => ops[ops.length - 1]?.end ?? 0))
    : p.pipelineSeconds;
  const pipelineStart = startWait;
  const pipelineEnd = startWait + pipelineSeconds;
  const detailed = played !== null && shown.length * m * 2 * chunks <= MAX_DETAILED_OPS;

  const lanes = shown.map((stage): Lane => {
    let busy: Segment[];
    let lastBackwardStart = pipelineEnd - bSeconds;
    const ops = played?.[stage];
    if (ops) {
      const lastBackward = [...ops].reverse().find((o) => !o.forward);
      if (lastBackward) lastBackwardStart = lastBackward.start + startWait;
      busy = detailed
        ? ops.flatMap((op) => {
            let at = op.start + startWait;
            const what = `micro-batch ${op.microBatch + 1}${chunks > 1 ? `, chunk ${op.chunk + 1}` : ''}`;
            return (op.forward ? pieces.forward : pieces.backward).map(([kind, name, s]) => {
              const seg = { kind, name: `${name}, ${what}`, start: at, end: at + s };
              at += s;
              return seg;
            });
          })
        : mergeRuns(ops, startWait);
    } else {
      // Too many passes to play out: the stage's busy span, its bubble before and after.
      const start = pipelineStart + stage * fSeconds;
      const end = pipelineEnd - stage * bSeconds;
      busy = [
        {
          kind: 'busy',
          name: `forward and backward passes, ${formatShort(end - start)}`,
          start,
          end,
        },
      ];
    }
    const compute: Segment[] = [];
    if (startWait > 0) {
      compute.push({
        kind: 'wait',
        name: 'waiting for the first all-gather: nothing runs before it to hide it',
        start: 0,
        end: startWait,
      });
    }
    compute.push(...withBubbles(busy, pipelineStart, pipelineEnd));
    if (endWait > 0) {
      compute.push({
        kind: 'wait',
        name: zero3
          ? 'waiting for the gathers and reduce-scatters compute could not hide'
          : 'waiting for the gradient reduction to finish',
        start: pipelineEnd,
        end: pipelineEnd + endWait,
      });
    }
    const optimizerStart = pipelineEnd + endWait;
    if (p.optimizerSeconds > 0) {
      compute.push({
        kind: 'optimizer',
        name: 'optimizer step',
        start: optimizerStart,
        end: optimizerStart + p.optimizerSeconds,
      });
    }
    return {
      stage,
      compute,
      collectives: collectivesOf(p, ops ?? null, detailed, chunks, lastBackwardStart),
    };
  });
  const seconds = pipelineEnd + endWait + p.optimizerSeconds;
  return { lanes, stages, seconds, pipelineStart, pipelineEnd, detailed, chunks };
}

/**
 * Data parallel's collectives on their own stream. FSDP: each micro-batch's all-gathers (for its
 * forward and again for its backward) and its gradients' reduce-scatter, in the order of the
 * stage's passes, back to back from the start of the step (split by the bytes each moves: 16-bit
 * weights gathered twice, fp32 gradients reduced once). The others: one reduction of the
 * accumulated gradients under the last backward pass (and, sharded, the updated weights'
 * all-gather).
 */
function collectivesOf(
  p: ParallelStepPrediction,
  ops: readonly Op[] | null,
  detailed: boolean,
  chunks: number,
  lastBackwardStart: number,
): Segment[] {
  const total = p.dataParallelSeconds;
  if (total <= 0) return [];
  const sharding = p.layout.sharding;
  if (sharding === 'zero3') {
    if (!detailed || !ops) {
      return [
        {
          kind: 'gather',
          name: 'FSDP’s all-gathers and reduce-scatters, every micro-batch',
          start: 0,
          end: total,
        },
      ];
    }
    const per = total / (p.microBatches * chunks);
    const out: Segment[] = [];
    let at = 0;
    for (const op of ops) {
      const what = `micro-batch ${op.microBatch + 1}`;
      const push = (kind: SegmentKind, name: string, s: number) => {
        out.push({ kind, name: `${name}, ${what}`, start: at, end: at + s });
        at += s;
      };
      if (op.forward) push('gather', 'all-gather of the weights for forward', per / 4);
      else {
        push('gather', 'all-gather of the weights for backward', per / 4);
        push('scatter', 'reduce-scatter of the gradients', per / 2);
      }
    }
    return out;
  }
  if (sharding === 'replicate') {
    return [
      {
        kind: 'reduce',
        name: 'all-reduce of the gradients',
        start: lastBackwardStart,
        end: lastBackwardStart + total,
      },
    ];
  }
  const reduce = (2 * total) / 3;
  return [
    {
      kind: 'scatter',
      name: 'reduce-scatter of the gradients',
      start: lastBackwardStart,
      end: lastBackwardStart + reduce,
    },
    {
      kind: 'gather',
      name: 'all-gather of the updated weights',
      start: lastBackwardStart + reduce,
      end: lastBackwardStart + total,
    },
  ];
}
