/**
 * Which handler reads each one-line module, by its class name: the linears, embeddings,
 * recurrent layers, convolutions, pools, norms, activations, dropouts and shape-only modules
 * the parser knows. A class not here is not modelled (its line is unused, with why).
 */
import type { WalkContext } from './context';
import { embeddingLeaf, linearLeaf } from './leaf-dense';
import {
  adaptivePoolLeaf,
  conv1dLeaf,
  conv2dLeaf,
  flattenLeaf,
  imageNormLeaf,
  poolLeaf,
} from './leaf-image';
import {
  ACTIVATIONS,
  activationLeaf,
  batchNorm1dLeaf,
  dropoutLeaf,
  layerNormLeaf,
  noCostLeaf,
  rmsNormLeaf,
} from './leaf-pointwise';
import { recurrentLeaf } from './leaf-recurrent';
import type { ModuleNode, Stream } from './types';

/** Reads one module named `path` on the stream reaching it; returns the stream after it. */
export type LeafHandler = (
  ctx: WalkContext,
  node: ModuleNode,
  path: string,
  stream: Stream,
) => Stream;

/** The containers PyTorch prints; empty, they do nothing. */
export const CONTAINERS: ReadonlySet<string> = new Set(['Sequential', 'ModuleList', 'ModuleDict']);

const BY_TYPE: ReadonlyMap<string, LeafHandler> = new Map<string, LeafHandler>([
  ['Linear', linearLeaf],
  ['NonDynamicallyQuantizableLinear', linearLeaf],
  ['Linear8bitLt', linearLeaf],
  ['Linear4bit', linearLeaf],
  ['Conv1D', linearLeaf],
  ['Embedding', embeddingLeaf],
  ['LSTM', recurrentLeaf],
  ['GRU', recurrentLeaf],
  ['RNN', recurrentLeaf],
  ['Conv2d', conv2dLeaf],
  ['Conv1d', conv1dLeaf],
  ['MaxPool2d', poolLeaf],
  ['AvgPool2d', poolLeaf],
  ['AdaptiveAvgPool2d', adaptivePoolLeaf],
  ['AdaptiveMaxPool2d', adaptivePoolLeaf],
  ['BatchNorm2d', imageNormLeaf],
  ['SyncBatchNorm', imageNormLeaf],
  ['GroupNorm', imageNormLeaf],
  ['BatchNorm1d', batchNorm1dLeaf],
  ['LayerNorm', layerNormLeaf],
  ['Flatten', flattenLeaf],
  ['Dropout', dropoutLeaf],
  ['Dropout1d', dropoutLeaf],
  ['Dropout2d', dropoutLeaf],
  ['Dropout3d', dropoutLeaf],
  ['AlphaDropout', dropoutLeaf],
  ['FeatureAlphaDropout', dropoutLeaf],
  ['Identity', noCostLeaf],
]);

/** The handler of a one-line module of class `type`, if the parser knows it. */
export function leafHandler(type: string): LeafHandler | undefined {
  const exact = BY_TYPE.get(type);
  if (exact !== undefined) return exact;
  if (ACTIVATIONS.has(type)) return activationLeaf;
  if (/RMSNorm$/.test(type) || type === 'T5LayerNorm') return rmsNormLeaf;
  if (/RotaryEmbedding$/.test(type)) return noCostLeaf;
  return undefined;
}
