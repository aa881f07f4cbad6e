/**
 * What the puzzles' definitions share: their input values, launch arithmetic and the sizes
 * every 1-D puzzle is checked at (the engine's view of their work: work.ts).
 */
import { inputValue, mixIndex } from '../../compute/inputs';
import type { Puzzle, PuzzleCase, PuzzleSizes, Tolerance } from '../types';

/** Bytes of one f32 or u32 (declared once, in src/compute). */
export { WORD_BYTES } from '../../compute/memory-words';

/** `count` floats, multiples of 1/16 in [-8, 8) times `scale` (exact in f32, sums too). */
export function floats(count: number, seed: number, scale = 1): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = inputValue(i, seed) * scale;
  return out;
}

/** `count` whole numbers in [0, below). */
export function wholes(count: number, seed: number, below: number): Uint32Array {
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = mixIndex(i, seed) % below;
  return out;
}

/** Workgroups needed to cover `count` items `per` at a time. */
export function groups(count: number, per: number): number {
  return Math.max(1, Math.ceil(count / per));
}

/** The size a puzzle reads as `size.<field>`, or a RangeError naming the field. */
export function field(size: PuzzleSizes, name: string): number {
  const value = size[name];
  if (value === undefined || !Number.isInteger(value) || value < 1) {
    throw new RangeError(`size.${name} must be a whole number >= 1, got ${String(value)}`);
  }
  return value;
}

/** Tolerance of results that are exact in f32 (inputs are multiples of 1/16). */
export const EXACT: Tolerance = { absolute: 0, relative: 0 };

/** Sizes of a 1-D puzzle: one, a prime, a workgroup of `wg`, one past it, and larger primes. */
export function oneDimensionCases(wg: number): PuzzleCase[] {
  const sizes: Array<[number, string]> = [
    [1, 'one element'],
    [7, 'a prime'],
    [wg, 'exactly one workgroup'],
    [wg + 1, 'one past a workgroup'],
    [1009, 'a prime over several workgroups'],
    [4099, 'a larger prime'],
  ];
  return sizes.map(([n, why]) => ({ size: { n }, label: `n = ${n}: ${why}` }));
}

/** Sizes of a matrix puzzle: rows × cols, including 1 × 1, primes and one past a tile. */
export function matrixCases(tile: number): PuzzleCase[] {
  const sizes: Array<[number, number, string]> = [
    [1, 1, 'one element'],
    [3, 5, 'small primes'],
    [tile, tile, 'exactly one tile'],
    [tile + 1, tile, 'one row past a tile'],
    [7, 2 * tile + 1, 'one column past two tiles'],
    [37, 23, 'primes over several tiles'],
  ];
  return sizes.map(([rows, cols, why]) => ({
    size: { rows, cols },
    label: `${rows} × ${cols}: ${why}`,
  }));
}

/** What a puzzle's launch says: its size fields, grid, checked sizes, timed size, tolerance. */
type Launch = Pick<Puzzle, 'sizeFields' | 'grid' | 'cases' | 'benchSize' | 'tolerance'>;

/**
 * A launch over `n` elements in workgroups of `wg` threads, ceil(n / wg) of them: checked at
 * the 1-D sizes around a workgroup's edges, timed at 2^20 elements, exact.
 */
export function overElements(wg: number): Launch {
  return {
    sizeFields: ['n'],
    grid: (s) => [groups(field(s, 'n'), wg), 1, 1],
    cases: oneDimensionCases(wg),
    benchSize: { n: 1 << 20 },
    tolerance: EXACT,
  };
}

/**
 * A launch over a rows × cols matrix in square tiles of `tile` × `tile` threads, one per
 * element: checked at the matrix sizes around a tile's edges, timed at 1024 × 1024, exact.
 */
export function overTiles(tile: number): Launch {
  return {
    sizeFields: ['rows', 'cols'],
    grid: (s) => [groups(field(s, 'cols'), tile), groups(field(s, 'rows'), tile), 1],
    cases: matrixCases(tile),
    benchSize: { rows: 1024, cols: 1024 },
    tolerance: EXACT,
  };
}
