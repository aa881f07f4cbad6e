/**
 * Normalisation layers, per sample.
 *
 * - batchnorm2d over N = C·H·W: params 2C (scale and shift; weightElements 2C); forward 5N;
 *   backward 10N; forwardIo 3N (a statistics pass reading N, a normalising pass reading N and
 *   writing N); backwardIo 4N; saved N; output N; 1 kernel (cuDNN); not a matmul.
 * - layernorm over N = T·F (T tokens, default 1; F features): params 2F; forward 5N.
 *   rmsnorm: params F (scale only); forward 4N (no mean to subtract).
 *   Both: backward 2× forward; forwardIo 2N; saved N; output N; 1 kernel; not a matmul.
 *   backwardIo: layernorm 5N, as PyTorch's CUDA backward runs it in two kernels, one for the
 *   input's gradient (reads dy and x, writes dx: 3N) and one for the scale's and shift's (reads
 *   dy and x again: 2N; the H200 GPT-2 trace's `GammaBetaBackward` kernels); rmsnorm 3N.
 */
import { elementwisePassWork, fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The cost of a 2-D batch norm per sample (conventions in the module comment). */
export function batchnorm2dWork(spec: SpecOf<'batchnorm2d'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const channels = read.positive('channels');
  const height = read.positive('height');
  const width = read.positive('width');
  const elements = channels * height * width;
  return layerWork({
    params: 2 * channels,
    paramTensors: 2,
    weightElements: 2 * channels,
    forwardFlops: 5 * elements,
    backwardFlops: 10 * elements,
    forwardIoElements: 3 * elements,
    backwardIoElements: 4 * elements,
    savedElements: elements,
    outputElements: elements,
    matmul: false,
  });
}

/** The cost of a layer norm or RMS norm per sample (conventions in the module comment). */
export function tokenNormWork(spec: SpecOf<'layernorm' | 'rmsnorm'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const features = read.positive('features');
  const elements = read.optionalPositive('tokens', 1) * features;
  const rms = spec.type === 'rmsnorm';
  const work = elementwisePassWork(
    elements,
    (rms ? 4 : 5) * elements,
    rms ? features : 2 * features,
    rms ? 1 : 2,
  );
  return rms ? work : { ...work, backwardIoElements: 5 * elements };
}
