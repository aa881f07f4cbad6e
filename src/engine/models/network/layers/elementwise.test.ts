import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('two-input element-wise layers', () => {
  it('counts a residual add of 7 by hand', () => {
    expect(analyzeLayer({ type: 'residual-add', name: 'add', elements: 7 }, 0)).toEqual(
      layerCost({
        name: 'add',
        type: 'residual-add',
        forwardFlops: 7, // N
        backwardFlops: 0, // the gradient passes through
        forwardIoElements: 21, // read 2N, write N
        outputElements: 7,
      }),
    );
  });

  it('counts a multiply of 7 by hand', () => {
    expect(analyzeLayer({ type: 'multiply', elements: 7 }, 0)).toMatchObject({
      forwardFlops: 7, // N
      backwardFlops: 14, // 2N
      forwardIoElements: 21, // 3N
      backwardIoElements: 35, // 5N: read dy, a and b; write da and db
      savedElements: 14, // both inputs
      outputElements: 7,
    });
  });

  it('names bad fields', () => {
    expect(() => analyzeLayer({ type: 'multiply', name: 'gate', elements: 2 ** 53 }, 4)).toThrow(
      /layer 4 "gate" \(multiply\): elements/,
    );
  });
});
