import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import { decoderParams, getServingModel, kvElementsPerToken } from '../../serving/decoder';
import { LLAMA2_7B_NETWORK, LLAMA31_NETWORKS } from './llama';

const EMBED = 32000 * 4096;

describe('llama2-7b', () => {
  it('has 6,738,415,616 parameters', () => {
    // 2·32000·4096 (embedding, untied head) + 32·(4·4096² + 3·4096·11008 + 2·4096) + 4096.
    const { totals } = analyzeNetwork(LLAMA2_7B_NETWORK.build({ seq: 4096, mode: 'train' }));
    expect(totals.params).toBe(6_738_415_616);
    expect(totals.params).toBe(LLAMA2_7B_NETWORK.publishedParams.value);
  });

  it('does about 2·params FLOPs per token plus causal attention', () => {
    const t = 2048;
    const run = LLAMA2_7B_NETWORK.build({ seq: t, mode: 'inference', phase: 'prefill' });
    const { layers, totals } = analyzeNetwork(run);
    const attention = layers
      .filter((layer) => layer.type === 'attention')
      .reduce((sum, layer) => sum + layer.forwardFlops, 0);
    expect(attention).toBe((32 * (4 * 32 * t * t * 128 + 5 * 32 * t * t)) / 2);
    // Every weight but the embedding table (a lookup) does 2 FLOPs per token.
    const rest = (totals.forwardFlops - attention) / (2 * t * (totals.params - EMBED));
    expect(rest).toBeGreaterThan(1);
    expect(rest).toBeLessThan(1.01);
  });

  it('decodes one token reading every weight once, with a cache of 2·32·32·128·seq', () => {
    const seq = 4096;
    const run = LLAMA2_7B_NETWORK.build({ seq, mode: 'inference', phase: 'decode' });
    const { layers, totals } = analyzeNetwork(run);
    // 1,073,741,824 elements: 2 GiB in fp16, 512 KiB per cached token.
    expect(totals.kvCacheElements).toBe(2 * 32 * 32 * 128 * seq);
    expect(totals.weightElements).toBe(totals.params - EMBED);
    expect(layers.every((layer) => layer.type !== 'softmax-cross-entropy')).toBe(true);
    const mlpGate = layers.find((layer) => layer.name === 'layers.0.mlp.gate_mul');
    expect(mlpGate?.outputElements).toBe(11008);
  });
});

describe('llama3.1', () => {
  it("matches each published parameter count and the serving model's decoder spec", () => {
    for (const network of LLAMA31_NETWORKS) {
      const { totals } = analyzeNetwork(network.build({ seq: 128, mode: 'inference' }));
      expect(totals.params, network.id).toBe(network.publishedParams.value);
      expect(decoderParams(getServingModel(network.id).spec), network.id).toBe(totals.params);
    }
  });

  it("caches 8 KV heads of 128 per layer: a quarter of the 8B model's 32 query heads", () => {
    const [eight] = LLAMA31_NETWORKS;
    const seq = 1000;
    const { totals } = analyzeNetwork(eight.build({ seq, mode: 'inference', phase: 'decode' }));
    expect(totals.kvCacheElements).toBe(2 * 32 * 8 * 128 * seq);
    expect(kvElementsPerToken(getServingModel('llama3.1-8b').spec) * seq).toBe(
      totals.kvCacheElements,
    );
  });
});
