import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('softmax cross-entropy', () => {
  it('counts 3 rows of 10 classes by hand', () => {
    expect(
      analyzeLayer({ type: 'softmax-cross-entropy', name: 'loss', classes: 10, tokens: 3 }, 0),
    ).toEqual(
      layerCost({
        name: 'loss',
        type: 'softmax-cross-entropy',
        forwardFlops: 150, // 5·T·C
        backwardFlops: 60, // 2·T·C
        forwardIoElements: 33, // T·C + T
        backwardIoElements: 60, // 2·T·C
        savedElements: 30, // T·C
        outputElements: 3, // one loss per row
      }),
    );
  });

  it('names bad fields', () => {
    expect(() => analyzeLayer({ type: 'softmax-cross-entropy', classes: -3 }, 1)).toThrow(
      /layer 1 \(softmax-cross-entropy\): classes/,
    );
  });
});
