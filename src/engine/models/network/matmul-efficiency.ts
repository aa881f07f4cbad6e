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
  0.6,
  'fraction of tensor-core peak',
  DLE_BERT,
  "fitted: the share that makes the modeled BERT-large AMP step on A100 80 GB (batch 256, seq 128) take 256 / 580 s (refit from 0.51 on 2026-12-07, once autocast's fp32 norms, residual stream and input casts were priced: 0.6 leaves it +3 %, the held-out TF32 and V100 runs within 3 %)",
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
 * How fast a tensor-core product runs, per element of alignment, when a dimension is not a
 * multiple of 8. cuBLAS then falls back from its fastest kernels to ones whose global loads are
 * only as wide as the alignment allows (Hugging Face's BERT and GPT-2 keep vocabularies of
 * 30,522, divisible by 2, and 50,257, odd; NVIDIA's scripts and nanoGPT pad theirs for this
 * reason), and their rate follows the load width. Two H200 traces give the same constant:
 *
 * - BERT (alignment 2): the vocabulary projection, 2 × 4096 × 768 × 30,522 = 192 GFLOP, took 776
 *   to 815 µs, about 240 TFLOP/s against the 593 TFLOP/s the in-network share gives on the H200
 *   (0.6 of 989): 0.404, or 0.202 per element of alignment;
 * - GPT-2 (alignment 1, the 8 × 512 trace in tests/fixtures/traces): the head's three products,
 *   3 × 2 × 4096 × 768 × 50,257 = 949 GFLOP, ran as CUTLASS `align1` kernels in 7.88 ms per step,
 *   120 TFLOP/s: 0.203 of 593.
 */
export const MISALIGNED_GEMM_SCALE_PER_ELEMENT: Figure = estimate(
  0.202,
  'ratio',
  H200_BERT_TRACE,
  'measured: 240 / 593 TFLOP/s at alignment 2 (BERT trace), 120 / 593 at alignment 1 (GPT-2 trace)',
);

/** The share of the aligned rate a product keeps at `alignmentElements` (1, 2 or 4; 8 is 1). */
export function misalignedGemmScale(alignmentElements: number): number {
  return Math.min(1, MISALIGNED_GEMM_SCALE_PER_ELEMENT.value * alignmentElements);
}

/**
 * Share of the tensor-core peak fused attention (SDPA's cuDNN or flash kernel, head size 64)
 * reaches on Hopper. Hopper's dense peak counts warpgroup (wgmma) instructions that attention's
 * small per-head products and its softmax between them keep busy far less than a large GEMM
 * does. Measured in the H200 trace of GPT-2 at 8 × 512 (tests/fixtures/traces): the cuDNN
 * forward and backward kernels ran 137.9 GFLOP per step (the engine's count, causal) in
 * 1.181 ms, 116.8 TFLOP/s, 0.118 of 989. On Ampere and Volta the GEMM share stands, as
 * FlashAttention-2 reports 50-70 % of an A100's peak for these sizes.
 */
export const HOPPER_FUSED_ATTENTION_SHARE: Figure = estimate(
  0.118,
  'fraction of tensor-core peak',
  H200_EAGER,
  'measured: 116.8 TFLOP/s of cuDNN SDPA forward and backward in the H200 GPT-2 trace, over 989',
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

/** Achievable FLOP/s of fused attention: the GEMM rate, or Hopper's measured share of its peak. */
export function fusedAttentionFlopsPerSecond(gpu: Gpu, precision: Precision): number {
  const rate = networkMatmulFlopsPerSecond(gpu, 'gemm', 'forward', precision);
  const choice = chooseUnit(gpu, 'matmul', precision);
  if (!isHopper(gpu) || choice.unit !== 'tensor-core') return rate;
  return Math.min(rate, choice.peakFlopsPerSecond.value * HOPPER_FUSED_ATTENTION_SHARE.value);
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
