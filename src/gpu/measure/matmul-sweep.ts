/**
 * The tuned matmul's sweep: every tile variant at one square size on a device, each run measured
 * and checked like any kernel, the fastest verified one kept as the device's choice
 * (`MATMUL_TUNING`), so later lab and bench runs of `matmul-tuned` use it.
 */
import type { AdapterIdentity } from '../adapter-summary';
import type { GpuContext } from '../device';
import type { JobMeasureOptions } from '../jobs/measure-job';
import { MATMUL_TILES, tileId, type MatmulTile } from '../kernels/matmul-tuned/matmul-tuned';
import {
  fastestVerifiedTile,
  MATMUL_TUNING,
  type TileChoice,
  type TileTrial,
} from '../kernels/matmul-tuned/tuning';
import { measureKernel } from './measure-kernel';

/** The sweep's square edge on a hardware GPU: large enough to fill it, small enough to be quick. */
export const MATMUL_SWEEP_EDGE_GPU = 1024;

/** The sweep's edge on a software adapter, where every run is a CPU emulating a GPU. */
export const MATMUL_SWEEP_EDGE_FALLBACK = 128;

/** Quick timing for the sweep: a few short batches per variant. */
export const MATMUL_SWEEP_MEASURE: JobMeasureOptions = {
  samples: 3,
  minSamples: 3,
  minBatchSeconds: 0.005,
};

/** The sweep's edge on an adapter: moderate on a GPU, small on a software fallback. */
export function matmulSweepEdge(isFallback: boolean): number {
  return isFallback ? MATMUL_SWEEP_EDGE_FALLBACK : MATMUL_SWEEP_EDGE_GPU;
}

/** Options of a sweep. */
export interface MatmulSweepOptions {
  /** The square edge to time (default by adapter: `matmulSweepEdge`). */
  edge?: number;
  /** The variants to try (default: all of `MATMUL_TILES`). */
  tiles?: readonly MatmulTile[];
  measure?: JobMeasureOptions;
  signal?: AbortSignal;
  log?(line: string): void;
}

/**
 * Runs every variant at edge³ on `gpu`, keeps the fastest verified one as the adapter's choice
 * and returns it with every trial. Throws when none verified (nothing is then chosen).
 */
export async function sweepMatmulTiles(
  gpu: GpuContext,
  options: MatmulSweepOptions = {},
): Promise<TileChoice> {
  const edge = options.edge ?? matmulSweepEdge(gpu.adapter.isFallback);
  const trials: TileTrial[] = [];
  for (const tile of options.tiles ?? MATMUL_TILES) {
    options.log?.(`sweeping matmul-tuned ${tileId(tile)} at ${edge}^3`);
    const run = await measureKernel(
      gpu,
      'matmul-tuned',
      { m: edge, n: edge, k: edge, tile },
      {
        measure: options.measure ?? MATMUL_SWEEP_MEASURE,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    trials.push({
      tile,
      flopsPerSecond: run.check.ok ? run.flopsPerSecond : 0,
      verified: run.check.ok,
    });
  }
  const choice: TileChoice = { tile: fastestVerifiedTile(trials), sweepEdge: edge, trials };
  MATMUL_TUNING.choose(gpu.adapter, choice);
  return choice;
}

/** The tile the sweep chose for an adapter, or null before a sweep ran on it. */
export function matmulTileChoice(adapter: AdapterIdentity): TileChoice | null {
  return MATMUL_TUNING.choiceFor(adapter);
}
