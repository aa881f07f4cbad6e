/**
 * The tensors a compiled step keeps for backward, from the ones eager keeps (saved-tensors.ts):
 * Inductor's fused element-wise chains recompute what eager stores. Pure.
 */
import { compiledPassKernels } from './eager/execution';
import type { LayerCost } from './types';

/** A tensor a layer keeps: an id shared by the layers that keep the same one, and its size. */
export interface Kept {
  id: string;
  bytes: number;
}

/**
 * What Inductor keeps instead, for a layer it fuses into a chain (`compiled`): a chain's backward
 * is one generated kernel that recomputes the chain's element-wise values from what the chain
 * read, so the first layer of a chain keeps its input (and a norm its statistics) and the rest
 * keep nothing: no dropout masks (Inductor regenerates them from the seed), no casts, no
 * intermediate of a Python activation. The products and attention keep what they keep eager.
 * This is the min-cut partitioner's usual choice for pointwise chains (PYTORCH_COMPILE_DOCS);
 * it may keep more where recomputing is dearer, which this does not model.
 */
export function compiledKeeps(
  layers: readonly LayerCost[],
  eager: ReadonlyArray<readonly Kept[]>,
  input: (i: number) => Kept,
): Kept[][] {
  return compiledPassKernels(layers).map((k, i) => {
    if (!k.fused || layers[i]?.type === 'softmax-cross-entropy') return [...(eager[i] ?? [])];
    // Only the layer that opens a chain launches its kernel and keeps what the chain read.
    if (k.forward === 0) return [];
    const stats = (eager[i] ?? []).filter((kept) => kept.id.startsWith('stats:'));
    return [input(i), ...stats];
  });
}
