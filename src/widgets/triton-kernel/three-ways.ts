/**
 * A Triton puzzle's kernel three ways: the Triton puzzle, and the WGSL puzzle that computes the
 * same thing, whose reference solution is the WGSL version and whose CUDA C++ equivalent
 * (src/triton/puzzles/equivalents) is the CUDA version. The pairs are a small declared table;
 * a Triton puzzle without one shows its Triton kernel alone. Pure.
 */
import { findPuzzle } from '../../puzzles/catalog/index';
import { puzzleHeader } from '../../puzzles/program';
import { findEquivalent } from '../../triton/puzzles/equivalents';

/** Triton puzzle id → the WGSL puzzle id that computes the same kernel. */
export const TRITON_TO_WGSL: Readonly<Record<string, string>> = {
  'vector-add': 'zip',
  'fused-softmax': 'softmax',
  'tiled-matmul': 'tiled-matmul',
};

/** The same kernel in CUDA C++ and in WGSL, both read only. */
export interface OtherWays {
  /** The WGSL puzzle's id and title (`softmax`, "Row softmax"). */
  wgslId: string;
  wgslTitle: string;
  /** The WGSL puzzle's fixed header (constants, sizes, buffers) and its reference solution. */
  wgsl: string;
  /** The CUDA C++ kernel and its launch. */
  cuda: string;
  /** What changes between the three, in a sentence or two. */
  note: string;
}

/** The CUDA C++ and WGSL versions of a Triton puzzle's kernel, or null where none is declared. */
export function otherWays(tritonId: string): OtherWays | null {
  const wgslId = Object.hasOwn(TRITON_TO_WGSL, tritonId) ? TRITON_TO_WGSL[tritonId] : undefined;
  if (wgslId === undefined) return null;
  const puzzle = findPuzzle(wgslId);
  const equivalent = findEquivalent(wgslId);
  if (!puzzle || !equivalent) return null;
  return {
    wgslId,
    wgslTitle: puzzle.title,
    wgsl: `${puzzleHeader(puzzle)}\n\n${puzzle.solution.trim()}\n`,
    cuda: equivalent.cudaEquivalent,
    note: equivalent.note,
  };
}
