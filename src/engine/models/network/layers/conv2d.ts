/**
 * A 2-D convolution with a square k×k kernel, Cin → Cout channels on an H×W input, stride s
 * (default 1) and zero padding p (default 0), per sample. A multiply-add counts as 2 FLOPs.
 *
 * - Output H' = floor((H + 2p − k)/s) + 1, the same for W'; an empty output is an error.
 * - MACs = Cout·H'·W'·Cin·k²; forward 2·MACs (+Cout·H'·W' with a bias); backward 2× forward
 *   (the input and weight gradients).
 * - forwardIo Cin·H·W + Cout·H'·W'; backwardIo 2·Cin·H·W + Cout·H'·W'.
 * - saved Cin·H·W (the input); output Cout·H'·W'.
 * - params Cout·Cin·k² (+Cout with a bias; default none); weightElements the same; matmul
 *   (implicit GEMM); 1 kernel.
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/**
 * Output edge of a sliding window over `size` positions: floor((size + 2p − k)/s) + 1. Throws
 * a RangeError naming the layer and `field` when the window does not fit (an empty output).
 */
export function windowOutputSize(
  label: string,
  field: string,
  size: number,
  kernel: number,
  stride: number,
  padding: number,
): number {
  const out = Math.floor((size + 2 * padding - kernel) / stride) + 1;
  if (out < 1) {
    throw new RangeError(
      `${label}: ${field} ${size} with padding ${padding} is smaller than kernel ${kernel}, ` +
        'so the output would be empty',
    );
  }
  return out;
}

/** The cost of a 2-D convolution per sample (conventions in the module comment). */
export function conv2dWork(spec: SpecOf<'conv2d'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const cin = read.positive('inChannels');
  const cout = read.positive('outChannels');
  const kernel = read.positive('kernel');
  const stride = read.optionalPositive('stride', 1);
  const padding = read.optionalNonNegative('padding', 0);
  const height = read.positive('inHeight');
  const width = read.positive('inWidth');
  const bias = read.optionalBoolean('bias', false);
  const outHeight = windowOutputSize(label, 'inHeight', height, kernel, stride, padding);
  const outWidth = windowOutputSize(label, 'inWidth', width, kernel, stride, padding);
  const input = cin * height * width;
  const output = cout * outHeight * outWidth;
  const macs = output * cin * kernel * kernel;
  const forwardFlops = 2 * macs + (bias ? output : 0);
  const params = cout * cin * kernel * kernel + (bias ? cout : 0);
  return layerWork({
    params,
    paramTensors: bias ? 2 : 1,
    weightElements: params,
    forwardFlops,
    backwardFlops: 2 * forwardFlops,
    forwardIoElements: input + output,
    backwardIoElements: 2 * input + output,
    savedElements: input,
    outputElements: output,
    matmul: true,
  });
}
