/**
 * Recurrent layers (one direction, one layer) over S time steps, per sample: G = 4 gates for an
 * LSTM, 3 for a GRU; input I, hidden H.
 *
 * - params G·H·(I + H) + 2·G·H (PyTorch's two bias vectors, b_ih and b_hh); weightElements
 *   the same.
 * - forward S·(2·G·H·(I + H) + 10·H) (the gate products and about 10 element-wise FLOPs per
 *   hidden unit for the gate nonlinearities and the state update); backward 2× forward.
 * - forwardIo S·(I + 2H + G·H + 2H) (read x, h and c; write the gates; write h and c);
 *   backwardIo 2× forwardIo.
 * - saved S·(I + H + G·H + H) (x, h, the gates, c); output S·H.
 * - serialSteps S and forwardKernels 2·S (a gate product and a pointwise kernel per step, each
 *   step waiting on the last); matmul (the gate products); no KV cache.
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** Gates per step: an LSTM has input, forget, cell and output; a GRU reset, update and new. */
export const RECURRENT_GATES = { lstm: 4, gru: 3 } as const;

/** The cost of an LSTM or GRU layer per sample (conventions in the module comment). */
export function recurrentWork(spec: SpecOf<'lstm' | 'gru'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const input = read.positive('inputSize');
  const hidden = read.positive('hiddenSize');
  const steps = read.positive('steps');
  const gates = RECURRENT_GATES[spec.type];
  const params = gates * hidden * (input + hidden) + 2 * gates * hidden;
  const forwardFlops = steps * (2 * gates * hidden * (input + hidden) + 10 * hidden);
  const forwardIo = steps * (input + 2 * hidden + gates * hidden + 2 * hidden);
  return layerWork({
    params,
    paramTensors: 4, // weight_ih, weight_hh, bias_ih, bias_hh
    weightElements: params,
    forwardFlops,
    backwardFlops: 2 * forwardFlops,
    forwardIoElements: forwardIo,
    backwardIoElements: 2 * forwardIo,
    savedElements: steps * (input + hidden + gates * hidden + hidden),
    outputElements: steps * hidden,
    serialSteps: steps,
    forwardKernels: 2 * steps,
    matmul: true,
  });
}
