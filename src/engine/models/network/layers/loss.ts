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
 * - The bytes its kernels move are not the activation dtype's: the loss runs in fp32 under
 *   autocast too (`crossEntropyPassBytes`).
 */
import { estimate, type Figure } from '../../../catalog/figure';
import { H200_EAGER } from '../../../catalog/network-sources';
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/**
 * Bytes per logit that PyTorch's cross-entropy kernels move, as its CUDA code runs them and as
 * the H200 trace of GPT-2 at 8 × 512 shows them (tests/fixtures/traces; 205.8 million logits,
 * 2.70 ms per step for these kernels, 3.8 TB/s on average):
 *
 * - `softmaxForward` 16: log-softmax in fp32 reads each row three times (its maximum, the sum
 *   of exponentials, the output pass) and writes it once (`cunn_SoftMaxForward`, 0.76 ms);
 * - `softmaxBackward` 16: reads the incoming gradient twice (its row sum, then the output pass)
 *   and the saved output once, and writes the gradient (`cunn_SoftMaxBackward`, 0.89 ms);
 * - `gradientFill` 4: NLL's backward first zero-fills an fp32 gradient the size of the logits
 *   (0.18 ms);
 * - `cast` 6: under autocast the 16-bit logits are upcast to fp32 before the loss (read 2,
 *   write 4: 0.59 ms) and the fp32 gradient cast back (read 4, write 2: 0.28 ms).
 */
export const CROSS_ENTROPY_BYTES_PER_LOGIT: Readonly<
  Record<'softmaxForward' | 'softmaxBackward' | 'gradientFill' | 'cast', Figure>
> = {
  softmaxForward: estimate(16, 'B', H200_EAGER, 'three fp32 reads and one fp32 write per logit'),
  softmaxBackward: estimate(
    16,
    'B',
    H200_EAGER,
    'two reads of the gradient, one of the output, one write',
  ),
  gradientFill: estimate(4, 'B', H200_EAGER, 'the zero-filled fp32 gradient of NLL backward'),
  cast: estimate(6, 'B', H200_EAGER, 'a 16-bit read and an fp32 write, or the reverse'),
};

/**
 * Bytes a cross-entropy pass moves for `logits` logits: fp32 softmax kernels always, and the
 * upcast (forward) and downcast (backward) when the logits arrive in 16 bits (autocast).
 */
export function crossEntropyPassBytes(
  logits: number,
  pass: 'forward' | 'backward',
  lowPrecisionLogits: boolean,
): number {
  const b = CROSS_ENTROPY_BYTES_PER_LOGIT;
  const cast = lowPrecisionLogits ? b.cast.value : 0;
  const perLogit =
    pass === 'forward'
      ? b.softmaxForward.value + cast
      : b.gradientFill.value + b.softmaxBackward.value + cast;
  return logits * perLogit;
}

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
