import { describe, expect, it } from 'vitest';
import { compulsoryWork, naiveCompulsoryWork } from '../matmul-naive/testing/compulsory-work';
import {
  DEFAULT_MATMUL_TILE,
  MATMUL_TILES,
  matmulTunedPlan,
  tileConstants,
  tileFitsExactly,
  tileId,
  tileProblem,
  tileThreads,
  tileWorkgroupBytes,
} from './matmul-tuned';
import { describeChoice, fastestVerifiedTile, MatmulTuning, type TileTrial } from './tuning';

describe('tuned matmul tiles', () => {
  it('lists only valid, distinct variants, the register-blocked tile first', () => {
    expect(MATMUL_TILES[0]).toBe(DEFAULT_MATMUL_TILE);
    expect(new Set(MATMUL_TILES.map(tileId)).size).toBe(MATMUL_TILES.length);
    for (const tile of MATMUL_TILES) {
      expect(tileProblem(tile), tileId(tile)).toBeNull();
      const { x, y } = tileThreads(tile);
      expect(x * y).toBeLessThanOrEqual(256);
      expect(tileWorkgroupBytes(tile)).toBeLessThanOrEqual(16 * 1024);
    }
  });

  it('names why a tile cannot run', () => {
    const base = DEFAULT_MATMUL_TILE;
    expect(tileProblem({ ...base, microM: 2 })).toMatch(/4 or 8/);
    expect(tileProblem({ ...base, tileK: 6 })).toMatch(/vec4s/);
    expect(tileProblem({ ...base, tileM: 64 })).toBeNull();
    expect(tileProblem({ ...base, tileM: 96 })).toMatch(/B tile/);
    expect(tileProblem({ ...base, tileM: 100 })).toMatch(/divide/);
    expect(tileProblem({ ...base, tileM: 256 })).toMatch(/invocations/);
    expect(tileProblem({ ...base, tileK: 32 })).toMatch(/1 to 4 vec4s|16 KiB/);
    expect(tileProblem({ ...base, tileN: 0 })).toMatch(/positive integer/);
  });

  it('skips bounds checks only for shapes of whole blocks and k-steps', () => {
    const tile = DEFAULT_MATMUL_TILE;
    expect(tileFitsExactly(tile, { m: 256, n: 128, k: 64 })).toBe(true);
    expect(tileFitsExactly(tile, { m: 256, n: 128, k: 60 })).toBe(false);
    expect(tileFitsExactly(tile, { m: 255, n: 128, k: 64 })).toBe(false);
    expect(tileConstants(tile, { m: 256, n: 128, k: 64 })).toEqual({ EXACT: 1 });
    expect(tileConstants(tile, { m: 3, n: 3, k: 3 }).EXACT).toBe(0);
  });

  it('plans one workgroup per block with the naive kernel’s compulsory work', () => {
    const shape = { m: 300, n: 129, k: 31 };
    const tile = { tileM: 64, tileN: 128, tileK: 16, microM: 4, microN: 8 };
    const plan = matmulTunedPlan(shape, tile);
    expect(compulsoryWork(plan)).toEqual(naiveCompulsoryWork(shape));
    expect(plan.workgroupSize).toEqual([16, 16, 1]);
    expect(plan.dispatches).toEqual([[2, 5, 1]]);
    expect(plan.descriptor).toMatchObject({ threadsPerBlock: 256, blocks: 10 });
    expect(() => matmulTunedPlan(shape, { ...tile, microM: 3 })).toThrow(RangeError);
    expect(() => matmulTunedPlan({ m: 65, n: 1, k: 1 }, tile, 1)).toThrow(/workgroups/);
  });
});

describe('the tuning record', () => {
  const adapter = { vendor: 'nvidia', architecture: 'hopper', device: 'h100', description: 'x' };
  const trial = (i: number, flops: number, verified = true): TileTrial => ({
    tile: MATMUL_TILES[i]!,
    flopsPerSecond: flops,
    verified,
  });

  it('picks the fastest verified variant, never one that failed its check', () => {
    expect(fastestVerifiedTile([trial(0, 5), trial(1, 9), trial(2, 20, false)])).toBe(
      MATMUL_TILES[1],
    );
    expect(() => fastestVerifiedTile([trial(0, 5, false)])).toThrow(/no tile variant/);
  });

  it('keeps one choice per adapter and falls back to the register-blocked tile', () => {
    const tuning = new MatmulTuning();
    expect(tuning.tileFor(adapter)).toBe(DEFAULT_MATMUL_TILE);
    const choice = { tile: MATMUL_TILES[4]!, sweepEdge: 1024, trials: [trial(4, 1)] };
    tuning.choose(adapter, choice);
    expect(tuning.tileFor(adapter)).toBe(MATMUL_TILES[4]);
    expect(tuning.tileFor({ ...adapter, device: 'h200' })).toBe(DEFAULT_MATMUL_TILE);
    expect(describeChoice(choice)).toBe('64x64x16-4x4 (fastest of 1 verified at 1024³)');
    expect(describeChoice(null)).toMatch(/not swept/);
    tuning.clear();
    expect(tuning.choiceFor(adapter)).toBeNull();
  });
});
