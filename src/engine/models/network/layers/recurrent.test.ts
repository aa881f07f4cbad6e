import { describe, expect, it } from 'vitest';
import { layerCost } from '../layer-fixture';
import { analyzeLayer } from './analyze';

describe('recurrent layers', () => {
  it('counts an LSTM by hand', () => {
    // G 4, I 2, H 3, S 4.
    expect(
      analyzeLayer({ type: 'lstm', name: 'rnn', inputSize: 2, hiddenSize: 3, steps: 4 }, 0),
    ).toEqual(
      layerCost({
        name: 'rnn',
        type: 'lstm',
        params: 84, // G·H·(I + H) + 2·G·H = 4·3·5 + 2·4·3 = 60 + 24
        paramTensors: 4,
        weightElements: 84,
        forwardFlops: 600, // S·(2·G·H·(I + H) + 10·H) = 4·(120 + 30)
        backwardFlops: 1200,
        forwardIoElements: 104, // S·(I + 2H + G·H + 2H) = 4·(2 + 6 + 12 + 6)
        backwardIoElements: 208,
        savedElements: 80, // S·(I + H + G·H + H) = 4·(2 + 3 + 12 + 3)
        outputElements: 12, // S·H
        matmul: true,
        forwardKernels: 8, // 2 per step
        serialSteps: 4,
      }),
    );
  });

  it("counts a GRU's parameters as PyTorch does", () => {
    // nn.GRU(2, 3): weight_ih 9×2 = 18, weight_hh 9×3 = 27, two biases of 9 → 63.
    const gru = analyzeLayer({ type: 'gru', inputSize: 2, hiddenSize: 3, steps: 4 }, 0);
    expect(gru.params).toBe(63);
    expect(gru.forwardFlops).toBe(480); // 4·(2·3·3·5 + 30)
  });

  it('names bad fields', () => {
    expect(() => analyzeLayer({ type: 'lstm', inputSize: 2, hiddenSize: 3, steps: 0 }, 9)).toThrow(
      /layer 9 \(lstm\): steps/,
    );
  });
});
