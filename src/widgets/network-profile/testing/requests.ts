/** Request fixtures the profile's tests share. */
import type { ProfileRequest } from '../engine-port';

/** How the host runs a request when a test does not care: eager, foreach, the H200 machine. */
export const EAGER_HOST: Pick<ProfileRequest, 'execution' | 'fusedOptimizer' | 'hostOpSeconds'> = {
  execution: 'eager',
  fusedOptimizer: false,
  hostOpSeconds: 8.49e-6,
};

/** A ResNet-50 training step on an A100 80 GB at batch 32 in AMP bf16 with AdamW, eager. */
export const RESNET_TRAIN: ProfileRequest = {
  network: 'resnet50',
  gpu: 'a100-sxm-80gb',
  mode: 'train',
  batch: 32,
  precision: 'amp-bf16',
  optimizer: 'adamw',
  ...EAGER_HOST,
};
