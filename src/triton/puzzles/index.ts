/** The Triton puzzles, in the order they build on each other. */
import { add2d, scaleAndShift, vectorAdd } from './elementwise';
import { flashAttention, matmulRelu, tiledMatmul } from './matmul';
import { fusedSoftmax, layerNorm, rowArgmax, rowCumsum, rowSum } from './reductions';
import type { TritonPuzzle } from './types';

export const TRITON_PUZZLES: readonly TritonPuzzle[] = [
  vectorAdd,
  scaleAndShift,
  add2d,
  rowSum,
  rowArgmax,
  fusedSoftmax,
  layerNorm,
  rowCumsum,
  tiledMatmul,
  matmulRelu,
  flashAttention,
];

/** The puzzle with this id, or undefined. */
export function findTritonPuzzle(id: string): TritonPuzzle | undefined {
  return TRITON_PUZZLES.find((p) => p.id === id);
}

export {
  checkPuzzle,
  checkCase,
  checkPuzzleWith,
  compareRun,
  formatNumber,
  type TritonCheckResult,
  type TritonCaseOutcome,
  type TritonLaunch,
} from './check';
export type * from './types';
