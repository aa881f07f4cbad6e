/**
 * Checks a zoo network's `BuildOptions` and resolves them into the shapes its layers take: how
 * many rows (tokens) each per-position layer processes, and how many keys attention reads.
 * `seq` must be a whole number up to the network's `maxSeq` (networks without a sequence
 * accept any and ignore it). `phase` 'prefill' and 'decode' belong to decoder language models
 * at inference only; 'forward' (the whole sequence) is accepted everywhere. Decoding is one
 * new token per sample (tokens 1, queries 1) reading a cache of `seq` keys. Also the pieces
 * every zoo file builds with: `defineNetwork`, `defineFamily` (one network per size of a family)
 * and `layersAt` (a part's layers, named under its prefix, over its rows).
 */
import { requireOneOf, requirePositiveInteger } from '../../validate';
import {
  MLM_POSITIONS,
  type ActivationFn,
  type BuildOptions,
  type LayerSpec,
  type MlmPositions,
  type ZooNetwork,
} from '../types';

/** The shapes one build of a zoo network uses. */
export interface NetworkUse {
  /** True when building for training (loss and pretraining heads included). */
  training: boolean;
  /** True when decoding one token against a cache. */
  decode: boolean;
  /** The sequence length asked for (prompt length, or cache length when decoding). */
  seq: number;
  /** Rows each per-position layer processes per sample: `seq`, or 1 when decoding. */
  tokens: number;
  /** Key positions attention reads per sample: `seq`. */
  keys: number;
  /** Where a masked-LM head runs in training. */
  mlmPositions: MlmPositions;
}

const MODES = ['train', 'inference'] as const;
const PHASES = ['forward', 'prefill', 'decode'] as const;

/** Checks `options` for `network` and returns the shapes its layers take. */
export function resolveUse(
  network: Pick<ZooNetwork, 'id' | 'family' | 'maxSeq'>,
  options: BuildOptions,
): NetworkUse {
  if (typeof options !== 'object' || options === null) {
    throw new RangeError(`${network.id}: build options must be an object`);
  }
  const { seq, mode, phase } = options;
  requirePositiveInteger(`${network.id}: seq`, seq);
  if (network.maxSeq !== null && seq > network.maxSeq) {
    throw new RangeError(
      `${network.id}: seq must be at most ${network.maxSeq} (its position table), got ${seq}`,
    );
  }
  requireOneOf(`${network.id}: mode`, mode, MODES);
  if (phase !== undefined) {
    requireOneOf(`${network.id}: phase`, phase, PHASES);
    if (phase !== 'forward' && (network.family !== 'decoder' || mode !== 'inference')) {
      throw new RangeError(
        `${network.id}: phase "${phase}" is for decoder language models at inference only`,
      );
    }
  }
  const mlmPositions = options.mlmPositions ?? 'all';
  requireOneOf(`${network.id}: mlmPositions`, mlmPositions, MLM_POSITIONS);
  const decode = phase === 'decode';
  return {
    training: mode === 'train',
    decode,
    seq,
    tokens: decode ? 1 : seq,
    keys: seq,
    mlmPositions,
  };
}

/** A zoo network from its description and a function from resolved shapes to its layers. */
export function defineNetwork(
  meta: Omit<ZooNetwork, 'build'>,
  layersFor: (use: NetworkUse) => LayerSpec[],
): ZooNetwork {
  return { ...meta, build: (options) => layersFor(resolveUse(meta, options)) };
}

/** A size of a model family: its display name and the parameter count its authors publish. */
export interface FamilySize {
  name: string;
  /** The parameter count its authors publish. */
  published: number;
}

/** What every size of one family shares: its kind, sequence limits, source and layers. */
export interface NetworkFamily<Size> {
  family: ZooNetwork['family'];
  defaultSeq: number;
  maxSeq: number | null;
  /** Where a size's parameter count is published. */
  paramsSource: (size: Size & FamilySize) => string;
  layersFor: (size: Size, use: NetworkUse) => LayerSpec[];
}

