/**
 * `gpt2-124m` and `gpt2-1.5b` (Radford et al. 2019, as Hugging Face's GPT2LMHeadModel builds
 * them): token and position (1024) embeddings summed; pre-LayerNorm blocks (LayerNorm, fused
 * QKV linear H → 3H, causal attention, output linear, residual add; LayerNorm, MLP H → 4H,
 * GELU, 4H → H, residual add); a final LayerNorm; the LM head tied to the token embedding (no
 * bias: it reads the table, adds FLOPs, and no parameters); and when training a softmax
 * cross-entropy over the vocabulary on every position. Decoding runs one token against a cache
 * of `seq` keys, with no loss.
 */
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, type NetworkUse } from './use';

/** The sizes that tell one GPT-2 from another. */
interface Gpt2Config {
  id: string;
  name: string;
  layers: number;
  hidden: number;
  heads: number;
  published: number;
}

const VOCAB = 50257;
const POSITIONS = 1024;

/** One pre-LayerNorm block over `t` tokens, attending to `keys` positions. */
function block(layers: LayerSpec[], c: Gpt2Config, i: number, use: NetworkUse): void {
  const p = `h.${i}`;
  const h = c.hidden;
  const t = use.tokens;
  const linear = (name: string, inFeatures: number, outFeatures: number): LayerSpec => ({
    type: 'linear',
    name: `${p}.${name}`,
    inFeatures,
    outFeatures,
    tokens: t,
  });
  layers.push(
    { type: 'layernorm', name: `${p}.ln_1`, features: h, tokens: t },
    linear('attn.c_attn', h, 3 * h),
    {
      type: 'attention',
      name: `${p}.attn`,
      heads: c.heads,
      headDim: h / c.heads,
      queries: t,
      keys: use.keys,
      causal: true,
    },
    linear('attn.c_proj', h, h),
    { type: 'residual-add', name: `${p}.attn.add`, elements: t * h },
    { type: 'layernorm', name: `${p}.ln_2`, features: h, tokens: t },
    linear('mlp.c_fc', h, 4 * h),
    { type: 'activation', name: `${p}.mlp.gelu`, fn: 'gelu', elements: t * 4 * h },
    linear('mlp.c_proj', 4 * h, h),
    { type: 'residual-add', name: `${p}.mlp.add`, elements: t * h },
  );
}

/** A GPT-2's layers for one sequence (or one decoded token). */
function gpt2Layers(c: Gpt2Config, use: NetworkUse): LayerSpec[] {
  const t = use.tokens;
  const h = c.hidden;
  const layers: LayerSpec[] = [
    { type: 'embedding', name: 'wte', vocab: VOCAB, dim: h, tokens: t },
    { type: 'embedding', name: 'wpe', vocab: POSITIONS, dim: h, tokens: t },
    { type: 'residual-add', name: 'embeddings.add', elements: t * h },
  ];
  for (let i = 0; i < c.layers; i += 1) block(layers, c, i, use);
  layers.push(
    { type: 'layernorm', name: 'ln_f', features: h, tokens: t },
    {
      type: 'linear',
      name: 'lm_head',
      inFeatures: h,
      outFeatures: VOCAB,
      tokens: t,
      bias: false,
      tiedWeights: true,
    },
  );
  if (use.training) {
    layers.push({ type: 'softmax-cross-entropy', name: 'loss', classes: VOCAB, tokens: t });
  }
  return layers;
}

/** A GPT-2 network from its sizes. */
function gpt2(c: Gpt2Config): ZooNetwork {
  return defineNetwork(
    {
      id: c.id,
      name: c.name,
      family: 'decoder',
      publishedParams: {
        value: c.published,
        source: `Hugging Face transformers, GPT2LMHeadModel("${c.name}").num_parameters()`,
      },
      defaultSeq: POSITIONS,
      maxSeq: POSITIONS,
    },
    (use) => gpt2Layers(c, use),
  );
}

/** GPT-2 small: 12 layers, 768 wide, 12 heads of 64 (124,439,808 parameters). */
export const GPT2_124M = gpt2({
  id: 'gpt2-124m',
  name: 'gpt2',
  layers: 12,
  hidden: 768,
  heads: 12,
  published: 124_439_808,
});

/** GPT-2 XL: 48 layers, 1600 wide, 25 heads of 64 (1,557,611,200 parameters). */
export const GPT2_1_5B = gpt2({
  id: 'gpt2-1.5b',
  name: 'gpt2-xl',
  layers: 48,
  hidden: 1600,
  heads: 25,
  published: 1_557_611_200,
});
