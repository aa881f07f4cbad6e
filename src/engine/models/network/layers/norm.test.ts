import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('normalisation layers', () => {
  it('counts a batch norm by hand', () => {
    // N = C·H·W = 2·3·4 = 24.
    expect(
      analyzeLayer({ type: 'batchnorm2d', name: 'bn', channels: 2, height: 3, width: 4 }, 0),
    ).toEqual(
      layerCost({
        name: 'bn',
        type: 'batchnorm2d',
        params: 4, // 2C: scale and shift
        paramTensors: 2,
        weightElements: 4,
        forwardFlops: 120, // 5N
        backwardFlops: 240, // 10N
        forwardIoElements: 72, // 3N: a statistics pass and a normalising pass
        backwardIoElements: 96, // 4N
        savedElements: 24,
        outputElements: 24,
      }),
    );
  });

  it('counts a layer norm and an RMS norm by hand', () => {
    // N = T·F = 3·8 = 24.
    const ln = analyzeLayer({ type: 'layernorm', features: 8, tokens: 3 }, 0);
    expect(ln).toMatchObject({
      params: 16, // 2F
      forwardFlops: 120, // 5N
      backwardFlops: 240,
      forwardIoElements: 48, // 2N
      backwardIoElements: 120, // 5N: the input-gradient kernel 3N, the scale-and-shift one 2N
      savedElements: 24,
      outputElements: 24,
      matmul: false,
    });
    const rms = analyzeLayer({ type: 'rmsnorm', features: 8, tokens: 3 }, 0);
    expect(rms).toMatchObject({
      params: 8,
      weightElements: 8,
      forwardFlops: 96,
      backwardFlops: 192,
      backwardIoElements: 72, // 3N
    });
    // One token by default: N = 8, forward 5·8.
    expect(analyzeLayer({ type: 'layernorm', features: 8 }, 0).forwardFlops).toBe(40);
  });

  it('names bad fields', () => {
    expect(() =>
      analyzeLayer({ type: 'batchnorm2d', channels: 0, height: 1, width: 1 }, 3),
    ).toThrow(/layer 3 \(batchnorm2d\): channels/);
    expect(() => analyzeLayer({ type: 'rmsnorm', name: 'n', features: 8, tokens: -2 }, 1)).toThrow(
      /layer 1 "n" \(rmsnorm\): tokens/,
    );
  });
});
