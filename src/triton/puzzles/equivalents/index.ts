/**
 * Every WGSL puzzle's solution as a PyTorch user would write it: in Triton (block-level, runs
 * on this runtime) and in CUDA C++ (thread-level like WGSL; shown read only, never run here).
 * Keyed by the WGSL puzzle's id; the page shows them beside the WGSL solution. The Triton text
 * ends with its launch, so `runScript` runs it with the tensors named in `env`.
 */
import {
  broadcastEquivalent,
  guardEquivalent,
  map2dEquivalent,
  mapEquivalent,
  zipEquivalent,
} from './elementwise';
import { tiledMatmulEquivalent, transposeEquivalent, workgroupMemoryEquivalent } from './memory';
import {
  histogramEquivalent,
  prefixSumEquivalent,
  softmaxEquivalent,
  sumEquivalent,
} from './reductions';
import type { KernelEquivalent } from './types';

export type { KernelEquivalent } from './types';

/** One per WGSL puzzle, in the WGSL puzzles' order. */
export const EQUIVALENTS: readonly KernelEquivalent[] = [
  mapEquivalent,
  zipEquivalent,
  guardEquivalent,
  map2dEquivalent,
  broadcastEquivalent,
  workgroupMemoryEquivalent,
  sumEquivalent,
  prefixSumEquivalent,
  histogramEquivalent,
  transposeEquivalent,
  softmaxEquivalent,
  tiledMatmulEquivalent,
];

/** The equivalents of one WGSL puzzle, or undefined. */
export function findEquivalent(wgslId: string): KernelEquivalent | undefined {
  return EQUIVALENTS.find((e) => e.wgslId === wgslId);
}