/** One zoo network per size of `family`, keyed by the id each size has in `sizes`. */
export function defineFamily<Id extends string, Size>(
  family: NetworkFamily<Size>,
  sizes: Readonly<Record<Id, Size & FamilySize>>,
): Record<Id, ZooNetwork> {
  const ids = Object.keys(sizes) as Id[];
  const member = (id: Id): ZooNetwork => {
    const size = sizes[id];
    const publishedParams = { value: size.published, source: family.paramsSource(size) };
    const { defaultSeq, maxSeq } = family;
    const meta = {
      id,
      name: size.name,
      family: family.family,
      publishedParams,
      defaultSeq,
      maxSeq,
    };
    return defineNetwork(meta, (use) => family.layersFor(size, use));
  };
  return Object.fromEntries(ids.map((id) => [id, member(id)])) as Record<Id, ZooNetwork>;
}

/** The sizes that tell one transformer of a family from another. */
export interface TransformerSize {
  layers: number;
  hidden: number;
  heads: number;
}

/** Options of a linear layer beyond its shape. */
type LinearOptions = Pick<Extract<LayerSpec, { type: 'linear' }>, 'bias' | 'tiedWeights'>;

/** Builders for the layers of one part of a network; `features` are per row. */
export interface PartLayers {
  linear(part: string, inFeatures: number, outFeatures: number, options?: LinearOptions): LayerSpec;
  embedding(part: string, vocab: number, dim: number): LayerSpec;
  norm(type: 'layernorm' | 'rmsnorm', part: string, features: number): LayerSpec;
  activation(part: string, fn: ActivationFn, features: number): LayerSpec;
  add(part: string, features: number): LayerSpec;
  multiply(part: string, features: number): LayerSpec;
  /** `nn.Dropout` over `features` per row. */
  dropout(part: string, features: number): LayerSpec;
  /** A transformer's GELU feed-forward block: a linear to 4·`hidden`, GELU, a linear back. */
  geluFeedForward(
    parts: { up: string; gelu: string; down: string },
    hidden: number,
    fn?: Extract<ActivationFn, 'gelu' | 'gelu-new'>,
  ): LayerSpec[];
  /** Softmax cross-entropy over `classes` on every row. */
  loss(part: string, classes: number, options?: { upcastFirst?: boolean }): LayerSpec;
}

/**
 * Builders for the layers of one part of a network (`encoder.layer.3`, or '' at the top): each
 * layer is named `prefix.part` and processes `tokens` rows per sample. Without `tokens` (a
 * classifier on one row per sample) the specs carry no `tokens` field and an embedding looks up
 * one row. `linearDefaults` apply to every linear layer of the part (Llama's `bias: false`).
 */
export function layersAt(
  prefix: string,
  tokens?: number,
  linearDefaults: LinearOptions = {},
): PartLayers {
  const name = (part: string) => (prefix === '' ? part : `${prefix}.${part}`);
  const rows = tokens === undefined ? {} : { tokens };
  /** `features` per row over every row of the part. */
  const over = (features: number) => ({ elements: (tokens ?? 1) * features });
  const pointwise =
    (type: 'residual-add' | 'multiply' | 'dropout') =>
    (part: string, features: number): LayerSpec => ({ type, name: name(part), ...over(features) });
  const at: PartLayers = {
    linear: (part, inFeatures, outFeatures, options = {}) => {
      const shape = { inFeatures, outFeatures, ...rows, ...linearDefaults, ...options };
      return { type: 'linear', name: name(part), ...shape };
    },
    embedding: (part, vocab, dim) => {
      const shape = { vocab, dim, tokens: tokens ?? 1 };
      return { type: 'embedding', name: name(part), ...shape };
    },
    norm: (type, part, features) => ({ type, name: name(part), features, ...rows }),
    activation: (part, fn, features) => ({
      type: 'activation',
      name: name(part),
      fn,
      ...over(features),
    }),
    add: pointwise('residual-add'),
    multiply: pointwise('multiply'),
    dropout: pointwise('dropout'),
    geluFeedForward: (parts, hidden, fn = 'gelu') => [
      at.linear(parts.up, hidden, 4 * hidden),
      at.activation(parts.gelu, fn, 4 * hidden),
      at.linear(parts.down, 4 * hidden, hidden),
    ],
    loss: (part, classes, options = {}) => {
      const upcast = options.upcastFirst ? { upcastFirst: true } : {};
      return { type: 'softmax-cross-entropy', name: name(part), classes, ...rows, ...upcast };
    },
  };
  return at;
}
