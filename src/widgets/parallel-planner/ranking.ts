/**
 * The planner's ranking as the widget keeps it: every layout the engine's planner predicts, cut
 * down to plain numbers (so a worker can hand them over), the step of each split into the parts
 * the engine prices, the order of a table sorted by a column, and a sentence on why the best
 * layout wins against the runner-up. Pure.
 */
import {
  rankLayouts,
  type Checkpointing,
  type ParallelStepPrediction,
  type PlanBase,
  type RankedLayout,
  type Sharding,
} from '../../engine/models';
import { formatBytesBinary, formatCount, formatPercent, formatSeconds } from '../../format/units';

/** One step split into what the engine prices, in seconds (they add up to the step). */
export interface StepParts {
  /** Forward and backward arithmetic of every micro-batch. */
  arithmetic: number;
  /** Forward passes run again in backward (checkpointing). */
  recompute: number;
  /** Tensor parallel's all-reduces (or reduce-scatters and all-gathers). */
  tensorParallel: number;
  /** Ring attention's exchanges the attention does not hide. */
  contextParallel: number;
  /** Activations and their gradients sent between pipeline stages. */
  pipelineSends: number;
  /** Pipeline stages waiting at the start and end of the step. */
  bubble: number;
  /** Data parallel's gathers and reductions that compute does not hide. */
  exposedDataParallel: number;
  optimizer: number;
}

/** The parts in the order tables and sentences list them. */
export const STEP_PARTS = [
  'arithmetic',
  'recompute',
  'tensorParallel',
  'contextParallel',
  'pipelineSends',
  'bubble',
  'exposedDataParallel',
  'optimizer',
] as const satisfies readonly (keyof StepParts)[];

/** Each part in words. */
export const STEP_PART_NAMES: Readonly<Record<keyof StepParts, string>> = {
  arithmetic: 'forward and backward arithmetic',
  recompute: 'recomputation for checkpointing',
  tensorParallel: 'tensor parallel’s all-reduces',
  contextParallel: 'ring attention’s exchanges',
  pipelineSends: 'sends between pipeline stages',
  bubble: 'the pipeline bubble',
  exposedDataParallel: 'data parallel’s exposed communication',
  optimizer: 'the optimizer',
};

/** The step of a prediction by part (the engine's own split: the parts add up to its step). */
export function stepParts(p: ParallelStepPrediction): StepParts {
  const m = p.microBatches;
  const mb = p.microBatch;
  return {
    arithmetic: m * (mb.forwardSeconds + mb.backwardSeconds),
    recompute: m * mb.recomputeSeconds,
    tensorParallel: m * mb.tensorParallelSeconds,
    contextParallel: m * mb.contextParallelSeconds,
    pipelineSends: m * mb.pipelineSendSeconds,
    bubble: p.pipelineSeconds * p.bubbleShare,
    exposedDataParallel: p.exposedDataParallelSeconds,
    optimizer: p.optimizerSeconds,
  };
}

/** A layout's degrees and choices, as the planner varies them. */
export interface LayoutShape {
  dp: number;
  tp: number;
  cp: number;
  pp: number;
  microBatch: number;
  gradAccum: number;
  sharding: Sharding;
  checkpointing: Checkpointing;
}

/** One ranked layout, as plain numbers. */
export interface RankedRow {
  /** Unique among one ranking's rows. */
  key: string;
  layout: LayoutShape;
  seconds: number;
  tokensPerSecondPerGpu: number;
  mfu: number;
  bytesPerGpu: number;
  capacityBytes: number;
  fits: boolean;
  /** The engine's words on what sets the layout's pace. */
  limitedBy: string;
  parts: StepParts;
}

/** A whole ranking: the layouts that fit, fastest first, then those that do not. */
export interface Ranking {
  rows: RankedRow[];
  /** How many of `rows` fit (they come first). */
  fitting: number;
}

/** The key of a layout among one ranking's rows. */
export function layoutKey(l: Omit<LayoutShape, 'dp' | 'gradAccum'>): string {
  return `${l.tp}.${l.cp}.${l.pp}.${l.microBatch}.${l.sharding}.${l.checkpointing}`;
}

