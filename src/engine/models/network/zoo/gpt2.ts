/**
 * `gpt2-124m` and `gpt2-1.5b` (Radford et al. 2019, as Hugging Face's GPT2LMHeadModel builds
 * them): token and position (1024) embeddings summed; pre-LayerNorm blocks (LayerNorm, fused
 * QKV linear H → 3H, causal attention, output linear, residual add; LayerNorm, MLP H → 4H,
 * GELU, 4H → H, residual add); a final LayerNorm; the LM head tied to the token embedding (no
 * bias: it reads the table, adds FLOPs, and no parameters); and when training the dropouts of
 * its config (after the embeddings, after each attention projection and each MLP; attention's
 * own runs inside the fused kernel) and a softmax cross-entropy over the vocabulary on every
 * position. Decoding runs one token against a cache
 * of `seq` keys, with no loss.
 */
import type { LayerSpec } from '../types';
import { defineFamily, layersAt, type NetworkUse, type TransformerSize } from './use';

const VOCAB = 50257;
const POSITIONS = 1024;

/** One pre-LayerNorm block over `use.tokens` tokens, attending to `use.keys` positions. */
function block(layers: LayerSpec[], c: TransformerSize, i: number, use: NetworkUse): void {
  const p = `h.${i}`;
  const h = c.hidden;
  const at = layersAt(p, use.tokens);
  layers.push(
    at.norm('layernorm', 'ln_1', h),
    at.linear('attn.c_attn', h, 3 * h),
    {
      type: 'attention',
      name: `${p}.attn`,
      heads: c.heads,
      headDim: h / c.heads,
      queries: use.tokens,
      keys: use.keys,
      causal: true,
      cacheUpdate: true,
    },
    at.linear('attn.c_proj', h, h),
    ...(use.training ? [at.dropout('attn.resid_dropout', h)] : []),
    at.add('attn.add', h),
    at.norm('layernorm', 'ln_2', h),
    ...at.geluFeedForward({ up: 'mlp.c_fc', gelu: 'mlp.gelu', down: 'mlp.c_proj' }, h, 'gelu-new'),
    ...(use.training ? [at.dropout('mlp.dropout', h)] : []),
    at.add('mlp.add', h),
  );
}

/** A GPT-2's layers for one sequence (or one decoded token). */
function gpt2Layers(c: TransformerSize, use: NetworkUse): LayerSpec[] {
  const h = c.hidden;
  const top = layersAt('', use.tokens);
  const layers: LayerSpec[] = [
    top.embedding('wte', VOCAB, h),
    top.embedding('wpe', POSITIONS, h),
    top.add('embeddings.add', h),
    ...(use.training ? [top.dropout('drop', h)] : []),
  ];
  for (let i = 0; i < c.layers; i += 1) block(layers, c, i, use);
  layers.push(
    top.norm('layernorm', 'ln_f', h),
    top.linear('lm_head', h, VOCAB, { bias: false, tiedWeights: true }),
  );
  // Hugging Face's causal-LM loss upcasts the logits to fp32 before the cross-entropy.
  if (use.training) layers.push(top.loss('loss', VOCAB, { upcastFirst: true }));
  return layers;
}

/**
 * GPT-2 small and XL, named as Hugging Face names them, with heads of 64: decoders over at most
 * 1024 positions, all of them by default.
 */
const NETWORKS = defineFamily(
  {
    family: 'decoder',
    defaultSeq: POSITIONS,
    maxSeq: POSITIONS,
    paramsSource: (c) => `Hugging Face transformers, GPT2LMHeadModel("${c.name}").num_parameters()`,
    layersFor: gpt2Layers,
  },
  {
    'gpt2-124m': { name: 'gpt2', layers: 12, hidden: 768, heads: 12, published: 124_439_808 },
    'gpt2-1.5b': { name: 'gpt2-xl', layers: 48, hidden: 1600, heads: 25, published: 1_557_611_200 },
  },
);

/** GPT-2 small: 12 layers, 768 wide, 12 heads of 64 (124,439,808 parameters). */
export const GPT2_124M = NETWORKS['gpt2-124m'];

/** GPT-2 XL: 48 layers, 1600 wide, 25 heads of 64 (1,557,611,200 parameters). */
export const GPT2_1_5B = NETWORKS['gpt2-1.5b'];
