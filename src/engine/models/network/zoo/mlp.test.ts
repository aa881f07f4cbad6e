import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import { MLP_MNIST } from './mlp';

describe('mlp-mnist', () => {
  it('has the parameter count of the Keras example, counted by hand', () => {
    // (784·512 + 512) + (512·512 + 512) + (512·10 + 10) = 401,920 + 262,656 + 5,130.
    const { totals } = analyzeNetwork(MLP_MNIST.build({ seq: 1, mode: 'train' }));
    expect(totals.params).toBe(669_706);
    expect(totals.params).toBe(MLP_MNIST.publishedParams.value);
  });

  it('does 2·params FLOPs forward, plus ReLUs and the loss in training only', () => {
    // 2·(784·512 + 512·512 + 512·10) = 2·668,672 = 1,337,344; biases 1,034; ReLUs 2·512.
    const inference = analyzeNetwork(MLP_MNIST.build({ seq: 1, mode: 'inference' }));
    expect(inference.totals.forwardFlops).toBe(1_337_344 + 1_034 + 1_024);
    expect(inference.layers.some((l) => l.type === 'softmax-cross-entropy')).toBe(false);
    const train = analyzeNetwork(MLP_MNIST.build({ seq: 1, mode: 'train' }));
    expect(train.totals.forwardFlops - inference.totals.forwardFlops).toBe(50); // 5·10
  });
});
