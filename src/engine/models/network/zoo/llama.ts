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
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, type NetworkUse } from './use';

/** The sizes of a Llama. */
interface LlamaConfig {
  vocab: number;
  hidden: number;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  mlpHidden: number;
  positions: number;
}

/** Llama 2 7B's sizes (its config.json on Hugging Face). */
const LLAMA2_7B: LlamaConfig = {
  vocab: 32000,
  hidden: 4096,
  layers: 32,
  heads: 32,
  kvHeads: 32,
  headDim: 128,
  mlpHidden: 11008,
  positions: 4096,
};

/** One decoder layer. */
function decoderLayer(layers: LayerSpec[], c: LlamaConfig, i: number, use: NetworkUse): void {
  const p = `layers.${i}`;
  const t = use.tokens;
  const h = c.hidden;
  const linear = (name: string, inFeatures: number, outFeatures: number): LayerSpec => ({
    type: 'linear',
    name: `${p}.${name}`,
    inFeatures,
    outFeatures,
    tokens: t,
    bias: false,
  });
  const kv = c.kvHeads * c.headDim;
  const mlp = t * c.mlpHidden;
  layers.push(
    { type: 'rmsnorm', name: `${p}.input_layernorm`, features: h, tokens: t },
    linear('self_attn.q_proj', h, c.heads * c.headDim),
    linear('self_attn.k_proj', h, kv),
    linear('self_attn.v_proj', h, kv),
    {
      type: 'attention',
      name: `${p}.self_attn`,
      heads: c.heads,
      kvHeads: c.kvHeads,
      headDim: c.headDim,
      queries: t,
      keys: use.keys,
      causal: true,
    },
    linear('self_attn.o_proj', c.heads * c.headDim, h),
    { type: 'residual-add', name: `${p}.self_attn.add`, elements: t * h },
    { type: 'rmsnorm', name: `${p}.post_attention_layernorm`, features: h, tokens: t },
    linear('mlp.gate_proj', h, c.mlpHidden),
    linear('mlp.up_proj', h, c.mlpHidden),
    { type: 'activation', name: `${p}.mlp.act_fn`, fn: 'silu', elements: mlp },
    { type: 'multiply', name: `${p}.mlp.gate_mul`, elements: mlp },
    linear('mlp.down_proj', c.mlpHidden, h),
    { type: 'residual-add', name: `${p}.mlp.add`, elements: t * h },
  );
}

/** A Llama's layers for one sequence (or one decoded token). */
function llamaLayers(c: LlamaConfig, use: NetworkUse): LayerSpec[] {
  const t = use.tokens;
  const layers: LayerSpec[] = [
    { type: 'embedding', name: 'embed_tokens', vocab: c.vocab, dim: c.hidden, tokens: t },
  ];
  for (let i = 0; i < c.layers; i += 1) decoderLayer(layers, c, i, use);
  layers.push(
    { type: 'rmsnorm', name: 'norm', features: c.hidden, tokens: t },
    {
      type: 'linear',
      name: 'lm_head',
      inFeatures: c.hidden,
      outFeatures: c.vocab,
      tokens: t,
      bias: false,
    },
  );
  if (use.training) {
    layers.push({ type: 'softmax-cross-entropy', name: 'loss', classes: c.vocab, tokens: t });
  }
  return layers;
}

/** Llama 2 7B: 32 layers, 4096 wide, 32 heads of 128, SwiGLU 11008 (6,738,415,616). */
export const LLAMA2_7B_NETWORK: ZooNetwork = defineNetwork(
  {
    id: 'llama2-7b',
    name: 'Llama 2 7B',
    family: 'decoder',
    publishedParams: {
      value: 6_738_415_616,
      source: 'Hugging Face transformers, meta-llama/Llama-2-7b-hf num_parameters()',
    },
    defaultSeq: LLAMA2_7B.positions,
    maxSeq: LLAMA2_7B.positions,
  },
  (use) => llamaLayers(LLAMA2_7B, use),
);
