import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('pooling layers', () => {
  it('counts a 2×2 max pool by hand', () => {
    // C 2 on 4×4, k 2, stride k: H' = floor((4 − 2)/2) + 1 = 2, out = 2·2·2 = 8.
    expect(
      analyzeLayer(
        { type: 'maxpool2d', name: 'pool', channels: 2, inHeight: 4, inWidth: 4, kernel: 2 },
        0,
      ),
    ).toEqual(
      layerCost({
        name: 'pool',
        type: 'maxpool2d',
        forwardFlops: 32, // k²·out = 4·8
        backwardFlops: 8, // out: scatter to the winner
        forwardIoElements: 40, // C·H·W + out = 32 + 8
        backwardIoElements: 40,
        savedElements: 32, // the input (and its indices)
        outputElements: 8,
      }),
    );
  });

  it('saves nothing for an average pool', () => {
    const avg = analyzeLayer(
      { type: 'avgpool2d', channels: 2, inHeight: 4, inWidth: 4, kernel: 2 },
      0,
    );
    expect(avg).toMatchObject({ savedElements: 0, forwardFlops: 32, backwardFlops: 8 });
  });

  it("counts ResNet's stem pool (3×3, stride 2, padding 1 on 64×112×112)", () => {
    // H' = floor((112 + 2 − 3)/2) + 1 = 56; out = 64·56·56 = 200,704; forward 9·200,704.
    const cost = analyzeLayer(
      {
        type: 'maxpool2d',
        channels: 64,
        inHeight: 112,
        inWidth: 112,
        kernel: 3,
        stride: 2,
        padding: 1,
      },
      0,
    );
    expect(cost.outputElements).toBe(200_704);
    expect(cost.forwardFlops).toBe(1_806_336);
  });

  it('rejects padding over half the kernel and an empty output', () => {
    const pool = { type: 'maxpool2d', channels: 1, inHeight: 4, inWidth: 4 } as const;
    expect(() => analyzeLayer({ ...pool, kernel: 2, padding: 2 }, 1)).toThrow(
      /layer 1 \(maxpool2d\): padding/,
    );
    expect(() => analyzeLayer({ ...pool, kernel: 5 }, 1)).toThrow(/inHeight 4 .*empty/);
  });

  it('counts a global average pool by hand', () => {
    // C 4 on 3×3: C·H·W = 36.
    expect(
      analyzeLayer({ type: 'global-avgpool', channels: 4, height: 3, width: 3 }, 0),
    ).toMatchObject({
      forwardFlops: 36,
      backwardFlops: 36,
      forwardIoElements: 40, // 36 + C
      backwardIoElements: 40,
      savedElements: 0,
      outputElements: 4,
    });
  });
});
