/**
 * How the explorer's kernel spreads over the SMs: threads grouped into warps and blocks, blocks
 * scheduled in waves by the cost engine's `scheduleWaves`, and what each SM holds in a given
 * wave. Two pictures: one thread per core (the lesson's simplification), or as many resident
 * threads as an SM really holds (how the hardware, and the engine's timing, see it).
 */
import { scheduleWaves, type WaveSchedule } from '../../engine/models';
import { maxThreadsPerBlock, WARP_SIZE, type ExplorerConfig, type Residency } from './settings';
import type { ExplorerHardware } from './hardware';

/** A kernel's launch and its waves under one residency. */
export interface WavePlan {
  residency: Residency;
  elements: number;
  threadsPerBlock: number;
  warpsPerBlock: number;
  blocks: number;
  /** Threads in the last block (the grid's tail), equal to threadsPerBlock when it divides. */
  lastBlockThreads: number;
  /** Resident threads one SM may hold in this picture. */
  threadsPerSmLimit: number;
  schedule: WaveSchedule;
  sms: number;
}

/** What the GPU holds during one wave. */
export interface WaveSnapshot {
  /** 1-based wave number. */
  wave: number;
  blocks: number;
  busySms: number;
  threads: number;
  warps: number;
  /** Index of the wave's first block in the grid. */
  firstBlock: number;
}

/** Schedules `config`'s kernel on `hardware` under `residency` (the config's own by default). */
export function planWaves(
  hardware: ExplorerHardware,
  config: Pick<ExplorerConfig, 'elements' | 'threadsPerBlock' | 'residency'>,
  residency: Residency = config.residency,
): WavePlan {
  const { elements } = config;
  // A block bigger than an SM's cores cannot sit one thread per core: the comparison plan uses
  // the largest block that can (the wave count does not depend on it while blocks divide the SM).
  const threadsPerBlock =
    residency === 'one-per-core'
      ? Math.min(
          config.threadsPerBlock,
          maxThreadsPerBlock(residency, hardware.coresPerSm, hardware.base.maxThreadsPerSm.value),
        )
      : config.threadsPerBlock;
  const blocks = Math.ceil(elements / threadsPerBlock);
  const threadsPerSmLimit =
    residency === 'one-per-core' ? hardware.coresPerSm : hardware.base.maxThreadsPerSm.value;
  const schedule = scheduleWaves({
    blocks,
    threadsPerBlock,
    sms: hardware.sms,
    maxThreadsPerSm: threadsPerSmLimit,
    maxBlocksPerSm: hardware.base.maxBlocksPerSm.value,
  });
  return {
    residency,
    elements,
    threadsPerBlock,
    warpsPerBlock: Math.ceil(threadsPerBlock / WARP_SIZE),
    blocks,
    lastBlockThreads: elements - (blocks - 1) * threadsPerBlock,
    threadsPerSmLimit,
    schedule,
    sms: hardware.sms,
  };
}

/** Threads in `count` blocks starting at block `first`, counting the grid's partial last block. */
function threadsInBlocks(plan: WavePlan, first: number, count: number): number {
  if (count <= 0) return 0;
  const includesLast = first + count === plan.blocks;
  return (
    count * plan.threadsPerBlock - (includesLast ? plan.threadsPerBlock - plan.lastBlockThreads : 0)
  );
}

/** Warps in `threads` threads of blocks of the plan's size (a partial warp still takes a warp). */
function warpsIn(plan: WavePlan, first: number, count: number): number {
  if (count <= 0) return 0;
  const includesLast = first + count === plan.blocks;
  const full = includesLast ? count - 1 : count;
  const lastWarps = includesLast ? Math.ceil(plan.lastBlockThreads / WARP_SIZE) : 0;
  return full * plan.warpsPerBlock + lastWarps;
}

/** The blocks, busy SMs, threads and warps of wave `wave` (1-based; clamped to the plan). */
export function waveSnapshot(plan: WavePlan, wave: number): WaveSnapshot {
  const { waves, blocksPerWave } = plan.schedule;
  const w = Math.min(Math.max(1, Math.round(wave)), waves);
  const firstBlock = (w - 1) * blocksPerWave;
  const blocks = Math.min(blocksPerWave, plan.blocks - firstBlock);
  return {
    wave: w,
    blocks,
    busySms: Math.min(plan.sms, blocks),
    threads: threadsInBlocks(plan, firstBlock, blocks),
    warps: warpsIn(plan, firstBlock, blocks),
    firstBlock,
  };
}

/**
 * Threads on each SM during `wave`: the wave's blocks are dealt round-robin (block i of the
 * wave to SM i mod SMs), which is close to how the hardware's block scheduler fills idle SMs.
 */
export function threadsPerSmInWave(plan: WavePlan, wave: number): Uint32Array {
  const snap = waveSnapshot(plan, wave);
  const perSm = new Uint32Array(plan.sms);
  const fullRounds = Math.floor(snap.blocks / plan.sms);
  const extra = snap.blocks % plan.sms;
  for (let sm = 0; sm < plan.sms; sm++) {
    const blocksHere = fullRounds + (sm < extra ? 1 : 0);
    perSm[sm] = blocksHere * plan.threadsPerBlock;
  }
  const tail = plan.threadsPerBlock - plan.lastBlockThreads;
  if (tail > 0 && snap.firstBlock + snap.blocks === plan.blocks && snap.blocks > 0) {
    const lastSm = (snap.blocks - 1) % plan.sms;
    perSm[lastSm] = (perSm[lastSm] ?? 0) - tail;
  }
  return perSm;
}

/** Elements finished after `position` waves (fractional positions count part of a wave). */
export function elementsDone(plan: WavePlan, position: number): number {
  const { waves } = plan.schedule;
  const p = Math.min(Math.max(position, 0), waves);
  const whole = Math.floor(p);
  let done =
    whole === 0
      ? 0
      : Math.min(plan.elements, whole * plan.schedule.blocksPerWave * plan.threadsPerBlock);
  if (whole < waves && p > whole) {
    done += Math.round(waveSnapshot(plan, whole + 1).threads * (p - whole));
  }
  return Math.min(plan.elements, done);
}
