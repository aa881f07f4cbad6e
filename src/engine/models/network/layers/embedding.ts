/**
 * An embedding table of V rows of D looked up for T tokens, per sample.
 *
 * - params V·D, but weightElements 0: only the T rows looked up are read, and forwardIo counts
 *   them (the step model must not stream the whole table once per batch).
 * - forward 0 FLOPs (a gather); backward T·D (a scatter-add into the table's gradient).
 * - forwardIo T + 2·T·D (read the indices and T rows, write T·D); backwardIo 2·T·D.
 * - saved T (the indices); output T·D; 1 kernel; not a matmul.
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The cost of an embedding lookup per sample (conventions in the module comment). */
export function embeddingWork(spec: SpecOf<'embedding'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const vocab = read.positive('vocab');
  const dim = read.positive('dim');
  const tokens = read.positive('tokens');
  return layerWork({
    params: vocab * dim,
    weightElements: 0,
    forwardFlops: 0,
    backwardFlops: tokens * dim,
    forwardIoElements: tokens + 2 * tokens * dim,
    backwardIoElements: 2 * tokens * dim,
    savedElements: tokens,
    outputElements: tokens * dim,
    matmul: false,
  });
}
