/**
 * The autotune's sentences: what the times are of (a GPU, a CPU emulating one, or the
 * interpreter), the winner as `@triton.autotune` would cache it, and a config that lost, in
 * words. Pure.
 */
import { formatRatio, formatSeconds } from '../../format/units';
import type { TritonPuzzle, TritonSizes } from '../../triton/puzzles/index';
import type { RankedConfig } from './autotune';
import { autotuneKey, configText, pythonTuple } from './configs';

/** What measured the times, as the autotune view says it. */
export type TimesSource = 'gpu' | 'software-adapter' | 'interpreter';

/** What the times are of, in a sentence. */
export function timesSentence(source: TimesSource): string {
  if (source === 'interpreter')
    return 'These times are the interpreter’s (JavaScript on your CPU), not a GPU’s: it shows that the tune works, not which config a GPU prefers. The interpreter has no warps, so num_warps changes nothing there.';
  if (source === 'software-adapter')
    return 'These times are of a software adapter: your CPU emulating a GPU, so the ranking is the CPU’s, not a GPU’s.';
  return 'These times are your GPU’s, through WebGPU (each from launch to the results read back).';
}

/** `@triton.autotune`'s verdict: the winner and the key Triton caches it under. */
export function cacheSentence(
  puzzle: TritonPuzzle,
  size: TritonSizes,
  winner: RankedConfig | null,
): string {
  if (winner === null) return 'No config passed its check, so Triton would have nothing to cache.';
  const key = autotuneKey(puzzle, size);
  const keyText =
    key.names.length === 0
      ? 'this launch'
      : `key ${pythonTuple(key.names)} = ${pythonTuple(key.values)}`;
  const seconds = winner.outcome.kind === 'timed' ? winner.outcome.medianSeconds : null;
  return `Fastest: ${configText(winner.config)}${seconds === null ? '' : ` (${formatSeconds(seconds)})`}. Triton would cache this config for ${keyText}: later launches with the same key skip the tuning and use it.`;
}

/** One row's outcome in a few words, for the table's last column. */
export function outcomeText(row: RankedConfig): string {
  const { outcome } = row;
  if (outcome.kind === 'wrong') return `Wrong: ${outcome.message}`;
  if (outcome.kind === 'refused') return `Could not run: ${outcome.message}`;
  if (row.rank === 1) return 'Fastest';
  return row.slowdown === null ? 'Passed' : `${formatRatio(row.slowdown)} the fastest’s time`;
}
