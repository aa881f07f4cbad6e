import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('embedding layer', () => {
  it('counts a 100 × 8 table looked up for 5 tokens by hand', () => {
    expect(
      analyzeLayer({ type: 'embedding', name: 'wte', vocab: 100, dim: 8, tokens: 5 }, 0),
    ).toEqual(
      layerCost({
        name: 'wte',
        type: 'embedding',
        params: 800, // V·D
        paramTensors: 1,
        weightElements: 0, // only the 5 rows are read, counted in forwardIo
        forwardFlops: 0, // a gather
        backwardFlops: 40, // T·D scatter-add
        forwardIoElements: 85, // T + 2·T·D = 5 + 80
        backwardIoElements: 80, // 2·T·D
        savedElements: 5, // the indices
        outputElements: 40, // T·D
      }),
    );
  });

  it('requires tokens', () => {
    expect(() => analyzeLayer({ type: 'embedding', vocab: 10, dim: 2 } as never, 3)).toThrow(
      /layer 3 \(embedding\): tokens/,
    );
  });
});
