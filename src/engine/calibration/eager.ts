/**
 * Calibration cases for eager PyTorch as learners run it: the steps measured on one H200
 * (`H200_EAGER`: PyTorch 2.11, torchvision and Hugging Face models, bf16 autocast; each time the
 * mean of the two runs' medians). The host model's fitted multiples (eager/host.ts), the cuDNN
 * kernel counts (eager/dispatch.ts) and Hopper's convolution share (matmul-efficiency.ts) were
 * set on these cases and on the BERT profiler trace, so every one is marked fitted; the engine is
 * judged on other networks, batches and phases it has not seen. Step times are held to 15 %,
 * peak memory (`max_memory_allocated()`, in GB of 10⁹ bytes) to 10 %.
 */
import type { CalibrationCase } from './case';
import { H200_EAGER } from '../catalog/network-sources';
import { predictTrainStep, type TrainStepRequest } from '../models/network/predict-network';

/** Tolerance of an eager step's time. */
const EAGER_TIME = 0.15;
/** Tolerance of an eager step's peak memory. */
const EAGER_MEMORY = 0.1;

/** Milliseconds the mean of two runs took. */
function meanMs(run1: number, run2: number): number {
  return (run1 + run2) / 2;
}

/** A disclosed H200 step: what it was, its two runs (ms), its peak and the request. */
function eagerCases(
  id: string,
  what: string,
  runsMs: readonly [number, number],
  peakBytes: number,
  request: Omit<TrainStepRequest, 'gpu'>,
): CalibrationCase[] {
  const predict = () => predictTrainStep({ ...request, gpu: 'h200-sxm' });
  return [
    eagerTime(id, what, runsMs, request),
    {
      id: `${id}-memory`,
      what: `${what}: peak allocated (eager, H200; ${peakBytes.toLocaleString('en-US')} B)`,
      measured: peakBytes / 1e9,
      unit: 'GB',
      source: H200_EAGER,
      tolerance: EAGER_MEMORY,
      usedForFitting: true,
      predict: () => predict().bytes / 1e9,
    },
  ];
}

/** The time case of a disclosed H200 step. */
function eagerTime(
  id: string,
  what: string,
  runsMs: readonly [number, number],
  request: Omit<TrainStepRequest, 'gpu'>,
): CalibrationCase {
  return {
    id,
    what: `${what} (eager, H200; runs ${runsMs[0]} and ${runsMs[1]} ms)`,
    measured: meanMs(runsMs[0], runsMs[1]),
    unit: 'ms',
    source: H200_EAGER,
    tolerance: EAGER_TIME,
    usedForFitting: true,
    predict: () => predictTrainStep({ ...request, gpu: 'h200-sxm' }).seconds * 1e3,
  };
}

/** BERT-base pretraining at batch 32, seq 128, AMP bf16, AdamW: measured with foreach and fused. */
const BERT_BASE_B32: Omit<TrainStepRequest, 'gpu'> = {
  model: 'bert-base',
  batch: 32,
  seq: 128,
  precision: 'amp-bf16',
  optimizer: 'adamw',
};

/** The disclosed eager steps, one per row of the table in hardware-figures.md. */
export const EAGER_CALIBRATION_CASES: readonly CalibrationCase[] = [
  ...eagerCases(
    'h200-eager-mlp-b64',
    'MLP 784-512-512-10, fp32, SGD momentum, batch 64',
    [1.358, 1.083],
    76_528_640,
    {
      model: 'mlp-mnist',
      batch: 64,
      precision: 'fp32',
      optimizer: 'sgd',
    },
  ),
  ...eagerCases(
    'h200-eager-resnet50-b128',
    'ResNet-50 (torchvision), AMP bf16, channels_last, SGD momentum, batch 128',
    [30.01, 31.32],
    6_093_652_992,
    { model: 'resnet50', batch: 128, precision: 'amp-bf16', optimizer: 'sgd' },
  ),
  ...eagerCases(
    'h200-eager-resnet50-b32',
    'ResNet-50 (torchvision), AMP bf16, channels_last, SGD momentum, batch 32',
    [21.71, 20.14],
    1_825_165_312,
    { model: 'resnet50', batch: 32, precision: 'amp-bf16', optimizer: 'sgd' },
  ),
  ...eagerCases(
    'h200-eager-bert-base-b32',
    'BERT-base with pretraining heads (Hugging Face), AMP bf16, AdamW (foreach), batch 32, seq 128',
    [39.56, 46.05],
    4_554_959_360,
    BERT_BASE_B32,
  ),
  ...eagerCases(
    'h200-eager-bert-base-b32-fused',
    'BERT-base with pretraining heads, AMP bf16, AdamW(fused=True), batch 32, seq 128',
    [31.79, 42.04],
    4_555_064_832,
    { ...BERT_BASE_B32, fusedOptimizer: true },
  ),
];
