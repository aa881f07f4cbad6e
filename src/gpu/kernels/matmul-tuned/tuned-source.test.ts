import { describe, expect, it } from 'vitest';
import { readWgslDeclarations } from '../../testing/wgsl-declarations';
import { MATMUL_TILES, tileId, tileThreads } from './matmul-tuned';
import { tunedMatmulWgsl } from './tuned-source';
import { tunedVariant } from '.';

/** The WGSL without comments. */
function code(wgsl: string): string {
  return wgsl.replace(/\/\/[^\n]*/g, '');
}

describe('the tuned matmul written out per tile', () => {
  for (const tile of MATMUL_TILES) {
    it(`${tileId(tile)}: named registers, no array in function memory`, () => {
      const wgsl = code(tunedMatmulWgsl(tile));
      // Arrays only in workgroup memory: a function-scope array is what sent the first
      // version's accumulators to local memory on a real GPU.
      const arrays = wgsl.match(/[^\n]*array</g) ?? [];
      expect(arrays).toHaveLength(2);
      for (const line of arrays) expect(line).toMatch(/var<workgroup>/);
      const outputs = (tile.microM * tile.microN) / 4;
      expect(wgsl.match(/var acc_\d+_\d+ = vec4f\(0\.0\);/g)).toHaveLength(outputs);
      expect(wgsl.match(/tuned_store\(block_row/g)).toHaveLength(outputs);
      // One multiply-add per accumulator per k value.
      expect(wgsl.match(/= fma\(/g)).toHaveLength(outputs);
      const { x, y } = tileThreads(tile);
      expect(wgsl).toContain(`@workgroup_size(${x}, ${y})`);
      const declared = readWgslDeclarations(wgsl);
      expect(declared.consts.get('TILE_M')).toBe(tile.tileM);
      expect(declared.consts.get('TILE_N')).toBe(tile.tileN);
      expect(declared.consts.get('TILE_K')).toBe(tile.tileK);
      expect([...declared.overrides.keys()]).toEqual(['EXACT']);
    });
  }

  it('keeps one record per tile, named after it, for the pipeline cache', () => {
    const [first, second] = MATMUL_TILES;
    expect(tunedVariant(first!)).toBe(tunedVariant({ ...first! }));
    expect(tunedVariant(first!).name).toBe(`matmul-tuned/${tileId(first!)}`);
    expect(tunedVariant(second!).source).toContain(`const TILE_K: u32 = ${second!.tileK}u;`);
    expect(tunedVariant(second!).source).not.toBe(tunedVariant(first!).source);
  });
});
