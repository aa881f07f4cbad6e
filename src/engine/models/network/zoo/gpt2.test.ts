import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import type { LayerCost } from '../types';
import { GPT2_124M, GPT2_1_5B } from './gpt2';

const sum = (layers: LayerCost[], pick: (layer: LayerCost) => number) =>
  layers.reduce((total, layer) => total + pick(layer), 0);
const WPE_124M = 1024 * 768;

describe('gpt2 parameter counts', () => {
  it("matches Hugging Face's counts exactly", () => {
    // 124M: wte 50257·768 + wpe 1024·768 + 12·(12·768² + 13·768) + ln_f 2·768 = 124,439,808.
    const small = analyzeNetwork(GPT2_124M.build({ seq: 1024, mode: 'train' }));
    expect(small.totals.params).toBe(124_439_808);
    expect(small.totals.params).toBe(GPT2_124M.publishedParams.value);
    // 1.5B: 50257·1600 + 1024·1600 + 48·(12·1600² + 13·1600) + 2·1600 = 1,557,611,200.
    const xl = analyzeNetwork(GPT2_1_5B.build({ seq: 1024, mode: 'train' }));
    expect(xl.totals.params).toBe(1_557_611_200);
    expect(xl.totals.params).toBe(GPT2_1_5B.publishedParams.value);
  });

  it('has a tied head that adds FLOPs but no parameters', () => {
    const { layers } = analyzeNetwork(GPT2_124M.build({ seq: 64, mode: 'inference' }));
    const head = layers.find((layer) => layer.name === 'lm_head');
    expect(head?.params).toBe(0);
    expect(head?.weightElements).toBe(50257 * 768);
    expect(head?.forwardFlops).toBe(2 * 64 * 768 * 50257);
  });
});

describe('gpt2 FLOPs and decoding', () => {
  it('does about 2·params FLOPs per token plus causal attention', () => {
    const t = 1024;
    const { layers, totals } = analyzeNetwork(GPT2_124M.build({ seq: t, mode: 'inference' }));
    // Attention: 12 layers × (4·12·T²·64 + 5·12·T²)/2 (causal) = 19,704,840,192.
    const attention = sum(layers, (l) => (l.type === 'attention' ? l.forwardFlops : 0));
    expect(attention).toBe((12 * (4 * 12 * t * t * 64 + 5 * 12 * t * t)) / 2);
    // The rest: 2·T FLOPs per weight read (the tied head reads wte; wpe is only looked up).
    const rest = (totals.forwardFlops - attention) / (2 * t * (totals.params - WPE_124M));
    expect(rest).toBeGreaterThan(1);
    expect(rest).toBeLessThan(1.01);
    expect(layers.some((layer) => layer.type === 'softmax-cross-entropy')).toBe(false);
  });

  it('decodes one token reading every weight once, with a cache of 2·layers·heads·64·seq', () => {
    const seq = 1000;
    const decode = analyzeNetwork(GPT2_124M.build({ seq, mode: 'inference', phase: 'decode' }));
    const prefill = analyzeNetwork(GPT2_124M.build({ seq, mode: 'inference', phase: 'prefill' }));
    expect(decode.totals.kvCacheElements).toBe(2 * 12 * 12 * 64 * seq);
    expect(decode.totals.weightElements).toBe(decode.totals.params - WPE_124M);
    expect(decode.totals.weightElements).toBe(prefill.totals.weightElements);
    const tokens = decode.layers.filter((l) => l.type === 'linear').map((l) => l.outputElements);
    expect(tokens.at(-1)).toBe(50257); // one row of logits
    expect(decode.layers.find((l) => l.type === 'attention')?.forwardFlops).toBe(
      4 * 12 * seq * 64 + 5 * 12 * seq,
    );
  });

  it('trains with a cross-entropy on every position', () => {
    const { layers } = analyzeNetwork(GPT2_1_5B.build({ seq: 256, mode: 'train' }));
    expect(layers.at(-1)).toMatchObject({ type: 'softmax-cross-entropy', outputElements: 256 });
    expect(layers.find((l) => l.type === 'attention')?.outputElements).toBe(25 * 64 * 256);
  });
});
