/**
 * The profile table's rows, worked out from the cost engine's step prediction: one row per layer
 * (forward and backward together, as a profiler adds an operator's kernels), a row for the
 * optimizer's update, rows grouped by kind of layer the way `key_averages()` groups by operator,
 * each row's share of the step, and the limit behind most of its time (arithmetic, memory
 * traffic, or the gaps between small kernels). Pure.
 */
import type { LayerStep, StepPrediction } from '../../engine/models';

/** What holds a kernel back: its arithmetic, its memory traffic, or launch overhead. */
export type Bound = 'compute' | 'memory' | 'overhead';

/** Every bound, in the order ties are settled. */
export const BOUNDS: readonly Bound[] = ['compute', 'memory', 'overhead'];

/** One pass of a layer as the engine times it (forward or backward). */
export type PassTime = LayerStep['forward'];

/** Seconds of a row's time spent under each bound. */
export type BoundSeconds = Record<Bound, number>;

/** The kind of the optimizer's row (it is not a layer). */
export const OPTIMIZER_KIND = 'optimizer';

/** One row of the table: a layer, a group of layers of one kind, or the optimizer. */
export interface ProfileRow {
  /** Unique within a table: the layer's name, or the kind for a group. */
  key: string;
  /** What the row is called in the table. */
  name: string;
  /** The layer type (`linear`, `attention`…) or `optimizer`. */
  kind: string;
  /** Layers in the row (each runs once per step). */
  calls: number;
  /** Kernel launches per step. */
  kernels: number;
  /** GPU seconds per step. */
  seconds: number;
  /** Share of the whole step's time. */
  share: number;
  flops: number;
  bytes: number;
  /** The bound behind most of the row's time, and that share of its time. */
  bound: Bound;
  boundShare: number;
  boundSeconds: BoundSeconds;
}

/** No time under any bound yet. */
function noBoundSeconds(): BoundSeconds {
  return { compute: 0, memory: 0, overhead: 0 };
}

/** Adds each pass's time to its own bound. */
export function boundSecondsOf(passes: ReadonlyArray<PassTime | null>): BoundSeconds {
  const sums = noBoundSeconds();
  for (const pass of passes) if (pass) sums[pass.bound] += pass.seconds;
  return sums;
}

/** The bound holding most of the time (ties: compute, then memory), and its share. */
export function dominantBound(seconds: BoundSeconds): { bound: Bound; share: number } {
  const total = BOUNDS.reduce((sum, b) => sum + seconds[b], 0);
  let best: Bound = 'compute';
  for (const b of BOUNDS) if (seconds[b] > seconds[best]) best = b;
  return { bound: best, share: total > 0 ? seconds[best] / total : 1 };
}

/** A row from its parts, its share taken against `stepSeconds`. */
function rowOf(
  fields: Omit<ProfileRow, 'share' | 'bound' | 'boundShare'>,
  stepSeconds: number,
): ProfileRow {
  const { bound, share } = dominantBound(fields.boundSeconds);
  return {
    ...fields,
    share: stepSeconds > 0 ? fields.seconds / stepSeconds : 0,
    bound,
    boundShare: share,
  };
}

/** One layer's row: its forward and (when training) backward pass. */
export function layerRow(layer: LayerStep, stepSeconds: number): ProfileRow {
  const passes = [layer.forward, layer.backward];
  const sum = (field: 'seconds' | 'flops' | 'bytes' | 'kernels') =>
    passes.reduce((total, p) => total + (p ? p[field] : 0), 0);
  return rowOf(
    {
      key: layer.name,
      name: layer.name,
      kind: layer.type,
      calls: 1,
      kernels: sum('kernels'),
      seconds: sum('seconds'),
      flops: sum('flops'),
      bytes: sum('bytes'),
      boundSeconds: boundSecondsOf(passes),
    },
    stepSeconds,
  );
}

/** What the optimizer's update costs, as the profile shows it. */
export interface OptimizerWork {
  /** Its GPU seconds per step (from the engine's prediction). */
  seconds: number;
  /** Bytes it reads and writes. */
  bytes: number;
  kernels: number;
  /** Seconds its bytes take at the GPU's achievable bandwidth. */
  memorySeconds: number;
}

