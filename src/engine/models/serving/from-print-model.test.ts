import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../network/print-model/testing/fixtures';
import { getServingModel } from './decoder';
import { decoderSpecFromPrintModel, readDecoderFromPrintModel } from './from-print-model';

/** The serving widget's example: Llama 3.1 8B as transformers prints it. */
const LLAMA31_8B = readFileSync('src/widgets/serving/llama31-8b-example.txt', 'utf8');

/** A Hugging Face print in the usual layout, with the block's lines given. */
function printed(root: string, embedding: string, block: string[], head: string | null): string {
  return [
    `${root}(`,
    '  (model): Model(',
    `    (embed_tokens): ${embedding}`,
    '    (layers): ModuleList(',
    '      (0-3): 4 x DecoderLayer(',
    ...block.map((line) => `        ${line}`),
    '      )',
    '    )',
    '  )',
    ...(head === null ? [] : [`  (lm_head): ${head}`]),
    ')',
  ].join('\n');
}

describe('decoderSpecFromPrintModel', () => {
  it('reads Llama 3.1 8B as the zoo holds it: grouped-query attention, SwiGLU, untied head', () => {
    expect(decoderSpecFromPrintModel(LLAMA31_8B)).toEqual(getServingModel('llama3.1-8b').spec);
    const read = readDecoderFromPrintModel(LLAMA31_8B);
    expect(read.model).toBe('LlamaForCausalLM');
    expect(read.headDimAssumed).toBe(true);
    expect(read.headDim).toBe(128);
    expect(read.notes[0]).toMatch(/^Head size 128 assumed .*32 query heads and 8 key\/value heads/);
    expect(read.notes.join(' ')).toMatch(/lm_head has its own weight/);
  });

  it('reads TinyLlama (the network reader’s fixture): 64-wide heads below 3,072', () => {
    expect(decoderSpecFromPrintModel(fixture('tinyllama'))).toEqual({
      layers: 22,
      hidden: 2048,
      heads: 32,
      kvHeads: 4,
      ffn: 5632,
      vocab: 32_000,
      gated: true,
      tiedEmbeddings: false,
    });
  });

  it('reads GPT-2: a fused Conv1D query-key-value, a two-matrix MLP and a tied head', () => {
    const read = readDecoderFromPrintModel(fixture('gpt2'));
    expect(read.spec).toEqual({
      layers: 12,
      hidden: 768,
      heads: 12,
      kvHeads: 12,
      ffn: 3072,
      vocab: 50_257,
      gated: false,
      tiedEmbeddings: true,
    });
    expect(read.notes.join(' ')).toMatch(/Conv1D\(nf, nx\)/);
    expect(read.notes.join(' ')).toMatch(/lm_head shares the token embedding/);
  });

  it('takes the head size and the tying the learner gives', () => {
    const read = readDecoderFromPrintModel(LLAMA31_8B, { headDim: 64, tieWordEmbeddings: true });
    expect(read.spec.heads).toBe(64);
    expect(read.spec.kvHeads).toBe(16);
    expect(read.spec.tiedEmbeddings).toBe(true);
    expect(read.headDimAssumed).toBe(false);
    expect(read.notes[0]).toMatch(/^Head size 64 as given/);
  });

  it('reads fused projections: Phi-3’s qkv_proj and gate_up_proj, GPT-NeoX’s query_key_value', () => {
    const phi3 = printed(
      'Phi3ForCausalLM',
      'Embedding(32064, 3072, padding_idx=32000)',
      [
        '(self_attn): Phi3Attention(',
        '  (o_proj): Linear(in_features=3072, out_features=3072, bias=False)',
        '  (qkv_proj): Linear(in_features=3072, out_features=9216, bias=False)',
        ')',
        '(mlp): Phi3MLP(',
        '  (gate_up_proj): Linear(in_features=3072, out_features=16384, bias=False)',
        '  (down_proj): Linear(in_features=8192, out_features=3072, bias=False)',
        '  (activation_fn): SiLU()',
        ')',
      ],
      'Linear(in_features=3072, out_features=32064, bias=False)',
    );
    expect(decoderSpecFromPrintModel(phi3)).toMatchObject({
      layers: 4,
      hidden: 3072,
      heads: 48,
      kvHeads: 48,
      ffn: 8192,
      gated: true,
      vocab: 32_064,
    });
    const neox = printed(
      'GPTNeoXForCausalLM',
      'Embedding(50304, 2048)',
      [
        '(attention): GPTNeoXAttention(',
        '  (query_key_value): Linear(in_features=2048, out_features=6144, bias=True)',
        '  (dense): Linear(in_features=2048, out_features=2048, bias=True)',
        ')',
        '(mlp): GPTNeoXMLP(',
        '  (dense_h_to_4h): Linear(in_features=2048, out_features=8192, bias=True)',
        '  (dense_4h_to_h): Linear(in_features=8192, out_features=2048, bias=True)',
        '  (act): GELUActivation()',
        ')',
      ],
      null,
    );
    const read = readDecoderFromPrintModel(neox);
    expect(read.spec).toMatchObject({ hidden: 2048, kvHeads: 32, ffn: 8192, gated: false });
    expect(read.notes.join(' ')).toMatch(/no LM head/);
  });

  it('reads OPT, whose MLP linears sit in the block itself', () => {
    const opt = printed(
      'OPTForCausalLM',
      'Embedding(50272, 768, padding_idx=1)',
      [
        '(self_attn): OPTAttention(',
        '  (k_proj): Linear(in_features=768, out_features=768, bias=True)',
        '  (v_proj): Linear(in_features=768, out_features=768, bias=True)',
        '  (q_proj): Linear(in_features=768, out_features=768, bias=True)',
        '  (out_proj): Linear(in_features=768, out_features=768, bias=True)',
        ')',
        '(activation_fn): ReLU()',
        '(fc1): Linear(in_features=768, out_features=3072, bias=True)',
        '(fc2): Linear(in_features=3072, out_features=768, bias=True)',
      ],
      'Linear(in_features=768, out_features=50272, bias=False)',
    );
    expect(decoderSpecFromPrintModel(opt)).toMatchObject({
      layers: 4,
      hidden: 768,
      heads: 12,
      ffn: 3072,
      gated: false,
    });
  });

  it('refuses what is not a decoder, saying why', () => {
    expect(() => decoderSpecFromPrintModel(fixture('bert-base-pretraining'))).toThrow(
      /^BertForPreTraining is not a decoder: a server generates text with a causal decoder/,
    );
    expect(() => decoderSpecFromPrintModel(fixture('resnet50'))).toThrow(/ResNet is not a decoder/);
    expect(() => decoderSpecFromPrintModel(fixture('mlp'))).toThrow(/Sequential is not a decoder/);
    expect(() => decoderSpecFromPrintModel(fixture('llama2-7b-block'))).toThrow(
      /no token embedding, Embedding\(vocab, 4096\): paste the whole model/,
    );
    expect(() => decoderSpecFromPrintModel('')).toThrow(/the text is empty/);
    expect(() => decoderSpecFromPrintModel('hello world')).toThrow(/^no module found/);
    expect(() => decoderSpecFromPrintModel(fixture('lstm-classifier'))).toThrow(
      /no decoder blocks the reader finds/,
    );
  });

  it('refuses a mixture of experts and blocks of different sizes', () => {
    const mixtral = printed(
      'MixtralForCausalLM',
      'Embedding(32000, 4096)',
      [
        '(self_attn): MixtralAttention(',
        '  (q_proj): Linear(in_features=4096, out_features=4096, bias=False)',
        '  (k_proj): Linear(in_features=4096, out_features=1024, bias=False)',
        ')',
        '(block_sparse_moe): MixtralSparseMoeBlock(',
        '  (gate): Linear(in_features=4096, out_features=8, bias=False)',
        ')',
      ],
      null,
    );
    expect(() => decoderSpecFromPrintModel(mixtral)).toThrow(/is a mixture of experts/);
    const uneven = LLAMA31_8B.replace(
      '      (0-31): 32 x LlamaDecoderLayer(',
      [
        '      (0): LlamaDecoderLayer(',
        '        (self_attn): LlamaAttention(',
        '          (q_proj): Linear(in_features=4096, out_features=4096, bias=False)',
        '          (k_proj): Linear(in_features=4096, out_features=4096, bias=False)',
        '        )',
        '        (mlp): LlamaMLP(',
        '          (up_proj): Linear(in_features=4096, out_features=11008, bias=False)',
        '          (down_proj): Linear(in_features=11008, out_features=4096, bias=False)',
        '        )',
        '      )',
        '      (1-31): 31 x LlamaDecoderLayer(',
      ].join('\n'),
    );
    expect(() => decoderSpecFromPrintModel(uneven)).toThrow(/differs in size from the first/);
  });

  it('asks for the head size when the assumed one does not split the attention', () => {
    const odd = LLAMA31_8B.replace(/4096/g, '4000').replace(/1024/g, '1000');
    expect(() => decoderSpecFromPrintModel(odd)).toThrow(/give the head size/);
    expect(readDecoderFromPrintModel(odd, { headDim: 125 }).spec).toMatchObject({
      heads: 32,
      kvHeads: 8,
    });
  });
});
