/**
 * Readings of single submissions as the runtime takes them, from an injected clock that a script
 * moves by hand: each run's set-up, the time `queue.submit` takes to return, the GPU's work
 * between its two timestamps, and the wait until the page hears the work is done. For tests.
 */
import type { SubmitReadings } from '../../gpu';

/** One scripted run, in seconds. */
export interface ScriptedRun {
  /** Set-up before the submit; given for the first run only. */
  setup?: number;
  /** How long `queue.submit` takes to return. */
  submit: number;
  /** The GPU's own time for the pass (between its timestamps). */
  gpu: number;
  /** From the end of the pass until the page hears the work is done. */
  after: number;
}

/** How the scripted GPU stamps its timestamps. */
export interface ScriptOptions {
  /** 'none': no timestamp-query; 'equal': both stamps read the same (a coarse clock). */
  timestamps?: 'exact' | 'none' | 'equal';
  /** Where the clock starts, in seconds. */
  startSeconds?: number;
}

/** Runs `script` against a hand-moved clock, reading it where the runtime does. */
export function scriptedReadings(
  script: readonly ScriptedRun[],
  options: ScriptOptions = {},
): SubmitReadings[] {
  let now = options.startSeconds ?? 100;
  const clock = (): number => now;
  const gpuNs = (): bigint => BigInt(Math.round(now * 1e9)) + 5_000_000_000n;
  return script.map((run) => {
    const setupStart = run.setup === undefined ? null : clock();
    now += run.setup ?? 0;
    const submitStart = clock();
    now += run.submit;
    const submitEnd = clock();
    const begin = gpuNs();
    now += run.gpu;
    const end = gpuNs();
    now += run.after;
    const doneAt = clock();
    const stamps = options.timestamps ?? 'exact';
    const gpuTimestampsNs =
      stamps === 'none' ? null : ([begin, stamps === 'equal' ? begin : end] as const);
    return { setupStart, submitStart, submitEnd, doneAt, gpuTimestampsNs };
  });
}

/** A typical real-GPU script: quick submits, 2 ms kernels, a first run with 30 ms of set-up. */
export const HARDWARE_SCRIPT: readonly ScriptedRun[] = [
  { setup: 0.03, submit: 0.00005, gpu: 0.0026, after: 0.0004 },
  { submit: 0.00002, gpu: 0.002, after: 0.0003 },
  { submit: 0.00003, gpu: 0.0021, after: 0.0003 },
  { submit: 0.00002, gpu: 0.0019, after: 0.0005 },
  { submit: 0.00004, gpu: 0.002, after: 0.0003 },
  { submit: 0.00002, gpu: 0.0022, after: 0.0003 },
];
