import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('conv2d layer', () => {
  it('counts a 3×3 same-padded convolution by hand', () => {
    // Cin 2 → Cout 3, k 3, stride 1, padding 1 on 4×4: H' = floor((4 + 2 − 3)/1) + 1 = 4.
    expect(
      analyzeLayer(
        {
          type: 'conv2d',
          name: 'conv',
          inChannels: 2,
          outChannels: 3,
          kernel: 3,
          padding: 1,
          inHeight: 4,
          inWidth: 4,
        },
        0,
      ),
    ).toEqual(
      layerCost({
        name: 'conv',
        type: 'conv2d',
        params: 54, // Cout·Cin·k² = 3·2·9, no bias by default
        paramTensors: 1,
        weightElements: 54,
        forwardFlops: 1728, // 2·MACs, MACs = Cout·H'·W'·Cin·k² = 3·4·4·2·9 = 864
        backwardFlops: 3456, // 2× forward
        forwardIoElements: 80, // Cin·H·W + Cout·H'·W' = 32 + 48
        backwardIoElements: 112, // 2·32 + 48
        savedElements: 32, // Cin·H·W
        outputElements: 48, // Cout·H'·W' = 3·4·4
        matmul: true,
      }),
    );
  });

  it('handles stride, a rectangular input and a bias', () => {
    // Cin 1 → Cout 2, k 3, stride 2, no padding on 5×7: H' = floor(2/2) + 1 = 2,
    // W' = floor(4/2) + 1 = 3, so the output is 2·2·3 = 12 and MACs = 12·1·9 = 108.
    const cost = analyzeLayer(
      {
        type: 'conv2d',
        inChannels: 1,
        outChannels: 2,
        kernel: 3,
        stride: 2,
        inHeight: 5,
        inWidth: 7,
        bias: true,
      },
      0,
    );
    expect(cost).toMatchObject({
      outputElements: 12,
      forwardFlops: 228, // 2·108 + 12 for the bias
      backwardFlops: 456,
      params: 20, // 2·1·9 + 2
    });
  });

  it('rejects a kernel larger than the padded input (an empty output)', () => {
    // H + 2p − k = 2 + 2 − 5 = −1, so H' = floor(−1) + 1 = 0.
    expect(() =>
      analyzeLayer(
        {
          type: 'conv2d',
          name: 'c',
          inChannels: 1,
          outChannels: 1,
          kernel: 5,
          padding: 1,
          inHeight: 2,
          inWidth: 9,
        },
        4,
      ),
    ).toThrow(/layer 4 "c" \(conv2d\): inHeight 2 .*empty/);
  });

  it('names bad fields', () => {
    const spec = { type: 'conv2d', inChannels: 1, outChannels: 1, kernel: 1, inHeight: 2 } as const;
    expect(() => analyzeLayer({ ...spec, inWidth: 2, stride: 0 }, 1)).toThrow(
      /layer 1 \(conv2d\): stride/,
    );
    expect(() => analyzeLayer({ ...spec, inWidth: 2, padding: -1 }, 1)).toThrow(/padding/);
    expect(() => analyzeLayer({ ...spec, inWidth: Infinity }, 1)).toThrow(/inWidth/);
  });
});
