/**
 * Which tile the tuned matmul runs on which adapter: the sweep's choice
 * (measure/matmul-sweep.ts), kept with the kernel for the page or process (not in storage),
 * keyed by the adapter's identity, so the lab and the bench run the chosen variant once a sweep
 * has run. Pure.
 */
import type { AdapterIdentity } from '../../adapter-summary';
import { DEFAULT_MATMUL_TILE, tileId, type MatmulTile } from './matmul-tuned';

/** One variant's measured rate in a sweep. */
export interface TileTrial {
  tile: MatmulTile;
  /** FLOP/s of its median run; 0 when its output failed the check. */
  flopsPerSecond: number;
  verified: boolean;
}

/** A sweep's outcome on one adapter. */
export interface TileChoice {
  tile: MatmulTile;
  /** The edge of the square product the sweep timed. */
  sweepEdge: number;
  trials: readonly TileTrial[];
}

/** The key a choice is kept under: the adapter's identity strings. */
export function adapterKey(adapter: AdapterIdentity): string {
  return [adapter.vendor, adapter.architecture, adapter.device, adapter.description].join('|');
}

/**
 * The fastest verified trial's tile; throws when no trial verified (a kernel that computes
 * wrong results on a device must not be chosen by speed).
 */
export function fastestVerifiedTile(trials: readonly TileTrial[]): MatmulTile {
  const verified = trials.filter((t) => t.verified && t.flopsPerSecond > 0);
  if (verified.length === 0) throw new Error('no tile variant of the tuned matmul verified');
  return verified.reduce((best, t) => (t.flopsPerSecond > best.flopsPerSecond ? t : best)).tile;
}

/** The choices made so far, by adapter. */
export class MatmulTuning {
  private readonly choices = new Map<string, TileChoice>();

  /** Keeps a sweep's choice for an adapter, replacing an earlier one. */
  choose(adapter: AdapterIdentity, choice: TileChoice): void {
    this.choices.set(adapterKey(adapter), choice);
  }

  /** The choice for an adapter, or null before a sweep ran on it. */
  choiceFor(adapter: AdapterIdentity): TileChoice | null {
    return this.choices.get(adapterKey(adapter)) ?? null;
  }

  /** The tile to run on an adapter: its choice, else the register-blocked kernel's tile. */
  tileFor(adapter: AdapterIdentity): MatmulTile {
    return this.choiceFor(adapter)?.tile ?? DEFAULT_MATMUL_TILE;
  }

  /** Forgets every choice (tests). */
  clear(): void {
    this.choices.clear();
  }
}

/** The tuned matmul's choices in this page or process; its record exposes them as `tuning`. */
export const MATMUL_TUNING = new MatmulTuning();

/** A choice in words: "128x128x16-8x8 (fastest of 7 at 1024³)". */
export function describeChoice(choice: TileChoice | null): string {
  if (!choice) return `${tileId(DEFAULT_MATMUL_TILE)} (not swept: the register-blocked tile)`;
  const verified = choice.trials.filter((t) => t.verified).length;
  return `${tileId(choice.tile)} (fastest of ${verified} verified at ${choice.sweepEdge}³)`;
}
