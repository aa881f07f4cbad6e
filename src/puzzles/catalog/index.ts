/** Every puzzle, in the order they build on each other. */
import type { Puzzle } from '../types';
import { map } from './map';
import { zip } from './zip';
import { guard } from './guard';
import { map2d } from './map-2d';
import { broadcast } from './broadcast';
import { workgroupMemory } from './workgroup-memory';
import { sum } from './sum';
import { prefixSum } from './prefix-sum';
import { histogram } from './histogram';
import { transpose } from './transpose';
import { softmax } from './softmax';
import { tiledMatmul } from './tiled-matmul';

/** The puzzles in order. */
export const PUZZLES: readonly Puzzle[] = [
  map,
  zip,
  guard,
  map2d,
  broadcast,
  workgroupMemory,
  sum,
  prefixSum,
  histogram,
  transpose,
  softmax,
  tiledMatmul,
];

/** The puzzle with this id, or undefined. */
export function findPuzzle(id: string): Puzzle | undefined {
  return PUZZLES.find((p) => p.id === id);
}

/** The puzzle's place in the sequence, from 1. */
export function puzzleNumber(puzzle: Puzzle): number {
  return PUZZLES.indexOf(puzzle) + 1;
}
