/**
 * `bert-base` and `bert-large` (Devlin et al. 2018): post-LayerNorm encoders with word,
 * position (512) and token-type (2) embeddings summed and normalised; per layer Q, K, V
 * linears, attention over the whole sequence (not causal), an output linear, a residual add and
 * LayerNorm, an FFN of 4H with GELU, a residual add and LayerNorm; and the pooler (a linear
 * H → H and tanh on the first token). Training adds the dropouts of Hugging Face's
 * `BertForPreTraining` (after the embeddings, after each attention output and each FFN output;
 * attention's own dropout runs inside the fused attention kernel) and its pretraining heads:
 * the masked-LM head on every position, as Hugging Face computes it (linear H → H, GELU,
 * LayerNorm, the vocabulary projection tied to the word embeddings with its own vocab-sized
 * bias, softmax cross-entropy over the vocabulary, whose ignored labels still cost their
 * logits), and next-sentence prediction (linear H → 2 on the pooled token, softmax
 * cross-entropy over 2). NVIDIA's benchmark scripts gather the masked positions first
 * (`maskedPositions`); the calibration says what that changes.
 */
import type { LayerSpec } from '../types';
import { defineFamily, layersAt, type NetworkUse, type TransformerSize } from './use';

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
function encoderLayer(
  layers: LayerSpec[],
  c: TransformerSize,
  i: number,
  t: number,
  training: boolean,
): void {
  const p = `encoder.layer.${i}`;
  const h = c.hidden;
  const at = layersAt(p, t);
  layers.push(
    at.linear('attention.self.query', h, h),
    at.linear('attention.self.key', h, h),
    at.linear('attention.self.value', h, h),
    {
      type: 'attention',
      name: `${p}.attention.self`,
      heads: c.heads,
      headDim: HEAD_DIM,
      queries: t,
      keys: t,
    },
    at.linear('attention.output.dense', h, h),
    ...(training ? [at.dropout('attention.output.dropout', h)] : []),
    at.add('attention.output.add', h),
    at.norm('layernorm', 'attention.output.LayerNorm', h),
    ...at.geluFeedForward(
      { up: 'intermediate.dense', gelu: 'intermediate.gelu', down: 'output.dense' },
      h,
    ),
    ...(training ? [at.dropout('output.dropout', h)] : []),
    at.add('output.add', h),
    at.norm('layernorm', 'output.LayerNorm', h),
  );
}

/** The pretraining heads: masked LM (on every position, or gathered ones), and next sentence. */
function pretrainingHeads(layers: LayerSpec[], h: number, use: NetworkUse): void {
  const rows = use.mlmPositions === 'all' ? use.seq : maskedPositions(use.seq);
  const masked = layersAt('cls.predictions', rows);
  const nextSentence = layersAt('cls');
  layers.push(
    masked.linear('transform.dense', h, h),
    masked.activation('transform.gelu', 'gelu', h),
    masked.norm('layernorm', 'transform.LayerNorm', h),
    masked.linear('decoder', h, VOCAB, { bias: true, tiedWeights: true }),
    masked.loss('loss', VOCAB),
    nextSentence.linear('seq_relationship', h, 2),
    nextSentence.loss('seq_relationship.loss', 2),
  );
}

/** The embeddings: word, position and token-type tables summed, then a LayerNorm. */
function embeddings(h: number, tokens: number, training: boolean): LayerSpec[] {
  const at = layersAt('embeddings', tokens);
  const dropout = training ? [at.dropout('dropout', h)] : [];
  return [
    at.embedding('word_embeddings', VOCAB, h),
    at.embedding('position_embeddings', POSITIONS, h),
    at.embedding('token_type_embeddings', TOKEN_TYPES, h),
    at.add('add_token_type', h),
    at.add('add_position', h),
    at.norm('layernorm', 'LayerNorm', h),
    ...dropout,
  ];
}

/** A BERT's layers for one sequence. */
function bertLayers(c: TransformerSize, use: NetworkUse): LayerSpec[] {
  const layers = embeddings(c.hidden, use.tokens, use.training);
  for (let i = 0; i < c.layers; i += 1) encoderLayer(layers, c, i, use.tokens, use.training);
  const pooler = layersAt('pooler');
  layers.push(
    pooler.linear('dense', c.hidden, c.hidden),
    pooler.activation('tanh', 'tanh', c.hidden),
  );
  if (use.training) pretrainingHeads(layers, c.hidden, use);
  return layers;
}

/**
 * BERT-base and BERT-large, with heads of 64: encoders over at most 512 positions, 128 by
 * default (parameter counts rounded as published).
 */
const NETWORKS = defineFamily(
  {
    family: 'encoder',
    defaultSeq: 128,
    maxSeq: POSITIONS,
    paramsSource: () =>
      'Devlin et al. 2018, "BERT", section 3 (rounded to two significant figures)',
    layersFor: bertLayers,
  },
  {
    'bert-base': { name: 'BERT-base', layers: 12, hidden: 768, heads: 12, published: 110e6 },
    'bert-large': { name: 'BERT-large', layers: 24, hidden: 1024, heads: 16, published: 340e6 },
  },
);

/** BERT-base: 12 layers, hidden 768, 12 heads of 64 (published 110 M). */
export const BERT_BASE = NETWORKS['bert-base'];

/** BERT-large: 24 layers, hidden 1024, 16 heads of 64 (published 340 M). */
export const BERT_LARGE = NETWORKS['bert-large'];
