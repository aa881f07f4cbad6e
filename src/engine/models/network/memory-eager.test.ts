import { describe, expect, it } from 'vitest';
import { predictTrainStep, type TrainStepRequest } from './predict-network';
import { BERT_BASE_ON_H200 } from './testing/requests';

/**
 * The peaks of eager PyTorch steps measured on an H200 (`H200_EAGER`: PyTorch 2.11, bf16
 * autocast where named, max_memory_allocated() over several steps after warm-up), each held to
 * 10 % of the engine's prediction.
 */
const CASES: Array<{ name: string; request: Omit<TrainStepRequest, 'gpu'>; bytes: number }> = [
  {
    name: 'MLP 784-512-512-10, fp32, SGD momentum, batch 64',
    request: { model: 'mlp-mnist', batch: 64, precision: 'fp32', optimizer: 'sgd' },
    bytes: 76_528_640,
  },
  {
    name: 'ResNet-50, AMP bf16, SGD momentum, batch 128',
    request: { model: 'resnet50', batch: 128, precision: 'amp-bf16', optimizer: 'sgd' },
    bytes: 6_093_652_992,
  },
  {
    name: 'ResNet-50, AMP bf16, SGD momentum, batch 32',
    request: { model: 'resnet50', batch: 32, precision: 'amp-bf16', optimizer: 'sgd' },
    bytes: 1_825_165_312,
  },
  {
    name: 'BERT-base pretraining, AMP bf16, AdamW (foreach), batch 32, seq 128',
    request: BERT_BASE_ON_H200,
    bytes: 4_554_959_360,
  },
  {
    name: 'the same with AdamW(fused=True)',
    request: { ...BERT_BASE_ON_H200, fusedOptimizer: true },
    bytes: 4_555_064_832,
  },
];

/** The engine's prediction of case `index` on the H200. */
function predicted(index: number) {
  const request = CASES[index]?.request;
  if (!request) throw new Error(`no case ${index}`);
  return predictTrainStep({ gpu: 'h200-sxm', ...request });
}

describe('peak memory of eager steps measured on an H200', () => {
  it.each(CASES)('$name: within 10 %', ({ request, bytes }) => {
    const predicted = predictTrainStep({ gpu: 'h200-sxm', ...request }).bytes;
    expect(Math.abs(predicted / bytes - 1)).toBeLessThanOrEqual(0.1);
  });

  it('puts BERT’s peak in the masked-LM loss’s backward, with its logits a third of it', () => {
    const { memory } = predicted(3);
    expect(memory.peakLayer).toBe('cls.predictions.loss');
    // 4096 × 30522 logits at 12 bytes each: 16-bit logits and log-probs, nll's fp32 copy and
    // the fp32 gradient NllLossBackward makes; and the next-sentence head's 32 × 2 logits.
    expect(memory.lossHeadBytes).toBe(4096 * 30522 * 12 + 32 * 2 * 2);
    expect(memory.lossHeadBytes / memory.allocatedBytes).toBeGreaterThan(0.3);
  });

  it('matches lesson 5’s H100 snippet, which the engine was not fitted on', () => {
    // content/05-gpu-memory.mdx: Linear(4096, 4096), ReLU, Linear(4096, 4096), fp32, AdamW,
    // batch 512 on the H100 machine: 457 MiB between steps (weights, batch, moments and 65 MiB
    // of cuBLAS workspaces) and a peak of 713 MiB in opt.step() (gradients and the foreach
    // temporaries). That loop does not keep the model's output; the engine's loop holds `out`
    // (8 MiB) through the step.
    const model = [
      { type: 'linear', inFeatures: 4096, outFeatures: 4096 },
      { type: 'activation', fn: 'relu', elements: 4096 },
      { type: 'linear', inFeatures: 4096, outFeatures: 4096 },
    ];
    const { memory } = predictTrainStep({
      model,
      gpu: 'h100-sxm',
      batch: 512,
      precision: 'fp32',
      optimizer: 'adamw',
    });
    expect(memory.peakLayer).toBe('optimizer.step()');
    const out = 512 * 4096 * 4;
    expect((memory.allocatedBytes - out) / 2 ** 20).toBeCloseTo(713, 0);
  });

  it('puts ResNet-50’s peak at the start of backward', () => {
    const { memory } = predicted(1);
    expect(memory.peakLayer).toMatch(/^layer4\./);
  });
});
