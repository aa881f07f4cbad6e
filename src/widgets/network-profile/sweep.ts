/**
 * How attention's cost grows with the sequence length, beside the linear layers': the same step
 * predicted at sequence lengths doubling up to the network's longest, each time adding up the
 * attention layers' time and the linear layers' time. Attention's arithmetic grows with the
 * square of the length (every query meets every key) and the linear layers' with the length.
 * The step itself is injected, so this stays pure.
 */
import type { ProfileRow } from './profile';

/** The shortest sequence the sweep starts from. */
export const SWEEP_START = 32;

/** One point of the sweep. */
export interface SweepPoint {
  seq: number;
  /** Seconds per step in the attention layers, and in the linear layers. */
  attentionSeconds: number;
  linearSeconds: number;
}

/** The sweep, and how much each part grows over its last doubling. */
export interface SeqSweep {
  points: SweepPoint[];
  /** The chosen sequence length, marked on the plot. */
  chosenSeq: number;
  /** Growth factors from the second-to-last power of two to the last one (null if too few). */
  lastDoubling: { fromSeq: number; toSeq: number; attention: number; linear: number } | null;
}

/** Powers of two from SWEEP_START up to `maxSeq`, with `chosen` added where it is not one. */
export function sweepSeqs(maxSeq: number, chosen: number): number[] {
  const seqs = new Set<number>();
  for (let s = SWEEP_START; s <= maxSeq; s *= 2) seqs.add(s);
  if (chosen >= 1 && chosen <= maxSeq) seqs.add(chosen);
  return [...seqs].sort((a, b) => a - b);
}

/** Seconds of the rows of one kind. */
export function secondsOfKind(rows: readonly ProfileRow[], kind: string): number {
  return rows.reduce((sum, row) => sum + (row.kind === kind ? row.seconds : 0), 0);
}

/** The point at `seq`, from that step's per-layer rows. */
export function sweepPoint(seq: number, rows: readonly ProfileRow[]): SweepPoint {
  return {
    seq,
    attentionSeconds: secondsOfKind(rows, 'attention'),
    linearSeconds: secondsOfKind(rows, 'linear'),
  };
}

/** Whether `n` is a power of two. */
function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

/**
 * The sweep over `sweepSeqs(maxSeq, chosen)`; `rowsAt(seq)` gives a step's per-layer rows, or
 * null where the engine has no answer (that length is left out).
 */
export function seqSweep(
  maxSeq: number,
  chosen: number,
  rowsAt: (seq: number) => readonly ProfileRow[] | null,
): SeqSweep {
  const points: SweepPoint[] = [];
  for (const seq of sweepSeqs(maxSeq, chosen)) {
    const rows = rowsAt(seq);
    if (rows) points.push(sweepPoint(seq, rows));
  }
  const doubled = points.filter((p) => isPowerOfTwo(p.seq));
  const to = doubled[doubled.length - 1];
  const from = doubled[doubled.length - 2];
  const lastDoubling =
    to && from && to.seq === 2 * from.seq && from.attentionSeconds > 0 && from.linearSeconds > 0
      ? {
          fromSeq: from.seq,
          toSeq: to.seq,
          attention: to.attentionSeconds / from.attentionSeconds,
          linear: to.linearSeconds / from.linearSeconds,
        }
      : null;
  return { points, chosenSeq: chosen, lastDoubling };
}
