/**
 * Recurrent modules: `nn.LSTM` and `nn.GRU`, printed as `LSTM(input_size, hidden_size,
 * num_layers=2, bias=False, batch_first=True, dropout=0.2, bidirectional=True)` (options shown
 * only when not their defaults). Each stacked layer and direction is one engine layer named as
 * PyTorch names its weights (`lstm.l0`, `lstm.l0_reverse`), over the sequence's steps; the
 * dropout between stacked layers runs in training. Parameters follow PyTorch: per layer and
 * direction G·H·(I + H) weights and 2·G·H biases (G = 4 for an LSTM, 3 for a GRU). `nn.RNN`
 * and an LSTM's `proj_size` are counted but not modelled (the engine has no layer for them).
 */
import { argsOf } from './args';
import type { WalkContext } from './context';
import { requireSeq } from './stream';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** Gates per step of each recurrent module. */
const GATES: Readonly<Record<string, number>> = { LSTM: 4, GRU: 3, RNN: 1 };

/** `nn.LSTM`, `nn.GRU` and `nn.RNN`. */
export function recurrentLeaf(
  ctx: WalkContext,
  node: ModuleNode,
  path: string,
  stream: Stream,
): Stream {
  const args = argsOf(node);
  const gates = GATES[node.type] ?? 1;
  const input = args.int('input_size', 0, 'dimension');
  const hidden = args.int('hidden_size', 1, 'dimension');
  const stacked = args.int('num_layers', undefined, 'layers', 1);
  const bias = args.flag('bias', true);
  const directions = args.flag('bidirectional', false) ? 2 : 1;
  const dropout = args.number('dropout', undefined, 0);
  const projection = args.int('proj_size', undefined, 'dimension', 0);
  const out = projection > 0 ? projection : hidden;
  if (stream.kind === 'image') throw new LineProblem('an image reaches a recurrent module');
  const steps = stream.features === null ? requireSeq(ctx, node) : stream.tokens;
  if (stream.features !== null && stream.features !== input) {
    ctx.note(
      `${path}: input_size ${input}, but ${stream.features} features reach it; used ${input}`,
    );
  }
  let params = 0;
  for (let layer = 0; layer < stacked; layer += 1) {
    const layerInput = layer === 0 ? input : out * directions;
    const perDirection =
      gates * hidden * (layerInput + out) + (bias ? 2 * gates * hidden : 0) + projection * hidden;
    params += directions * perDirection;
  }
  ctx.addParams(params);
  const after: Stream = {
    kind: 'tokens',
    tokens: steps,
    features: out * directions,
    recurrent: true,
  };
  if (node.type === 'RNN' || projection > 0) {
    const what = node.type === 'RNN' ? 'nn.RNN' : 'an LSTM with proj_size';
    ctx.unused(node, `${what} is not modelled (its parameters are counted, its cost is not)`);
    return after;
  }
  if (!bias) {
    ctx.note(`${path}: bias=False, but the engine's recurrent layers carry PyTorch's two biases`);
  }
  const type = node.type === 'LSTM' ? 'lstm' : 'gru';
  for (let layer = 0; layer < stacked; layer += 1) {
    const inputSize = layer === 0 ? input : out * directions;
    for (let direction = 0; direction < directions; direction += 1) {
      const name = `${path}.l${layer}${direction === 1 ? '_reverse' : ''}`;
      ctx.emit({ type, name, inputSize, hiddenSize: hidden, steps });
    }
    if (ctx.input.training && dropout > 0 && layer < stacked - 1) {
      const elements = steps * out * directions;
      ctx.emit({ type: 'dropout', name: `${path}.dropout.l${layer}`, elements });
    }
  }
  return after;
}