/** One of the engine's ranked layouts as a row. */
export function rowOf(ranked: RankedLayout): RankedRow {
  const { prediction: p, limitedBy } = ranked;
  const l = p.layout;
  const layout: LayoutShape = {
    dp: l.dp,
    tp: l.tp,
    cp: l.cp,
    pp: l.pp,
    microBatch: l.microBatch,
    gradAccum: l.gradAccum,
    sharding: l.sharding,
    checkpointing: l.checkpointing,
  };
  return {
    key: layoutKey(layout),
    layout,
    seconds: p.seconds,
    tokensPerSecondPerGpu: p.tokensPerSecondPerGpu,
    mfu: p.mfu,
    bytesPerGpu: p.bytesPerGpu,
    capacityBytes: p.memory.capacityBytes,
    fits: p.fits,
    limitedBy,
    parts: stepParts(p),
  };
}

/** Ranks every layout of `base` with the engine's planner (what the worker runs). */
export function rankPlan(base: PlanBase): Ranking {
  const rows = rankLayouts(base).map(rowOf);
  return { rows, fitting: rows.filter((r) => r.fits).length };
}

/** Columns the ranking table sorts by. */
export const SORT_KEYS = ['rank', 'tokens', 'mfu', 'memory', 'limit'] as const;
/** One of `SORT_KEYS`. */
export type SortKey = (typeof SORT_KEYS)[number];
/** Which way a column sorts. */
export type SortDirection = 'ascending' | 'descending';

/** The way a column sorts when first chosen: the better end first. */
export const FIRST_DIRECTION: Readonly<Record<SortKey, SortDirection>> = {
  rank: 'ascending',
  tokens: 'descending',
  mfu: 'descending',
  memory: 'ascending',
  limit: 'ascending',
};

/** `rows` (ranked, best first) in the order of a column; ties keep the ranking's order. */
export function sortRows(
  rows: readonly RankedRow[],
  key: SortKey,
  direction: SortDirection,
): RankedRow[] {
  const rank = new Map(rows.map((r, i) => [r.key, i]));
  const value = (r: RankedRow): number | string => {
    switch (key) {
      case 'rank':
        return rank.get(r.key) ?? 0;
      case 'tokens':
        return r.tokensPerSecondPerGpu;
      case 'mfu':
        return r.mfu;
      case 'memory':
        return r.bytesPerGpu;
      case 'limit':
        return r.limitedBy;
    }
  };
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const order =
      typeof va === 'number' && typeof vb === 'number'
        ? va - vb
        : String(va).localeCompare(String(vb));
    return order !== 0 ? sign * order : (rank.get(a.key) ?? 0) - (rank.get(b.key) ?? 0);
  });
}

/** Short names of the shardings, for a layout in a few words. */
const SHARDING_SHORT: Readonly<Record<Sharding, string>> = {
  replicate: 'DDP',
  zero1: 'ZeRO-1',
  zero2: 'ZeRO-2',
  zero3: 'FSDP',
};

/** Checkpointing in a layout's few words. */
const CHECKPOINT_SHORT: Readonly<Record<Checkpointing, string>> = {
  none: 'no checkpointing',
  selective: 'selective checkpointing',
  full: 'full checkpointing',
};

/** The degrees of a layout: `DP 16 × CP 4` (degrees of 1 left out, DP always there). */
export function degreesText(l: Pick<LayoutShape, 'dp' | 'tp' | 'cp' | 'pp'>): string {
  const parts = [`DP ${l.dp}`];
  if (l.tp > 1) parts.push(`TP ${l.tp}`);
  if (l.cp > 1) parts.push(`CP ${l.cp}`);
  if (l.pp > 1) parts.push(`PP ${l.pp}`);
  return parts.join(' × ');
}

/** The micro-batching of a layout: `micro-batch 1 × 4 accumulated`. */
export function batchingText(l: Pick<LayoutShape, 'microBatch' | 'gradAccum'>): string {
  return `micro-batch ${l.microBatch} × ${l.gradAccum}`;
}

/** A layout in a few words: `DP 16 × CP 4, FSDP, micro-batch 1 × 4, no checkpointing`. */
export function layoutText(l: LayoutShape): string {
  return `${degreesText(l)}, ${SHARDING_SHORT[l.sharding]}, ${batchingText(l)}, ${CHECKPOINT_SHORT[l.checkpointing]}`;
}