/** The optimizer's row: memory bound unless the gaps between its few kernels take longer. */
export function optimizerRow(work: OptimizerWork, label: string, stepSeconds: number): ProfileRow {
  const boundSeconds = noBoundSeconds();
  const gapSeconds = Math.max(0, work.seconds - work.memorySeconds);
  boundSeconds[gapSeconds > work.memorySeconds ? 'overhead' : 'memory'] = work.seconds;
  return rowOf(
    {
      key: OPTIMIZER_KIND,
      name: label,
      kind: OPTIMIZER_KIND,
      calls: 1,
      kernels: work.kernels,
      seconds: work.seconds,
      flops: 0,
      bytes: work.bytes,
      boundSeconds,
    },
    stepSeconds,
  );
}

/** Orders names with their numbers read as numbers: `h.2` before `h.10`. */
const NAME_ORDER = new Intl.Collator('en', { numeric: true });

/** Sorted by time, longest first (ties by name), as `sort_by="device_time_total"` sorts (`cuda_time_total` is its deprecated name). */
export function sortByTime(rows: readonly ProfileRow[]): ProfileRow[] {
  return [...rows].sort((a, b) => b.seconds - a.seconds || NAME_ORDER.compare(a.name, b.name));
}

/** Rows of the same kind added together: one row per kind, named by the kind. */
export function groupByKind(rows: readonly ProfileRow[], stepSeconds: number): ProfileRow[] {
  const groups = new Map<string, ProfileRow[]>();
  for (const row of rows) groups.set(row.kind, [...(groups.get(row.kind) ?? []), row]);
  return [...groups].map(([kind, members]) => {
    const boundSeconds = noBoundSeconds();
    for (const m of members) for (const b of BOUNDS) boundSeconds[b] += m.boundSeconds[b];
    const sum = (field: 'calls' | 'kernels' | 'seconds' | 'flops' | 'bytes') =>
      members.reduce((total, m) => total + m[field], 0);
    return rowOf(
      {
        key: kind,
        name: kind === OPTIMIZER_KIND ? (members[0]?.name ?? kind) : kind,
        kind,
        calls: sum('calls'),
        kernels: sum('kernels'),
        seconds: sum('seconds'),
        flops: sum('flops'),
        bytes: sum('bytes'),
        boundSeconds,
      },
      stepSeconds,
    );
  });
}

/** The step as a whole: where its time goes between the GPU and the host. */
export interface StepSummary {
  /** Seconds per step: the longer of the GPU's work and the host's launches. */
  seconds: number;
  gpuSeconds: number;
  hostSeconds: number;
  /** Which side sets the pace. */
  pace: 'gpu' | 'host';
  /** Time the GPU waits for the host each step (0 when the GPU sets the pace). */
  idleSeconds: number;
  kernels: number;
  flops: number;
}

/** The step-level figures of a prediction. */
export function stepSummary(step: StepPrediction): StepSummary {
  return {
    seconds: step.seconds,
    gpuSeconds: step.gpuSeconds,
    hostSeconds: step.hostSeconds,
    pace: step.bound,
    idleSeconds: Math.max(0, step.seconds - step.gpuSeconds),
    kernels: step.kernels,
    flops: step.flops,
  };
}

/** Every layer's row, plus the optimizer's when the step trains, unsorted. */
export function profileRows(step: StepPrediction, optimizer: ProfileRow | null): ProfileRow[] {
  const rows = step.layers.map((layer) => layerRow(layer, step.seconds));
  return optimizer ? [...rows, optimizer] : rows;
}

/** The rows a table shows: grouped or not, sorted by time, the first `limit` of them. */
export function tableRows(
  rows: readonly ProfileRow[],
  stepSeconds: number,
  grouped: boolean,
  limit: number,
): ProfileRow[] {
  const sorted = sortByTime(grouped ? groupByKind(rows, stepSeconds) : rows);
  return Number.isFinite(limit) ? sorted.slice(0, Math.max(0, limit)) : sorted;
}
