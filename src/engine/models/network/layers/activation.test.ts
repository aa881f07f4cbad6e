import { describe, expect, it } from 'vitest';
import type { ActivationFn } from '../types';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('activation layer', () => {
  it('counts a GELU over 10 elements by hand', () => {
    expect(analyzeLayer({ type: 'activation', fn: 'gelu', elements: 10 }, 5)).toEqual(
      layerCost({
        name: 'activation#5',
        type: 'activation',
        forwardFlops: 80, // 8 per element
        backwardFlops: 160, // 2× forward
        forwardIoElements: 20, // read 10, write 10
        backwardIoElements: 30, // read dy and x, write dx
        savedElements: 10,
        outputElements: 10,
      }),
    );
  });

  it('uses the FLOPs per element of each function', () => {
    const perElement: Record<ActivationFn, number> = {
      relu: 1,
      gelu: 8,
      'gelu-new': 8,
      silu: 4,
      tanh: 4,
      sigmoid: 4,
    };
    for (const [fn, flops] of Object.entries(perElement)) {
      const cost = analyzeLayer({ type: 'activation', fn: fn as ActivationFn, elements: 3 }, 0);
      expect(cost.forwardFlops).toBe(3 * flops);
    }
  });

  it('rejects an unknown function, naming the layer', () => {
    expect(() =>
      analyzeLayer(
        { type: 'activation', name: 'act', fn: 'swish' as ActivationFn, elements: 3 },
        2,
      ),
    ).toThrow(/layer 2 "act" \(activation\): fn must be one of relu/);
  });

  it('runs Hugging Face’s Python gelu_new as eight separate element-wise ops', () => {
    const cost = analyzeLayer({ type: 'activation', fn: 'gelu-new', elements: 10 }, 0);
    expect(cost.forwardKernels).toBe(8);
    expect(cost.forwardIoElements).toBe(160); // a read and a write per op
    expect(cost.savedElements).toBe(40); // x, 0.5·x, tanh's output and 1 + tanh
    const fused = analyzeLayer({ type: 'activation', fn: 'gelu', elements: 10 }, 0);
    expect(fused.forwardFlops).toBe(cost.forwardFlops);
    expect(fused.forwardKernels).toBe(1);
  });
});
