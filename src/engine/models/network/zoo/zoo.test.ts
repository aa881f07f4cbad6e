import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import { getZooNetwork, listZooNetworks, ZOO_IDS } from './zoo';

describe('the zoo', () => {
  it('lists its networks by id', () => {
    expect(ZOO_IDS).toEqual([
      'mlp-mnist',
      'resnet50',
      'bert-base',
      'bert-large',
      'gpt2-124m',
      'gpt2-1.5b',
      'llama2-7b',
      'llama3.1-8b',
      'llama3.1-70b',
      'llama3.1-405b',
      'lstm-2x1024',
    ]);
    expect(getZooNetwork('gpt2-124m').family).toBe('decoder');
    expect(() => getZooNetwork('vgg16')).toThrow(
      /unknown network "vgg16"; the zoo has mlp-mnist, resnet50, .*lstm-2x1024/,
    );
  });

  it('builds every network at its default length, with unique layer names', () => {
    for (const network of listZooNetworks()) {
      expect(network.maxSeq === null || network.defaultSeq <= network.maxSeq).toBe(true);
      for (const mode of ['train', 'inference'] as const) {
        const { layers, totals } = analyzeNetwork(network.build({ seq: network.defaultSeq, mode }));
        expect(new Set(layers.map((layer) => layer.name)).size).toBe(layers.length);
        expect(totals.forwardFlops).toBeGreaterThan(0);
        const relative = Math.abs(totals.params / network.publishedParams.value - 1);
        expect(relative, `${network.id} ${mode}`).toBeLessThan(0.02);
      }
    }
  });

  it('decodes every decoder model and no other', () => {
    for (const network of listZooNetworks()) {
      const decode = () => network.build({ seq: 16, mode: 'inference', phase: 'decode' });
      if (network.family === 'decoder')
        expect(analyzeNetwork(decode()).totals.params).toBe(network.publishedParams.value);
      else expect(decode).toThrow(RangeError);
    }
  });
});
