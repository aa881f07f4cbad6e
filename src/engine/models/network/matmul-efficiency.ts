/**
 * How fast a network's matrix products run on tensor cores. The catalog's fractions are what
 * the best large GEMM of a shape sweep reaches; inside a whole network in eager PyTorch the
 * products run well below that: convolutions go through cuDNN's implicit-GEMM kernels (their
 * backward passes, data and weight gradients, are slower still), and every layer leaves work
 * between the products that the layer list does not spell out (bias, dropout, casts, format
 * conversions). Per-layer rooflines are known to be optimistic for whole networks, so the step
 * model uses these explicit shares of the tensor-core peak instead, each derived from one
 * published end-to-end measurement (the arithmetic is in each figure's note), and checks them on
 * measurements it was not fitted to (calibration.ts in this folder). CUDA-core FP32 work keeps the
 * catalog's SGEMM fraction: V100 FP32 training lands within 4 % without any factor. Pure.
 */
import type { Precision } from '../descriptor';
import { estimate, type Figure } from '../../catalog/figure';
import type { Gpu } from '../../catalog/hardware';
import { chooseUnit } from '../kernel';
import { DLE_BERT, DLE_RESNET50, H200_BERT_TRACE, H200_EAGER } from '../../catalog/network-sources';

/** Which kind of matrix product a layer runs. */
export type ProductKind = 'convolution' | 'gemm';

/** Forward or backward. */
export type PassKind = 'forward' | 'backward';

/**
 * Share of the tensor-core peak a transformer's products (linear layers, attention, recurrent
 * gates) reach in training. Fitted on BERT-large pretraining, seq 128, AMP, batch 256 on an A100:
 * 580 seq/s. Held out: the same run in TF32 (317 seq/s) and on V100 (224 seq/s).
 */
export const GEMM_IN_NETWORK: Figure = estimate(
  0.51,
  'fraction of tensor-core peak',
  DLE_BERT,
  'fitted: the share that makes the modeled BERT-large AMP step on A100 80 GB (batch 256, seq 128) take 256 / 580 s',
);

/**
 * Share of the tensor-core peak cuDNN's forward convolutions reach in ResNet-50 (NHWC, AMP).
 * Fitted on ResNet-50 inference, batch 256, AMP, on a V100 16 GB: 3,382 img/s. Held out: T4.
 */
export const CONV_FORWARD_IN_NETWORK: Figure = estimate(
  0.455,
  'fraction of tensor-core peak',
  DLE_RESNET50,
  'fitted: the share that makes the modeled ResNet-50 AMP inference on V100 (batch 256) take 256 / 3382 s',
);

/**
 * Share of the tensor-core peak the backward convolutions (data and weight gradients) reach.
 * Fitted on ResNet-50 training, batch 256, AMP, on an A100 80 GB: 2,470 img/s, with the forward
 * share above. Held out: the same on V100 (1,200 img/s).
 */
export const CONV_BACKWARD_IN_NETWORK: Figure = estimate(
  0.356,
  'fraction of tensor-core peak',
  DLE_RESNET50,
  'fitted: with the forward share, makes the modeled ResNet-50 AMP training step on A100 (batch 256) take 256 / 2470 s',
);

/**
 * How much further below the peak cuDNN's TF32 convolutions run than its 16-bit ones. Fitted on
 * ResNet-50 training, batch 256, TF32, on an A100 80 GB: 938 img/s (no held-out TF32 CNN run).
 */
export const TF32_CONV_SCALE: Figure = estimate(
  0.6,
  'ratio',
  DLE_RESNET50,
  'fitted: makes the modeled ResNet-50 TF32 training step on A100 (batch 256) take 256 / 938 s',
);

/**
 * How much smaller a share of the tensor-core peak cuDNN's convolutions reach on Hopper (sm_90)
 * than on Ampere and Volta: Hopper's dense peak counts its warpgroup (wgmma) instructions, which
 * ResNet-50's small convolutions (64 to 512 channels) do not keep busy, so the peak doubled while
 * these convolutions got about 1.4× faster. Fitted on ResNet-50 in eager PyTorch at batch 128 on
 * an H200 (30.7 ms per step, GPU-bound), with the Ampere shares above.
 */
export const HOPPER_CONV_SCALE: Figure = estimate(
  0.43,
  'ratio',
  H200_EAGER,
  'fitted: makes the modeled GPU time of ResNet-50 (AMP bf16, channels_last, batch 128) on the H200 about 30 ms',
);

/**
 * How much slower a tensor-core product runs when a dimension is not a multiple of 8: cuBLAS
 * falls back from its fastest kernels (Hugging Face's BERT and GPT-2 keep vocabularies of
 * 30,522 and 50,257; NVIDIA's scripts and nanoGPT pad theirs for this reason). Measured in the
 * H200 BERT trace: the vocabulary projection, 2 × 4096 × 768 × 30,522 = 192 GFLOP, took 776 to
 * 815 µs (about 240 TFLOP/s) against the 504 TFLOP/s the in-network share gives.
 */
export const MISALIGNED_GEMM_SCALE: Figure = estimate(
  0.47,
  'ratio',
  H200_BERT_TRACE,
  'measured: 240 / 504 TFLOP/s for the vocabulary projection of the trace',
);

/** Whether `gpu` is a Hopper part (sm_90). */
function isHopper(gpu: Gpu): boolean {
  return gpu.architecture.startsWith('Hopper');
}

/** The tensor-core share for a product kind, pass and precision on `gpu`. */
function inNetworkShare(gpu: Gpu, kind: ProductKind, pass: PassKind, precision: Precision): number {
  if (kind === 'gemm') return GEMM_IN_NETWORK.value;
  const share = pass === 'forward' ? CONV_FORWARD_IN_NETWORK : CONV_BACKWARD_IN_NETWORK;
  return (
    share.value *
    (precision === 'tf32' ? TF32_CONV_SCALE.value : 1) *
    (isHopper(gpu) ? HOPPER_CONV_SCALE.value : 1)
  );
}

/**
 * Achievable FLOP/s of a network's matrix products: on tensor cores, the peak times the
 * in-network share (never more than the GPU's own best GEMM reaches); on CUDA cores (FP32, or a
 * GPU without tensor cores for this precision), the catalog's SGEMM fraction.
 */
export function networkMatmulFlopsPerSecond(
  gpu: Gpu,
  kind: ProductKind,
  pass: PassKind,
  precision: Precision,
): number {
  const choice = chooseUnit(gpu, 'matmul', precision);
  const peak = choice.peakFlopsPerSecond.value;
  if (choice.unit === 'cuda-core') return peak * choice.achievableFraction.value;
  const share = Math.min(
    choice.achievableFraction.value,
    inNetworkShare(gpu, kind, pass, precision),
  );
  return peak * share;
}