/** Its sharding's short name. */
export function shardingShort(s: Sharding): string {
  return SHARDING_SHORT[s];
}

/** What sets two layouts apart, the first's value first: "CP (4 against 2)". */
function differences(a: LayoutShape, b: LayoutShape): string[] {
  const out: string[] = [];
  const differ = (name: string, x: string | number, y: string | number) => {
    if (x !== y) out.push(`${name} (${x} against ${y})`);
  };
  differ('TP', a.tp, b.tp);
  differ('CP', a.cp, b.cp);
  differ('PP', a.pp, b.pp);
  differ('sharding', SHARDING_SHORT[a.sharding], SHARDING_SHORT[b.sharding]);
  differ('micro-batch', a.microBatch, b.microBatch);
  differ('checkpointing', a.checkpointing, b.checkpointing);
  return out;
}

/** Joins words as a list: "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Throughputs closer than this (relative) are a tie. */
const TIE = 0.001;

/**
 * Why the best layout that fits wins against the runner-up, in one or two sentences: how much
 * faster it is, how the two differ, and the part of the step where the runner-up loses most
 * (with what the winner pays for it, if anything). Layouts that tie with the best (the same
 * modeled throughput) are named, and the comparison is with the first that does not tie. Null
 * when no layout fits.
 */
export function whyBestWins(ranking: Ranking): string | null {
  const fitting = ranking.rows.slice(0, ranking.fitting);
  const best = fitting[0];
  if (best === undefined) return null;
  if (fitting.length === 1) {
    return `Only one layout fits: ${layoutText(best.layout)}, limited by ${best.limitedBy}.`;
  }
  const lead = (r: RankedRow) => best.tokensPerSecondPerGpu / r.tokensPerSecondPerGpu - 1;
  const tied = fitting.slice(1).filter((r) => lead(r) < TIE);
  const runner = fitting.find((r) => lead(r) >= TIE);
  const tiedText =
    tied.length === 1
      ? layoutText(tied[0]!.layout)
      : `${tied.length} other layouts (${layoutText(tied[0]?.layout ?? best.layout)} among them)`;
  if (runner === undefined) {
    return `All ${fitting.length} layouts that fit tie at the same modeled throughput, limited by ${best.limitedBy}.`;
  }
  const diffs = differences(best.layout, runner.layout);
  const gains = STEP_PARTS.map((k) => [k, runner.parts[k] - best.parts[k]] as const);
  const gain = gains.reduce((a, b) => (b[1] > a[1] ? b : a));
  const cost = gains.reduce((a, b) => (b[1] < a[1] ? b : a));
  const head =
    `The best layout (${layoutText(best.layout)})` +
    (tied.length > 0 ? ` ties with ${tiedText} at the same modeled throughput, and` : '') +
    ` is ${formatPercent(lead(runner))} faster than the ${tied.length > 0 ? 'next' : 'runner-up'} (${layoutText(runner.layout)}), which differs in ${listText(diffs)}`;
  const why =
    gain[1] > 0
      ? `: that one spends ${formatSeconds(gain[1])} more per step on ${STEP_PART_NAMES[gain[0]]}` +
        (cost[1] < 0
          ? `, the best ${formatSeconds(-cost[1])} more on ${STEP_PART_NAMES[cost[0]]}`
          : '')
      : '';
  const memory =
    Math.abs(best.bytesPerGpu - runner.bytesPerGpu) > 0.02 * best.capacityBytes
      ? ` The best needs ${formatBytesBinary(best.bytesPerGpu)} per GPU, that one ${formatBytesBinary(runner.bytesPerGpu)}.`
      : '';
  const close =
    lead(runner) < 0.01
      ? ' A difference under 1 % is well inside what the model can tell apart.'
      : '';
  return `${head}${why}.${memory}${close}`;
}

/** An ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st, 1,002nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : ones === 1
        ? 'st'
        : ones === 2
          ? 'nd'
          : ones === 3
            ? 'rd'
            : 'th';
  return `${formatCount(n)}${suffix}`;
}
