import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('linear layer', () => {
  it('counts a 3 → 4 linear with bias over 2 tokens by hand', () => {
    expect(
      analyzeLayer({ type: 'linear', name: 'fc', inFeatures: 3, outFeatures: 4, tokens: 2 }, 0),
    ).toEqual(
      layerCost({
        name: 'fc',
        type: 'linear',
        params: 16, // 3·4 weights + 4 biases
        paramTensors: 2,
        weightElements: 16,
        forwardFlops: 56, // 2·T·I·O = 2·2·3·4 = 48, + T·O = 8 for the bias
        backwardFlops: 104, // 2·48 (input and weight gradients) + 8 (bias gradient)
        forwardIoElements: 14, // T·I + T·O = 6 + 8
        backwardIoElements: 20, // 2·T·I + T·O = 12 + 8
        savedElements: 6, // T·I
        outputElements: 8, // T·O
        matmul: true,
        alignmentElements: 1, // 3 is odd: the largest power of two dividing both 3 and 4 is 1
      }),
    );
  });

  it('gives the alignment of a vocabulary that is not a multiple of 8, and none otherwise', () => {
    const head = (outFeatures: number) =>
      analyzeLayer({ type: 'linear', inFeatures: 768, outFeatures, bias: false }, 0)
        .alignmentElements;
    expect(head(50_257)).toBe(1); // GPT-2: odd
    expect(head(30_522)).toBe(2); // BERT: 2 × 15,261
    expect(head(30_524)).toBe(4);
    expect(head(50_304)).toBeUndefined(); // nanoGPT's padded vocabulary, 64 × 786
  });

  it('defaults to one row and a bias', () => {
    const cost = analyzeLayer({ type: 'linear', inFeatures: 10, outFeatures: 5 }, 7);
    expect(cost.name).toBe('linear#7');
    expect(cost.params).toBe(55); // 10·5 + 5
    expect(cost.forwardFlops).toBe(105); // 2·1·10·5 + 5
  });

  it('reads a tied weight but owns no parameter for it', () => {
    // GPT-2's head: 3 → 4, no bias: weights read 12, params 0, FLOPs 2·3·4 = 24.
    const head = analyzeLayer(
      { type: 'linear', inFeatures: 3, outFeatures: 4, bias: false, tiedWeights: true },
      0,
    );
    expect(head).toMatchObject({ params: 0, weightElements: 12, forwardFlops: 24 });
    expect(head.backwardFlops).toBe(48);
    // BERT's masked-LM decoder: tied weight, but its own 4-wide bias is a parameter.
    const decoder = analyzeLayer(
      { type: 'linear', inFeatures: 3, outFeatures: 4, bias: true, tiedWeights: true },
      0,
    );
    expect(decoder).toMatchObject({ params: 4, weightElements: 16 });
  });

  it('names the layer and the field when a size is impossible', () => {
    const bad = (fields: Record<string, unknown>) => () =>
      analyzeLayer({ type: 'linear', name: 'fc1', inFeatures: 3, outFeatures: 4, ...fields }, 2);
    expect(bad({ inFeatures: -1 })).toThrow(/layer 2 "fc1" \(linear\): inFeatures.*-1/);
    expect(bad({ outFeatures: 1.5 })).toThrow(/layer 2 "fc1" \(linear\): outFeatures/);
    expect(bad({ tokens: NaN })).toThrow(/tokens.*NaN/);
    expect(bad({ inFeatures: 0 })).toThrow(RangeError);
    expect(bad({ bias: 'yes' })).toThrow(/layer 2 "fc1" \(linear\): bias/);
    expect(bad({ tiedWeights: 1 })).toThrow(/tiedWeights/);
  });
});
