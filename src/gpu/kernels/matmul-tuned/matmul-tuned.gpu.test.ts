import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { sweepMatmulTiles } from '../../measure/matmul-sweep';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import type { MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_TILES, tileFitsExactly, tileId } from './matmul-tuned';
import { MATMUL_TUNING } from './tuning';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'tuned matmul kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => {
  MATMUL_TUNING.clear();
  gpu?.device.destroy();
});

/**
 * Every variant at one shape off every tile edge (primes, one off a block and a k-step, k below a
 * vec4): each variant's written-out index arithmetic, checked on every output. Two variants (the
 * first, square, and one with a non-square block and register tile) also at a shape of whole
 * 128-wide blocks and 16-deep k-steps, where they run without bounds checks: `EXACT` appears only
 * in the load and store helpers every variant shares (tuned-source.ts), so it removes the same
 * branches in each, and running it on the other five repeated that check at one more compile
 * each (about 1.7 s apiece here). The first variant also runs at the other awkward shapes (a
 * single row, k of 3). Each run compiles its own pipeline, which is most of the time on a
 * software adapter.
 */
const EDGES: MatmulShape = { m: 67, n: 131, k: 19 };
const WHOLE: MatmulShape = { m: 128, n: 256, k: 32 };
/** The first variant whose block and register tile are both not square. */
const NON_SQUARE = MATMUL_TILES.find((t) => t.tileM !== t.tileN && t.microM !== t.microN);
const MORE: readonly MatmulShape[] = [
  { m: 129, n: 33, k: 3 },
  { m: 1, n: 5, k: 17 },
];

describe('tuned matmul variants on real WebGPU', () => {
  MATMUL_TILES.forEach((tile, index) => {
    const shapes =
      index === 0 ? [EDGES, WHOLE, ...MORE] : tile === NON_SQUARE ? [EDGES, WHOLE] : [EDGES];
    for (const shape of shapes) {
      const exact = tileFitsExactly(tile, shape) ? ', no bounds checks' : '';
      it.skipIf(!gpu)(
        `${tileId(tile)} computes ${shape.m} x ${shape.n} x ${shape.k}${exact}`,
        async () => {
          const run = await runKernelOnce(gpu!, 'matmul-tuned', { ...shape, tile });
          expect(run.check.ok, describeF32Check(run.check)).toBe(true);
          expect(run.check.checked).toBe(shape.m * shape.n);
          expect(run.plan.workgroupSize).toEqual([
            tile.tileN / tile.microN,
            tile.tileM / tile.microM,
            1,
          ]);
        },
      );
    }
  });

  it.skipIf(!gpu)(
    'sweeps the variants, keeps the fastest verified one for the adapter, and runs it',
    async () => {
      const tiles = MATMUL_TILES.slice(0, 3);
      const choice = await sweepMatmulTiles(gpu!, {
        edge: 64,
        tiles,
        measure: { samples: 1, minSamples: 1, minBatchSeconds: 0.001 },
      });
      expect(choice.trials).toHaveLength(3);
      expect(choice.trials.every((t) => t.verified)).toBe(true);
      expect(tiles).toContain(choice.tile);
      expect(MATMUL_TUNING.choiceFor(gpu!.adapter)).toBe(choice);
      // Without a tile given, the lab runs the adapter's choice.
      const run = await runKernelOnce(gpu!, 'matmul-tuned', { m: 70, n: 90, k: 10 });
      expect(run.check.ok).toBe(true);
      expect(run.plan.descriptor.name).toContain(tileId(choice.tile));
    },
  );
});
