/**
 * A softmax cross-entropy loss over T rows (tokens; default 1) of C classes, per sample.
 *
 * - forward 5·T·C (max, subtract, exp, sum, and the log-probability); backward 2·T·C
 *   (softmax minus the one-hot target, times the incoming gradient).
 * - forwardIo T·C + T (read the logits and the targets); backwardIo 2·T·C (read the saved
 *   probabilities, write the logits' gradient).
 * - saved T·C; output T (one loss per row); no weights; 1 kernel; not a matmul.
 * - `upcastFirst` (Hugging Face's causal LMs call `logits.float()`) is kept as `upcastLogits`
 *   for the memory model (loss-head.ts).
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The cost of a softmax cross-entropy per sample (conventions in the module comment). */
export function crossEntropyWork(spec: SpecOf<'softmax-cross-entropy'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const classes = read.positive('classes');
  const tokens = read.optionalPositive('tokens', 1);
  const upcast = read.optionalBoolean('upcastFirst', false);
  const logits = tokens * classes;
  return layerWork({
    ...(upcast ? { upcastLogits: true } : {}),
    forwardFlops: 5 * logits,
    backwardFlops: 2 * logits,
    forwardIoElements: logits + tokens,
    backwardIoElements: 2 * logits,
    savedElements: logits,
    outputElements: tokens,
    matmul: false,
  });
}
