import { describe, expect, it } from 'vitest';
import type { LayerSpec } from '../types';
import { analyzeLayer, analyzeNetwork, LAYER_TYPES } from './analyze';
import { LAYER_COST_NUMBER_FIELDS } from './cost';

describe('analyzeNetwork', () => {
  const net: LayerSpec[] = [
    { type: 'linear', name: 'fc1', inFeatures: 4, outFeatures: 3 },
    { type: 'activation', fn: 'relu', elements: 3 },
    { type: 'linear', name: 'fc2', inFeatures: 3, outFeatures: 2 },
    { type: 'softmax-cross-entropy', classes: 2 },
  ];

  it('sums every number field over the layers', () => {
    const { layers, totals } = analyzeNetwork(net);
    expect(layers.map((layer) => layer.name)).toEqual([
      'fc1',
      'activation#1',
      'fc2',
      'softmax-cross-entropy#3',
    ]);
    // params: (4·3 + 3) + (3·2 + 2) = 15 + 8.
    expect(totals.params).toBe(23);
    // forward: (2·4·3 + 3) + 3 + (2·3·2 + 2) + 5·2 = 27 + 3 + 14 + 10.
    expect(totals.forwardFlops).toBe(54);
    expect(totals.forwardKernels).toBe(4);
    for (const field of LAYER_COST_NUMBER_FIELDS) {
      expect(totals[field]).toBe(layers.reduce((sum, layer) => sum + layer[field], 0));
    }
    expect(Object.keys(totals).sort()).toEqual([...LAYER_COST_NUMBER_FIELDS].sort());
  });

  it('rejects an empty or non-array network and names the bad layer', () => {
    expect(() => analyzeNetwork([])).toThrow(/non-empty array/);
    expect(() => analyzeNetwork({} as never)).toThrow(RangeError);
    const bad = [...net, { type: 'linear', name: 'head', inFeatures: 2, outFeatures: -1 }];
    expect(() => analyzeNetwork(bad as LayerSpec[])).toThrow(
      /layer 4 "head" \(linear\): outFeatures/,
    );
  });
});

describe('analyzeLayer input checks', () => {
  it('rejects an unknown type, naming the layer and the field', () => {
    expect(() => analyzeLayer({ type: 'maxout', name: 'd' } as never, 3)).toThrow(
      /layer 3 "d" \(unknown type\): type must be one of linear/,
    );
    expect(() => analyzeLayer(null as never, 1)).toThrow(/layer 1 must be an object/);
  });

  it('rejects a name that is not a string and a bad index', () => {
    expect(() => analyzeLayer({ type: 'multiply', elements: 2, name: 5 as never }, 2)).toThrow(
      /layer 2 \(multiply\): name must be a string/,
    );
    expect(() => analyzeLayer({ type: 'multiply', elements: 2 }, -1)).toThrow(/layer index/);
  });

  it('knows every layer type once', () => {
    expect(new Set(LAYER_TYPES).size).toBe(LAYER_TYPES.length);
    expect(LAYER_TYPES).toHaveLength(17);
  });
});
