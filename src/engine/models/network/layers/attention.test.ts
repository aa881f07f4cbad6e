import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('attention layer', () => {
  it('counts full attention by hand', () => {
    // h 2, g 2, d 4, q 3, k 5.
    expect(
      analyzeLayer(
        { type: 'attention', name: 'attn', heads: 2, headDim: 4, queries: 3, keys: 5 },
        0,
      ),
    ).toEqual(
      layerCost({
        name: 'attn',
        type: 'attention',
        forwardFlops: 630, // 4·h·q·k·d = 4·2·3·5·4 = 480, + softmax 5·h·q·k = 150
        backwardFlops: 1575, // 2.5 × 630
        forwardIoElements: 128, // Q h·q·d = 24, K and V 2·g·k·d = 80, O 24
        backwardIoElements: 256, // 2× forward
        savedElements: 134, // Q 24 + K, V 80 + O 24 + log-sum-exp h·q = 6
        outputElements: 24, // h·q·d
        matmul: true,
        kvCacheElements: 80, // 2·g·k·d
      }),
    );
  });

  it('halves a causal square attention and uses fewer KV heads', () => {
    // h 2, g 1, d 4, q = k = 4: (4·2·4·4·4 + 5·2·4·4) / 2 = (512 + 160) / 2 = 336.
    const cost = analyzeLayer(
      { type: 'attention', heads: 2, kvHeads: 1, headDim: 4, queries: 4, keys: 4, causal: true },
      0,
    );
    expect(cost).toMatchObject({
      forwardFlops: 336,
      backwardFlops: 840,
      forwardIoElements: 96, // Q 2·4·4 = 32, K and V 2·1·4·4 = 32, O 32
      savedElements: 104, // 32 + 32 + 32 + 8
      kvCacheElements: 32,
    });
  });

  it('does not halve a causal decode step (one query sees every cached key)', () => {
    // h 2, d 4, q 1, k 4: 4·2·1·4·4 = 128, + 5·2·1·4 = 40.
    const cost = analyzeLayer(
      { type: 'attention', heads: 2, headDim: 4, queries: 1, keys: 4, causal: true },
      0,
    );
    expect(cost.forwardFlops).toBe(168);
    expect(cost.kvCacheElements).toBe(64); // 2·2·4·4
  });

  it('rejects KV heads that do not divide the heads and causal queries past the keys', () => {
    const base = { type: 'attention', name: 'a', headDim: 4, queries: 2, keys: 2 } as const;
    expect(() => analyzeLayer({ ...base, heads: 4, kvHeads: 3 }, 6)).toThrow(
      /layer 6 "a" \(attention\): kvHeads/,
    );
    expect(() => analyzeLayer({ ...base, heads: 1, queries: 3, causal: true }, 6)).toThrow(
      /queries \(3\) cannot exceed keys/,
    );
    expect(() => analyzeLayer({ ...base, heads: 1, headDim: 0.5 }, 6)).toThrow(/headDim/);
  });
});
