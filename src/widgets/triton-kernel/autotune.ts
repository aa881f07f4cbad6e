/**
 * An autotune as `@triton.autotune` runs one, on whatever runs kernels here: each config in
 * turn is prepared (compiled, its inputs made, untimed), run once and checked against the CPU
 * reference (a config that computes wrong numbers is never a winner), then timed over a few runs
 * and its median kept. The page gets a turn between runs, and a cancel is heard at each turn.
 * Then the configs are ranked, fastest first. Pure: the runs, the clock and the turns come in.
 */
import type { TritonCaseOutcome } from '../../triton/puzzles/index';
import { median } from '../../triton-page/timing';
import { configText, type AutotuneConfig } from './configs';

/** One config, prepared at the tuning size: its inputs made and its kernel compiled. */
export interface Trial {
  /** One launch, to its results read back (the interpreter: the whole run). */
  run(): Promise<void>;
  /** The outputs of the last run against the CPU reference. */
  check(): TritonCaseOutcome;
  /** Frees what it holds (device buffers). */
  dispose(): void;
}

/** What an autotune needs from outside. */
export interface AutotuneDeps {
  /** Prepares one config; throws (a TritonError) when the config cannot compile or launch. */
  prepare(config: AutotuneConfig): Promise<Trial>;
  /** A monotonic clock, in seconds. */
  nowSeconds(): number;
  /** Gives the page a turn (a macrotask), so it paints and hears a cancel. */
  pause(): Promise<void>;
}

/** What became of one config. */
export type ConfigOutcome =
  | { kind: 'timed'; config: AutotuneConfig; medianSeconds: number; samplesSeconds: number[] }
  | { kind: 'wrong'; config: AutotuneConfig; message: string }
  | { kind: 'refused'; config: AutotuneConfig; message: string };

/** How far an autotune has gone. */
export interface AutotuneProgress {
  /** Configs finished. */
  done: number;
  total: number;
  /** The config being tried, or null at the end. */
  current: AutotuneConfig | null;
}

/** The options of one autotune. */
export interface AutotuneOptions {
  configs: readonly AutotuneConfig[];
  deps: AutotuneDeps;
  /** Timed runs per config, after the checked one. */
  samples: number;
  /** Whether the learner cancelled; asked at every turn. */
  cancelled(): boolean;
  /** Hears each config's outcome as it comes, and where the tune stands. */
  onProgress?(outcomes: readonly ConfigOutcome[], progress: AutotuneProgress): void;
}

/** An autotune's outcomes, in the configs' order, and whether it was cancelled before the end. */
export interface AutotuneRun {
  outcomes: ConfigOutcome[];
  cancelled: boolean;
}

/** A thrown value's message. */
function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** Tries one config: checked once, then timed; null when cancelled part way. */
async function tryConfig(
  config: AutotuneConfig,
  options: AutotuneOptions,
): Promise<ConfigOutcome | null> {
  const { deps, samples, cancelled } = options;
  let trial: Trial;
  try {
    trial = await deps.prepare(config);
  } catch (thrown) {
    return { kind: 'refused', config, message: messageOf(thrown) };
  }
  try {
    try {
      await trial.run();
    } catch (thrown) {
      return { kind: 'refused', config, message: messageOf(thrown) };
    }
    const check = trial.check();
    if (!check.ok) return { kind: 'wrong', config, message: check.message };
    const samplesSeconds: number[] = [];
    for (let i = 0; i < samples; i++) {
      await deps.pause();
      if (cancelled()) return null;
      const start = deps.nowSeconds();
      await trial.run();
      samplesSeconds.push(deps.nowSeconds() - start);
    }
    return { kind: 'timed', config, medianSeconds: median(samplesSeconds), samplesSeconds };
  } finally {
    trial.dispose();
  }
}

/** Runs an autotune over the configs, in order (see the file comment). */
export async function runAutotune(options: AutotuneOptions): Promise<AutotuneRun> {
  const { configs, deps, cancelled, onProgress } = options;
  const outcomes: ConfigOutcome[] = [];
  for (const config of configs) {
    onProgress?.(outcomes, { done: outcomes.length, total: configs.length, current: config });
    await deps.pause();
    if (cancelled()) return { outcomes, cancelled: true };
    const outcome = await tryConfig(config, options);
    if (outcome === null) return { outcomes, cancelled: true };
    outcomes.push(outcome);
  }
  onProgress?.(outcomes, { done: outcomes.length, total: configs.length, current: null });
  return { outcomes, cancelled: false };
}

/** One row of the ranked table. */
export interface RankedConfig {
  /** Stable key: the config's text. */
  key: string;
  config: AutotuneConfig;
  outcome: ConfigOutcome;
  /** 1 for the fastest timed config; null for a config that was wrong or refused. */
  rank: number | null;
  /** Median seconds ÷ the fastest's median (1 for the fastest); null when not timed. */
  slowdown: number | null;
}

/** The configs ranked: timed ones fastest first (ties in the given order), then the rest. */
export function rankOutcomes(outcomes: readonly ConfigOutcome[]): RankedConfig[] {
  const timed = outcomes
    .map((outcome, order) => ({ outcome, order }))
    .filter((o) => o.outcome.kind === 'timed')
    .sort((a, b) => secondsOf(a.outcome)! - secondsOf(b.outcome)! || a.order - b.order);
  const best = timed[0] ? secondsOf(timed[0].outcome)! : null;
  const rows: RankedConfig[] = timed.map(({ outcome }, i) => ({
    key: configText(outcome.config),
    config: outcome.config,
    outcome,
    rank: i + 1,
    slowdown: best === null || best <= 0 ? null : secondsOf(outcome)! / best,
  }));
  for (const outcome of outcomes) {
    if (outcome.kind === 'timed') continue;
    rows.push({
      key: configText(outcome.config),
      config: outcome.config,
      outcome,
      rank: null,
      slowdown: null,
    });
  }
  return rows;
}

/** A timed outcome's median seconds, else null. */
export function secondsOf(outcome: ConfigOutcome): number | null {
  return outcome.kind === 'timed' ? outcome.medianSeconds : null;
}

/** The winner: the fastest timed config, or null when none passed. */
export function fastest(rows: readonly RankedConfig[]): RankedConfig | null {
  return rows.find((r) => r.rank === 1) ?? null;
}

/** Columns the table sorts by. */
export type SortKey = 'rank' | 'time' | 'warps' | 'config';
/** A sort's direction, as `aria-sort` writes it. */
export type SortDirection = 'ascending' | 'descending';

/** Rows in the order a column asks (configs in natural order: 16 before 128); rows without a value go last. */
export function sortConfigs(
  rows: readonly RankedConfig[],
  key: SortKey,
  direction: SortDirection,
): RankedConfig[] {
  const value = (r: RankedConfig): number | string | null =>
    key === 'rank'
      ? r.rank
      : key === 'time'
        ? secondsOf(r.outcome)
        : key === 'warps'
          ? r.config.numWarps
          : r.key;
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, order) => ({ row, order, v: value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        return a.v === b.v ? a.order - b.order : a.v === null ? 1 : -1;
      }
      const c =
        typeof a.v === 'number' && typeof b.v === 'number'
          ? a.v - b.v
          : String(a.v).localeCompare(String(b.v), 'en', { numeric: true });
      return sign * c || a.order - b.order;
    })
    .map((r) => r.row);
}
