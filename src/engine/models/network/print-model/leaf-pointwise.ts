/**
 * Modules that keep the activations' shape: activation functions (mapped to the engine's
 * relu, gelu, gelu-new, silu, tanh and sigmoid; a few close relatives are costed as the nearest
 * and say so), dropout (a layer in training only, and only when p > 0: PyTorch returns the
 * input untouched otherwise), and the token-wise norms: `nn.LayerNorm`, `nn.RMSNorm` and the
 * RMS norms of Hugging Face models (whose older reprs print no size: the features reaching
 * them are used), and `nn.BatchNorm1d` (costed as a layer norm over the same elements).
 */
import type { ActivationFn } from '../types';
import { argsOf } from './args';
import type { WalkContext } from './context';
import { knownElements, rowsFor, tokens } from './stream';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** Each activation module's function, and whether it is only the nearest the engine has. */
export const ACTIVATIONS: ReadonlyMap<string, { fn: ActivationFn; nearest?: true }> = new Map([
  ['ReLU', { fn: 'relu' }],
  ['ReLU6', { fn: 'relu' }],
  ['LeakyReLU', { fn: 'relu', nearest: true }],
  ['PReLU', { fn: 'relu', nearest: true }],
  ['ELU', { fn: 'relu', nearest: true }],
  ['Hardtanh', { fn: 'relu', nearest: true }],
  ['GELU', { fn: 'gelu' }],
  ['GELUActivation', { fn: 'gelu' }],
  ['GELUTanh', { fn: 'gelu' }],
  ['PytorchGELUTanh', { fn: 'gelu' }],
  ['FastGELUActivation', { fn: 'gelu' }],
  ['QuickGELUActivation', { fn: 'gelu', nearest: true }],
  ['NewGELUActivation', { fn: 'gelu-new' }],
  ['SiLU', { fn: 'silu' }],
  ['SiLUActivation', { fn: 'silu' }],
  ['Hardswish', { fn: 'silu', nearest: true }],
  ['Mish', { fn: 'silu', nearest: true }],
  ['Tanh', { fn: 'tanh' }],
  ['Sigmoid', { fn: 'sigmoid' }],
  ['Hardsigmoid', { fn: 'sigmoid', nearest: true }],
] as const);

/** An activation module over the whole stream. */
export function activationLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const known = ACTIVATIONS.get(node.type);
  if (known === undefined) throw new LineProblem(`${node.type} is not a known activation`);
  if (node.type === 'PReLU') ctx.addParams(argsOf(node).int('num_parameters', 0, 'dimension', 1));
  if (known.nearest) ctx.note(`${node.type} is costed as ${known.fn}, the nearest the engine has`);
  const elements = knownElements(stream);
  ctx.emit({ type: 'activation', name: path, fn: known.fn, elements });
  return stream;
}

/** `nn.Dropout` and its 1-3d and alpha forms: a layer in training when p > 0. */
export function dropoutLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const p = argsOf(node).number('p', 0, 0.5);
  if (p < 0 || p > 1) throw new LineProblem(`p must be from 0 to 1, got ${p}`);
  if (!ctx.input.training || p === 0) return stream;
  ctx.note('dropout runs in training only, and not at p=0');
  ctx.emit({ type: 'dropout', name: path, elements: knownElements(stream) });
  return stream;
}

/** The stream after a token-wise norm of `features` over `rows`. */
function normalized(stream: Stream, rows: number, features: number): Stream {
  if (stream.kind === 'tokens' && stream.tokens === rows && stream.features === features) {
    return stream;
  }
  return tokens(rows, features);
}

/** The rows a norm of `features` runs on: as `rowsFor`, without the last-step rule. */
function normRows(ctx: WalkContext, path: string, stream: Stream, features: number): number {
  const plain = stream.kind === 'tokens' ? { ...stream, recurrent: false } : stream;
  return rowsFor(ctx, path, plain, features);
}

/** `nn.LayerNorm(normalized_shape, eps, elementwise_affine)`. */
export function layerNormLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const features = args.shapeProduct('normalized_shape', 0);
  const affine = args.flag('elementwise_affine', true);
  ctx.addParams(affine ? 2 * features : 0);
  const rows = normRows(ctx, path, stream, features);
  ctx.emit({ type: 'layernorm', name: path, features, ...(rows > 1 ? { tokens: rows } : {}) });
  return normalized(stream, rows, features);
}

/** `nn.RMSNorm`, `LlamaRMSNorm` and other RMS norms; a size not printed is the stream's. */
export function rmsNormLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  let features: number;
  if (args.keyword.has('hidden_size')) {
    features = args.int('hidden_size', undefined, 'dimension');
  } else if (args.raw('normalized_shape', 0) !== undefined) {
    features = args.shapeProduct('normalized_shape', 0);
  } else {
    if (stream.kind !== 'tokens' || stream.features === null) {
      throw new LineProblem(`${node.type}() prints no size and no width reaches it`);
    }
    features = stream.features;
    ctx.note(`${node.type}() prints no size: the width reaching it (${features}) is used`);
  }
  ctx.addParams(args.flag('elementwise_affine', true) ? features : 0);
  const rows = normRows(ctx, path, stream, features);
  ctx.emit({ type: 'rmsnorm', name: path, features, ...(rows > 1 ? { tokens: rows } : {}) });
  return normalized(stream, rows, features);
}

/** `nn.BatchNorm1d(num_features)` on rows of features, costed as a layer norm. */
export function batchNorm1dLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const features = args.int('num_features', 0, 'dimension');
  ctx.addParams(args.flag('affine', true) ? 2 * features : 0);
  ctx.note('BatchNorm1d is costed as a layer norm over the same elements');
  const rows = normRows(ctx, path, stream, features);
  ctx.emit({ type: 'layernorm', name: path, features, ...(rows > 1 ? { tokens: rows } : {}) });
  return normalized(stream, rows, features);
}

/** Modules with no cost and no parameters: `nn.Identity`, rotary position embeddings. */
export function noCostLeaf(ctx: WalkContext, node: ModuleNode, _path: string, stream: Stream) {
  if (/Rotary/.test(node.type)) {
    ctx.note('rotary position embeddings have no parameters; their few FLOPs are left out');
  }
  return stream;
}
