/** Training requests the tests of the network model and its views share. */
import type { TrainStepRequest } from '../predict-network';

/**
 * BERT-base pretraining as measured in eager PyTorch on the H200 (the calibration's
 * h200-eager-bert-base-b32): AMP bf16, AdamW (foreach), batch 32, seq 128.
 */
export const BERT_BASE_ON_H200: TrainStepRequest = {
  model: 'bert-base',
  gpu: 'h200-sxm',
  batch: 32,
  seq: 128,
  precision: 'amp-bf16',
  optimizer: 'adamw',
};
