import { describe, expect, it } from 'vitest';
import { MAX_LAYERS, parseLayerList } from './parse-network';

const fc = { type: 'linear', name: 'fc', inFeatures: 4, outFeatures: 2 };

describe('parseLayerList on good input', () => {
  it('returns fresh specs holding only the known fields', () => {
    const input = JSON.parse(
      '[{"type":"linear","name":"fc","inFeatures":4,"outFeatures":2,"bias":false},' +
        '{"type":"activation","fn":"relu","elements":2},' +
        '{"type":"softmax-cross-entropy","classes":2}]',
    ) as unknown[];
    const specs = parseLayerList(input);
    expect(specs).toEqual([
      { type: 'linear', name: 'fc', inFeatures: 4, outFeatures: 2, bias: false },
      { type: 'activation', fn: 'relu', elements: 2 },
      { type: 'softmax-cross-entropy', classes: 2 },
    ]);
    expect(specs[0]).not.toBe(input[0]);
    expect(Object.getPrototypeOf(specs[0])).toBe(Object.prototype);
  });

  it('accepts null-prototype objects and every layer type', () => {
    const layer = Object.assign(Object.create(null) as object, fc);
    expect(parseLayerList([layer])).toHaveLength(1);
    const all = [
      fc,
      { type: 'conv2d', inChannels: 1, outChannels: 2, kernel: 3, inHeight: 8, inWidth: 8 },
      { type: 'batchnorm2d', channels: 2, height: 6, width: 6 },
      { type: 'layernorm', features: 4, tokens: 2 },
      { type: 'rmsnorm', features: 4 },
      { type: 'maxpool2d', channels: 2, inHeight: 6, inWidth: 6, kernel: 2 },
      { type: 'avgpool2d', channels: 2, inHeight: 6, inWidth: 6, kernel: 3, stride: 1 },
      { type: 'global-avgpool', channels: 2, height: 4, width: 4 },
      { type: 'embedding', vocab: 10, dim: 4, tokens: 3 },
      { type: 'attention', heads: 2, kvHeads: 1, headDim: 4, queries: 3, keys: 3, causal: true },
      { type: 'lstm', inputSize: 4, hiddenSize: 4, steps: 3 },
      { type: 'gru', inputSize: 4, hiddenSize: 4, steps: 3 },
      { type: 'residual-add', elements: 8 },
      { type: 'multiply', elements: 8 },
      { type: 'activation', fn: 'silu', elements: 8 },
      { type: 'softmax-cross-entropy', classes: 2, tokens: 3 },
    ];
    expect(parseLayerList(all).map((spec) => spec.type)).toHaveLength(16);
  });
});

