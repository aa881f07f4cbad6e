/**
 * `bert-base` and `bert-large` (Devlin et al. 2018): post-LayerNorm encoders with word,
 * position (512) and token-type (2) embeddings summed and normalised; per layer Q, K, V
 * linears, attention over the whole sequence (not causal), an output linear, a residual add and
 * LayerNorm, an FFN of 4H with GELU, a residual add and LayerNorm; and the pooler (a linear
 * H → H and tanh on the first token). Training adds the pretraining heads as NVIDIA's
 * benchmarks run them: the masked-LM head on max(1, round(0.15·seq)) gathered positions
 * (linear H → H, GELU, LayerNorm, the vocabulary projection tied to the word embeddings with
 * its own vocab-sized bias, softmax cross-entropy over the vocabulary) and next-sentence
 * prediction (linear H → 2 on the pooled token, softmax cross-entropy over 2).
 */
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, type NetworkUse } from './use';

/** The sizes that tell one BERT from another. */
interface BertConfig {
  id: string;
  name: string;
  layers: number;
  hidden: number;
  heads: number;
  published: number;
}

const VOCAB = 30522;
const POSITIONS = 512;
const TOKEN_TYPES = 2;
const HEAD_DIM = 64;
/** Share of positions the masked-LM objective predicts. */
export const MASKED_SHARE = 0.15;

/** Positions the masked-LM head runs on for a sequence of `seq`: max(1, round(0.15·seq)). */
export function maskedPositions(seq: number): number {
  return Math.max(1, Math.round(MASKED_SHARE * seq));
}

/** One encoder layer over `t` tokens. */
function encoderLayer(layers: LayerSpec[], c: BertConfig, i: number, t: number): void {
  const p = `encoder.layer.${i}`;
  const h = c.hidden;
  const linear = (name: string, inFeatures: number, outFeatures: number): LayerSpec => ({
    type: 'linear',
    name: `${p}.${name}`,
    inFeatures,
    outFeatures,
    tokens: t,
  });
  layers.push(
    linear('attention.self.query', h, h),
    linear('attention.self.key', h, h),
    linear('attention.self.value', h, h),
    {
      type: 'attention',
      name: `${p}.attention.self`,
      heads: c.heads,
      headDim: HEAD_DIM,
      queries: t,
      keys: t,
    },
    linear('attention.output.dense', h, h),
    { type: 'residual-add', name: `${p}.attention.output.add`, elements: t * h },
    { type: 'layernorm', name: `${p}.attention.output.LayerNorm`, features: h, tokens: t },
    linear('intermediate.dense', h, 4 * h),
    { type: 'activation', name: `${p}.intermediate.gelu`, fn: 'gelu', elements: t * 4 * h },
    linear('output.dense', 4 * h, h),
    { type: 'residual-add', name: `${p}.output.add`, elements: t * h },
    { type: 'layernorm', name: `${p}.output.LayerNorm`, features: h, tokens: t },
  );
}

/** The pretraining heads: masked LM on 15 % of positions, and next-sentence prediction. */
function pretrainingHeads(layers: LayerSpec[], h: number, seq: number): void {
  const m = maskedPositions(seq);
  const p = 'cls.predictions';
  layers.push(
    { type: 'linear', name: `${p}.transform.dense`, inFeatures: h, outFeatures: h, tokens: m },
    { type: 'activation', name: `${p}.transform.gelu`, fn: 'gelu', elements: m * h },
    { type: 'layernorm', name: `${p}.transform.LayerNorm`, features: h, tokens: m },
    {
      type: 'linear',
      name: `${p}.decoder`,
      inFeatures: h,
      outFeatures: VOCAB,
      tokens: m,
      bias: true,
      tiedWeights: true,
    },
    { type: 'softmax-cross-entropy', name: `${p}.loss`, classes: VOCAB, tokens: m },
    { type: 'linear', name: 'cls.seq_relationship', inFeatures: h, outFeatures: 2 },
    { type: 'softmax-cross-entropy', name: 'cls.seq_relationship.loss', classes: 2 },
  );
}

/** A BERT's layers for one sequence. */
function bertLayers(c: BertConfig, use: NetworkUse): LayerSpec[] {
  const t = use.tokens;
  const h = c.hidden;
  const layers: LayerSpec[] = [
    { type: 'embedding', name: 'embeddings.word_embeddings', vocab: VOCAB, dim: h, tokens: t },
    {
      type: 'embedding',
      name: 'embeddings.position_embeddings',
      vocab: POSITIONS,
      dim: h,
      tokens: t,
    },
    {
      type: 'embedding',
      name: 'embeddings.token_type_embeddings',
      vocab: TOKEN_TYPES,
      dim: h,
      tokens: t,
    },
    { type: 'residual-add', name: 'embeddings.add_token_type', elements: t * h },
    { type: 'residual-add', name: 'embeddings.add_position', elements: t * h },
    { type: 'layernorm', name: 'embeddings.LayerNorm', features: h, tokens: t },
  ];
  for (let i = 0; i < c.layers; i += 1) encoderLayer(layers, c, i, t);
  layers.push(
    { type: 'linear', name: 'pooler.dense', inFeatures: h, outFeatures: h },
    { type: 'activation', name: 'pooler.tanh', fn: 'tanh', elements: h },
  );
  if (use.training) pretrainingHeads(layers, h, use.seq);
  return layers;
}

/** A BERT network from its sizes. */
function bert(c: BertConfig): ZooNetwork {
  return defineNetwork(
    {
      id: c.id,
      name: c.name,
      family: 'encoder',
      publishedParams: {
        value: c.published,
        source: 'Devlin et al. 2018, "BERT", section 3 (rounded to two significant figures)',
      },
      defaultSeq: 128,
      maxSeq: POSITIONS,
    },
    (use) => bertLayers(c, use),
  );
}

/** BERT-base: 12 layers, hidden 768, 12 heads of 64 (published 110 M). */
export const BERT_BASE = bert({
  id: 'bert-base',
  name: 'BERT-base',
  layers: 12,
  hidden: 768,
  heads: 12,
  published: 110e6,
});

/** BERT-large: 24 layers, hidden 1024, 16 heads of 64 (published 340 M). */
export const BERT_LARGE = bert({
  id: 'bert-large',
  name: 'BERT-large',
  layers: 24,
  hidden: 1024,
  heads: 16,
  published: 340e6,
});
