/**
 * A ring all-reduce, step by step, as NCCL's ring algorithm runs it: N GPUs in a ring, each
 * gradient cut into N chunks. In N-1 reduce-scatter steps every GPU sends one chunk to its
 * right-hand neighbour, which adds it to its own copy; after them GPU i holds the full sum of
 * chunk (i + 1) mod N. In N-1 all-gather steps the finished chunks travel round the ring and
 * overwrite the partial ones. Every GPU sends 2(N-1) chunks of 1/N of the gradient. Pure.
 */

/** The two halves of a ring all-reduce. */
export type RingPhase = 'reduce-scatter' | 'all-gather';

/** One chunk going from a GPU to its neighbour. */
export interface ChunkTransfer {
  from: number;
  to: number;
  chunk: number;
}

/** One step: every GPU sends one chunk at once. */
export interface RingStep {
  /** 1-based step number, 1 to 2(N-1). */
  index: number;
  phase: RingPhase;
  transfers: ChunkTransfer[];
}

/** Checks a ring size: a whole number of GPUs, at least 1. */
function requireRing(gpus: number): void {
  if (!Number.isInteger(gpus) || gpus < 1) {
    throw new RangeError(`a ring needs a whole number of GPUs >= 1, got ${String(gpus)}`);
  }
}

const mod = (a: number, n: number): number => ((a % n) + n) % n;

/** Steps of a ring all-reduce over `gpus` GPUs: 2(N-1), none on one GPU. */
export function ringSteps(gpus: number): number {
  requireRing(gpus);
  return 2 * (gpus - 1);
}

/** Every step of the ring all-reduce over `gpus` GPUs, in order. */
export function ringSchedule(gpus: number): RingStep[] {
  requireRing(gpus);
  const steps: RingStep[] = [];
  for (let s = 0; s < gpus - 1; s++) {
    steps.push({
      index: s + 1,
      phase: 'reduce-scatter',
      transfers: Array.from({ length: gpus }, (_, i) => ({
        from: i,
        to: mod(i + 1, gpus),
        chunk: mod(i - s, gpus),
      })),
    });
  }
  for (let s = 0; s < gpus - 1; s++) {
    steps.push({
      index: gpus + s,
      phase: 'all-gather',
      transfers: Array.from({ length: gpus }, (_, i) => ({
        from: i,
        to: mod(i + 1, gpus),
        chunk: mod(i + 1 - s, gpus),
      })),
    });
  }
  return steps;
}

/**
 * What each GPU holds after the first `done` steps: `held[gpu][chunk]` is how many GPUs'
 * gradients that copy of the chunk sums (1 at the start, N when fully reduced).
 */
export function ringHoldings(gpus: number, done: number): number[][] {
  const schedule = ringSchedule(gpus);
  const held = Array.from({ length: gpus }, () => Array.from({ length: gpus }, () => 1));
  const upTo = Math.max(0, Math.min(schedule.length, Math.floor(done)));
  for (const step of schedule.slice(0, upTo)) {
    // Every GPU sends what it held before the step, all at once.
    const before = held.map((row) => [...row]);
    for (const { from, to, chunk } of step.transfers) {
      const sent = before[from]?.[chunk] ?? 0;
      const row = held[to];
      if (!row) continue;
      row[chunk] = step.phase === 'reduce-scatter' ? (row[chunk] ?? 0) + sent : sent;
    }
  }
  return held;
}

/** Bytes each GPU sends in a ring all-reduce of `bytes`: 2(N-1)/N of them. */
export function ringBytesPerGpu(bytes: number, gpus: number): number {
  requireRing(gpus);
  return (2 * (gpus - 1) * bytes) / gpus;
}

/** Bytes of one chunk: 1/N of the gradient. */
export function chunkBytes(bytes: number, gpus: number): number {
  requireRing(gpus);
  return bytes / gpus;
}