describe('parseLayerList on hostile input', () => {
  const one = (layer: unknown) => () => parseLayerList([fc, layer]);

  it('rejects what is not a list of 1 to 1,000 layers', () => {
    expect(() => parseLayerList({ 0: fc, length: 1 })).toThrow(/JSON array/);
    expect(() => parseLayerList('[]')).toThrow(/JSON array/);
    expect(() => parseLayerList(null)).toThrow(/JSON array/);
    expect(() => parseLayerList([])).toThrow(/from 1 to 1000 layers, got 0/);
    expect(() => parseLayerList(new Array(MAX_LAYERS + 1).fill(fc))).toThrow(/got 1001/);
    expect(parseLayerList(new Array(MAX_LAYERS).fill(fc))).toHaveLength(MAX_LAYERS);
  });

  it('rejects layers that are not plain objects, naming the index', () => {
    expect(one(null)).toThrow(/layer 1 must be an object, got null/);
    expect(one(7)).toThrow(/layer 1 must be an object/);
    expect(one([fc])).toThrow(/layer 1 must be an object, got an array/);
    const sparse: unknown[] = [fc];
    sparse[2] = fc; // a hole at index 1
    expect(() => parseLayerList(sparse)).toThrow(/layer 1 must be an object/);
    expect(one(new Date())).toThrow(/layer 1 must be a plain object/);
    class Layer {
      type = 'multiply';
      elements = 2;
    }
    expect(one(new Layer())).toThrow(/plain object/);
  });

  it('rejects a missing or unknown type', () => {
    expect(one({ elements: 2 })).toThrow(/layer 1 \(unknown type\): type must be one of/);
    expect(one({ type: 'maxout', name: 'drop' })).toThrow(/layer 1 "drop".*"maxout"/);
    expect(one({ type: 'toString' })).toThrow(/type must be one of/);
  });

  it('names unknown fields, __proto__ and constructor included, and pollutes nothing', () => {
    const proto = JSON.parse(
      '{"type":"multiply","elements":2,"__proto__":{"polluted":true}}',
    ) as unknown;
    expect(one(proto)).toThrow(/layer 1 \(multiply\): unknown field "__proto__"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(one({ type: 'multiply', elements: 2, constructor: 1 })).toThrow(/"constructor"/);
    expect(one({ ...fc, dropout: 0.1, act: 'relu' })).toThrow(
      /layer 1 "fc" \(linear\): unknown fields "dropout", "act" \(a linear layer takes type, name, inFeatures/,
    );
  });

  it('refuses getters and symbol keys without running them', () => {
    let ran = false;
    const getter = {
      type: 'multiply',
      get elements() {
        ran = true;
        return 2;
      },
    };
    expect(one(getter)).toThrow(/layer 1: field "elements" must be plain data/);
    expect(ran).toBe(false);
    expect(one({ type: 'multiply', elements: 2, [Symbol('x')]: 1 })).toThrow(/symbol/);
  });

  it('insists on safe integers in sane ranges, naming the field', () => {
    const mul = (elements: unknown) => one({ type: 'multiply', name: 'm', elements });
    expect(mul('3')).toThrow(/layer 1 "m" \(multiply\): elements must be a whole number.*"3"/);
    expect(mul(1.5)).toThrow(/elements.*1\.5/);
    expect(mul(-1)).toThrow(/elements.*-1/);
    expect(mul(0)).toThrow(/elements/);
    expect(mul(NaN)).toThrow(/elements.*NaN/);
    expect(mul(Infinity)).toThrow(/elements.*Infinity/);
    expect(mul(2 ** 53)).toThrow(/elements/);
    expect(mul(true)).toThrow(/elements/);
    expect(mul({ valueOf: () => 3 })).toThrow(/elements.*an object/);
    expect(one({ ...fc, inFeatures: 2 ** 24 + 1 })).toThrow(/inFeatures must be a whole number/);
    expect(one({ ...fc, tokens: 2 ** 22 })).toThrow(/tokens/);
    expect(one({ ...fc, bias: 'false' })).toThrow(/layer 1 "fc" \(linear\): bias must be true/);
    expect(one({ type: 'activation', fn: 'swish', elements: 2 })).toThrow(/fn must be one of/);
  });

  it('requires the required fields and checks names', () => {
    expect(one({ type: 'linear', inFeatures: 4 })).toThrow(
      /layer 1 \(linear\): outFeatures is missing/,
    );
    expect(one({ ...fc, name: 42 })).toThrow(/layer 1: name must be a string/);
    expect(one({ ...fc, name: 'x'.repeat(201) })).toThrow(/at most 200 characters/);
  });

  it('rejects layers the analysis finds impossible', () => {
    const conv = {
      type: 'conv2d',
      inChannels: 1,
      outChannels: 1,
      kernel: 7,
      inHeight: 5,
      inWidth: 5,
    };
    expect(one(conv)).toThrow(/layer 1 \(conv2d\): inHeight 5 .*empty/);
    const attention = { type: 'attention', heads: 3, kvHeads: 2, headDim: 4, queries: 2, keys: 2 };
    expect(one(attention)).toThrow(/layer 1 \(attention\): kvHeads/);
  });
});
