/**
 * Two-input element-wise layers over N elements per sample; no weights, 1 kernel, not matmuls.
 *
 * - residual-add: forward N; backward 0 and backwardIo 0 (autograd hands the same gradient to
 *   both branches without a kernel); forwardIo 3N (read two, write one); saved 0; output N.
 * - multiply (two inputs of N, such as SwiGLU's gate): forward N; backward 2N (each input's
 *   gradient is dy times the other input); forwardIo 3N; backwardIo 5N (read dy and both
 *   inputs, write two gradients); saved 2N (both inputs); output N.
 * - dropout (training): forward N (draw and compare); backward N (dy times the mask);
 *   forwardIo 2N (read, write; the one-byte mask is counted in memory.ts, not here);
 *   backwardIo 2N (read dy, write dx, plus the mask); saved 0 activation elements (the mask is
 *   one byte per element: `DROPOUT_MASK_BYTES_PER_ELEMENT`); output N. At inference a dropout
 *   layer is the identity and launches nothing (step-time.ts skips it).
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The cost of a residual add per sample (conventions in the module comment). */
export function residualAddWork(spec: SpecOf<'residual-add'>, label: string): LayerWork {
  const elements = fieldReader(spec, label).positive('elements');
  return layerWork({
    forwardFlops: elements,
    backwardFlops: 0,
    forwardIoElements: 3 * elements,
    backwardIoElements: 0,
    savedElements: 0,
    outputElements: elements,
    matmul: false,
  });
}

/** The cost of an element-wise product per sample (conventions in the module comment). */
export function multiplyWork(spec: SpecOf<'multiply'>, label: string): LayerWork {
  const elements = fieldReader(spec, label).positive('elements');
  return layerWork({
    forwardFlops: elements,
    backwardFlops: 2 * elements,
    forwardIoElements: 3 * elements,
    backwardIoElements: 5 * elements,
    savedElements: 2 * elements,
    outputElements: elements,
    matmul: false,
  });
}

/** Bytes of the boolean mask a training dropout keeps for backward, per element. */
export const DROPOUT_MASK_BYTES_PER_ELEMENT = 1;

/** The cost of a dropout per sample in training (conventions in the module comment). */
export function dropoutWork(spec: SpecOf<'dropout'>, label: string): LayerWork {
  const elements = fieldReader(spec, label).positive('elements');
  return layerWork({
    forwardFlops: elements,
    backwardFlops: elements,
    forwardIoElements: 2 * elements,
    backwardIoElements: 2 * elements,
    savedElements: 0,
    outputElements: elements,
    matmul: false,
  });
}
