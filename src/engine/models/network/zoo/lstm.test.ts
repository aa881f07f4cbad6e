import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import { LSTM_2X1024 } from './lstm';

describe('lstm-2x1024', () => {
  it('has the parameter count of PyTorch nn.LSTM(1024, 1024, 2) + nn.Linear(1024, 10)', () => {
    // Per LSTM layer: weight_ih 4096×1024 + weight_hh 4096×1024 = 8,388,608, biases 2·4096 =
    // 8,192, so 8,396,800; two layers 16,793,600; the linear 1024·10 + 10 = 10,250.
    const { totals } = analyzeNetwork(LSTM_2X1024.build({ seq: 100, mode: 'train' }));
    expect(totals.params).toBe(16_803_850);
    expect(totals.params).toBe(LSTM_2X1024.publishedParams.value);
  });

  it('runs seq dependent steps per layer and classifies the last step only', () => {
    const { layers, totals } = analyzeNetwork(LSTM_2X1024.build({ seq: 50, mode: 'inference' }));
    expect(totals.serialSteps).toBe(2 * 50 + 1);
    // Per step and layer 2·4·1024·2048 + 10·1024 = 16,787,456; the head 2·1024·10 + 10.
    expect(totals.forwardFlops).toBe(2 * 50 * 16_787_456 + 20_490);
    expect(layers.at(-1)?.outputElements).toBe(10);
  });
});
