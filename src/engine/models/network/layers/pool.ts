/**
 * Pooling layers, per sample; no weights, not matmuls, 1 kernel each.
 *
 * - max/avg pool, square k×k window, stride s (default k), padding p (default 0, at most k/2
 *   as PyTorch requires) on C×H×W: H' = floor((H + 2p − k)/s) + 1, the same for W', and
 *   out = C·H'·W'. forward k²·out; backward out (avg: spread each gradient; max: scatter it to
 *   the winner); forwardIo C·H·W + out; backwardIo C·H·W + out; saved C·H·W for max (the input
 *   and its argmax indices, counted as one input's worth), 0 for avg; output out.
 * - global-avgpool on C×H×W: forward C·H·W; backward C·H·W; forwardIo C·H·W + C; backwardIo
 *   C·H·W + C; saved 0; output C.
 */
import { windowOutputSize } from './conv2d';
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The cost of a max or average pool per sample (conventions in the module comment). */
export function poolWork(spec: SpecOf<'maxpool2d' | 'avgpool2d'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const channels = read.positive('channels');
  const height = read.positive('inHeight');
  const width = read.positive('inWidth');
  const kernel = read.positive('kernel');
  const stride = read.optionalPositive('stride', kernel);
  const padding = read.optionalNonNegative('padding', 0);
  if (2 * padding > kernel) {
    throw new RangeError(
      `${label}: padding must be at most half the kernel (${kernel}), got ${padding}`,
    );
  }
  const outHeight = windowOutputSize(label, 'inHeight', height, kernel, stride, padding);
  const outWidth = windowOutputSize(label, 'inWidth', width, kernel, stride, padding);
  const input = channels * height * width;
  const output = channels * outHeight * outWidth;
  return layerWork({
    forwardFlops: kernel * kernel * output,
    backwardFlops: output,
    forwardIoElements: input + output,
    backwardIoElements: input + output,
    savedElements: spec.type === 'maxpool2d' ? input : 0,
    outputElements: output,
    matmul: false,
  });
}

/** The cost of a global average pool per sample (conventions in the module comment). */
export function globalAvgPoolWork(spec: SpecOf<'global-avgpool'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const channels = read.positive('channels');
  const height = read.positive('height');
  const width = read.positive('width');
  const input = channels * height * width;
  return layerWork({
    forwardFlops: input,
    backwardFlops: input,
    forwardIoElements: input + channels,
    backwardIoElements: input + channels,
    savedElements: 0,
    outputElements: channels,
    matmul: false,
  });
}
