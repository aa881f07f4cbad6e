/**
 * Element-wise activation functions over N elements per sample.
 *
 * - forward FLOPs per element: relu 1, gelu 8 (the tanh approximation's polynomial and tanh),
 *   silu 4, tanh 4, sigmoid 4; backward 2× forward.
 * - `gelu-new` is Hugging Face's `NewGELUActivation` (GPT-2's `gelu_new`), written in Python as
 *   0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))): the same arithmetic as eight separate
 *   element-wise ops, so 8 kernels, each reading and writing the tensor (forwardIo 16N), and
 *   autograd keeps x, 0.5·x, tanh's output and 1 + tanh (saved 4N).
 * - forwardIo 2N (read, write); backwardIo 3N (read dy and the saved input, write dx).
 * - saved N; output N; no weights; 1 kernel; not a matmul.
 */
import type { ActivationFn, LayerCost } from '../types';
import { elementwisePassWork, fieldReader, type LayerWork, type SpecOf } from './cost';

/** Forward FLOPs per element of each activation function. */
export const ACTIVATION_FLOPS_PER_ELEMENT: Readonly<Record<ActivationFn, number>> = {
  relu: 1,
  gelu: 8,
  'gelu-new': 8,
  silu: 4,
  tanh: 4,
  sigmoid: 4,
};

/** Element-wise ops of Hugging Face's Python `NewGELUActivation`. */
export const NEW_GELU_OPS = 8;

/** Whether a layer is Hugging Face's Python `NewGELUActivation` (its eight separate ops). */
export function isNewGelu(layer: LayerCost | undefined): boolean {
  return layer?.type === 'activation' && layer.forwardKernels === NEW_GELU_OPS;
}

/** Every activation function, in a fixed order. */
export const ACTIVATION_FNS = Object.keys(ACTIVATION_FLOPS_PER_ELEMENT) as ActivationFn[];

/** The cost of an activation per sample (conventions in the module comment). */
export function activationWork(spec: SpecOf<'activation'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const fn = read.oneOf('fn', ACTIVATION_FNS);
  const elements = read.positive('elements');
  const work = elementwisePassWork(elements, ACTIVATION_FLOPS_PER_ELEMENT[fn] * elements);
  if (fn !== 'gelu-new') return work;
  return {
    ...work,
    forwardIoElements: 2 * NEW_GELU_OPS * elements,
    backwardIoElements: 3 * NEW_GELU_OPS * elements,
    savedElements: 4 * elements,
    forwardKernels: NEW_GELU_OPS,
  };
}
