import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import { BERT_BASE, BERT_LARGE, maskedPositions } from './bert';

/** Rounds to two significant figures, as Devlin et al. round 109.5 M to "110M". */
const twoFigures = (count: number) => Number(count.toPrecision(2));

describe('bert parameter counts', () => {
  it('counts BERT-base by hand and matches the paper rounded to two figures', () => {
    // Embeddings (30522 + 512 + 2)·768 + LayerNorm 2·768 = 23,837,184.
    // Per layer: Q, K, V, output 4·(768² + 768) = 2,362,368; FFN 768·3072 + 3072 + 3072·768
    // + 768 = 4,722,432; two LayerNorms 3,072: 7,087,872, times 12 = 85,054,464.
    // Pooler 768² + 768 = 590,592. Total 109,482,240: "110M" in the paper.
    const encoder = analyzeNetwork(BERT_BASE.build({ seq: 128, mode: 'inference' }));
    expect(encoder.totals.params).toBe(109_482_240);
    expect(twoFigures(encoder.totals.params)).toBe(BERT_BASE.publishedParams.value);
    // Pretraining heads: transform 590,592 + LayerNorm 1,536 + decoder bias 30,522 + NSP
    // 768·2 + 2 = 1,538 → 110,106,428, Hugging Face's BertForPreTraining count.
    const pretraining = analyzeNetwork(BERT_BASE.build({ seq: 128, mode: 'train' }));
    expect(pretraining.totals.params).toBe(110_106_428);
    expect(twoFigures(pretraining.totals.params)).toBe(110e6);
  });

  it('counts BERT-large and matches the paper rounded to two figures', () => {
    // (30522 + 514)·1024 + 2,048 + 24·(12·1024² + 13·1024) + 1024² + 1024 = 335,141,888.
    const encoder = analyzeNetwork(BERT_LARGE.build({ seq: 128, mode: 'inference' }));
    expect(encoder.totals.params).toBe(335_141_888);
    expect(twoFigures(encoder.totals.params)).toBe(BERT_LARGE.publishedParams.value);
    const pretraining = analyzeNetwork(BERT_LARGE.build({ seq: 128, mode: 'train' }));
    expect(pretraining.totals.params).toBe(335_141_888 + 1_049_600 + 2_048 + 30_522 + 2_050);
    expect(twoFigures(pretraining.totals.params)).toBe(340e6);
  });
});

describe('bert pretraining heads', () => {
  it('runs the masked-LM head on every position as Hugging Face does, in training only', () => {
    const train = analyzeNetwork(BERT_BASE.build({ seq: 512, mode: 'train' }));
    const decoder = train.layers.find((layer) => layer.name === 'cls.predictions.decoder');
    expect(decoder?.outputElements).toBe(512 * 30522);
    expect(decoder?.forwardFlops).toBe(2 * 512 * 768 * 30522 + 512 * 30522);
    // Dropout after the embeddings and after each layer's attention output and FFN output.
    expect(train.layers.filter((layer) => layer.type === 'dropout')).toHaveLength(1 + 2 * 12);
  });

  it("runs the masked-LM head on 15 % of positions when NVIDIA's scripts gather them", () => {
    expect(maskedPositions(128)).toBe(19); // round(19.2)
    expect(maskedPositions(512)).toBe(77); // round(76.8)
    expect(maskedPositions(2)).toBe(1); // at least one
    const train = analyzeNetwork(
      BERT_BASE.build({ seq: 512, mode: 'train', mlmPositions: 'masked' }),
    );
    const decoder = train.layers.find((layer) => layer.name === 'cls.predictions.decoder');
    // 77 rows of 30522 logits; the weight is the word embedding's (read, not owned).
    expect(decoder?.outputElements).toBe(77 * 30522);
    expect(decoder?.params).toBe(30522);
    expect(decoder?.weightElements).toBe(768 * 30522 + 30522);
    expect(decoder?.forwardFlops).toBe(2 * 77 * 768 * 30522 + 77 * 30522);
    const inference = analyzeNetwork(BERT_BASE.build({ seq: 512, mode: 'inference' }));
    expect(inference.layers.filter((layer) => layer.name.startsWith('cls.'))).toEqual([]);
  });

  it('attends over the whole sequence (not causal) and respects 512 positions', () => {
    const { layers } = analyzeNetwork(BERT_BASE.build({ seq: 128, mode: 'inference' }));
    const attention = layers.filter((layer) => layer.type === 'attention');
    expect(attention).toHaveLength(12);
    // 4·12·128·128·64 + 5·12·128·128, no halving.
    expect(attention[0]?.forwardFlops).toBe(4 * 12 * 128 * 128 * 64 + 5 * 12 * 128 * 128);
    expect(() => BERT_BASE.build({ seq: 513, mode: 'train' })).toThrow(/at most 512/);
    expect(() => BERT_BASE.build({ seq: 8, mode: 'inference', phase: 'decode' })).toThrow(
      /decoder language models/,
    );
  });
});
