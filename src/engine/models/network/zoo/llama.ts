/**
 * `llama2-7b` (Touvron et al. 2023, as Hugging Face's LlamaForCausalLM builds it): a token
 * embedding; per layer RMSNorm, Q, K and V projections (K and V of kvHeads·headDim, all heads
 * in 7B), causal attention, an output projection, a residual add; RMSNorm, the SwiGLU MLP (gate
 * and up projections to 11008, SiLU on the gate, their product, a down projection), a residual
 * add; a final RMSNorm; an untied LM head; no biases anywhere. Training adds a softmax
 * cross-entropy over the vocabulary on every position; decoding runs one token against a cache
 * of `seq` keys, with no loss. Rotary position embeddings are folded into attention (no
 * parameters; their few FLOPs per element are left out).
 */
import type { LayerSpec } from '../types';
import { defineFamily, layersAt, type NetworkUse, type TransformerSize } from './use';

/** The sizes of a Llama. */
interface LlamaConfig extends TransformerSize {
  vocab: number;
  kvHeads: number;
  headDim: number;
  mlpHidden: number;
}

/** Llama 2's context length (`max_position_embeddings` in its config.json). */
const POSITIONS = 4096;

/** One decoder layer. */
function decoderLayer(layers: LayerSpec[], c: LlamaConfig, i: number, use: NetworkUse): void {
  const p = `layers.${i}`;
  const h = c.hidden;
  const at = layersAt(p, use.tokens, { bias: false });
  const kv = c.kvHeads * c.headDim;
  layers.push(
    at.norm('rmsnorm', 'input_layernorm', h),
    at.linear('self_attn.q_proj', h, c.heads * c.headDim),
    at.linear('self_attn.k_proj', h, kv),
    at.linear('self_attn.v_proj', h, kv),
    {
      type: 'attention',
      name: `${p}.self_attn`,
      heads: c.heads,
      kvHeads: c.kvHeads,
      headDim: c.headDim,
      queries: use.tokens,
      keys: use.keys,
      causal: true,
      rotary: true,
      cacheUpdate: true,
    },
    at.linear('self_attn.o_proj', c.heads * c.headDim, h),
    at.add('self_attn.add', h),
    at.norm('rmsnorm', 'post_attention_layernorm', h),
    at.linear('mlp.gate_proj', h, c.mlpHidden),
    at.linear('mlp.up_proj', h, c.mlpHidden),
    at.activation('mlp.act_fn', 'silu', c.mlpHidden),
    at.multiply('mlp.gate_mul', c.mlpHidden),
    at.linear('mlp.down_proj', c.mlpHidden, h),
    at.add('mlp.add', h),
  );
}

/** A Llama's layers for one sequence (or one decoded token). */
function llamaLayers(c: LlamaConfig, use: NetworkUse): LayerSpec[] {
  const top = layersAt('', use.tokens, { bias: false });
  const layers: LayerSpec[] = [top.embedding('embed_tokens', c.vocab, c.hidden)];
  for (let i = 0; i < c.layers; i += 1) decoderLayer(layers, c, i, use);
  layers.push(top.norm('rmsnorm', 'norm', c.hidden), top.linear('lm_head', c.hidden, c.vocab));
  // Hugging Face's causal-LM loss upcasts the logits to fp32 before the cross-entropy.
  if (use.training) layers.push(top.loss('loss', c.vocab, { upcastFirst: true }));
  return layers;
}

/**
 * Llama 2 7B (the sizes of its config.json on Hugging Face): a decoder over at most 4096
 * positions, all of them by default.
 */
const NETWORKS = defineFamily(
  {
    family: 'decoder',
    defaultSeq: POSITIONS,
    maxSeq: POSITIONS,
    paramsSource: () => 'Hugging Face transformers, meta-llama/Llama-2-7b-hf num_parameters()',
    layersFor: llamaLayers,
  },
  {
    'llama2-7b': {
      name: 'Llama 2 7B',
      published: 6_738_415_616,
      vocab: 32000,
      hidden: 4096,
      layers: 32,
      heads: 32,
      kvHeads: 32,
      headDim: 128,
      mlpHidden: 11008,
    },
  },
);

/** Llama 2 7B: 32 layers, 4096 wide, 32 heads of 128, SwiGLU 11008 (6,738,415,616). */
export const LLAMA2_7B_NETWORK = NETWORKS['llama2-7b'];

/**
 * Llama 3.1 (the sizes of each config.json on Hugging Face): the same layers with grouped-query
 * attention (8 KV heads), a 128,256-token vocabulary and 131,072 positions; 8,192 by default,
 * the length Llama 3 was pretrained at.
 */
const LLAMA31 = defineFamily(
  {
    family: 'decoder',
    defaultSeq: 8192,
    maxSeq: 131_072,
    paramsSource: (size) =>
      `Hugging Face transformers, meta-llama/${size.name.replaceAll(' ', '-')} num_parameters()`,
    layersFor: llamaLayers,
  },
  {
    'llama3.1-8b': {
      name: 'Llama 3.1 8B',
      published: 8_030_261_248,
      vocab: 128_256,
      hidden: 4096,
      layers: 32,
      heads: 32,
      kvHeads: 8,
      headDim: 128,
      mlpHidden: 14_336,
    },
    'llama3.1-70b': {
      name: 'Llama 3.1 70B',
      published: 70_553_706_496,
      vocab: 128_256,
      hidden: 8192,
      layers: 80,
      heads: 64,
      kvHeads: 8,
      headDim: 128,
      mlpHidden: 28_672,
    },
    'llama3.1-405b': {
      name: 'Llama 3.1 405B',
      published: 405_853_388_800,
      vocab: 128_256,
      hidden: 16_384,
      layers: 126,
      heads: 128,
      kvHeads: 8,
      headDim: 128,
      mlpHidden: 53_248,
    },
  },
);

/** Llama 3.1 8B, 70B and 405B: grouped-query attention with 8 KV heads of 128. */
export const LLAMA31_NETWORKS = [
  LLAMA31['llama3.1-8b'],
  LLAMA31['llama3.1-70b'],
  LLAMA31['llama3.1-405b'],
] as const;
