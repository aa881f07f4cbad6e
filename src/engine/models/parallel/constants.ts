/**
 * The training-at-scale model's constants, one per effect, each with its source.
 * docs/cost-engine.md ("Training at scale") explains each and which run, if any, it was
 * fitted on.
 */
import { LLM_FOUNDRY_BENCHMARKS, TORCHTITAN_FSDP2 } from '../../catalog/network-sources';
import { estimate, measured, type Figure } from '../../catalog/figure';

/**
 * Share of the GPU's best measured matrix-product rate that a training step's products reach:
 * a decoder layer's products are large (thousands of rows), but each backward pass runs two
 * differently shaped products per weight and FSDP's communication kernels share the SMs.
 */
export const TRAINING_PRODUCT_SHARE: Figure = measured(
  0.72,
  'fraction',
  TORCHTITAN_FSDP2,
  'fitted on one row: Llama 2 13B on 64 A100 80 GB, micro-batch 2, no checkpointing, 2,162 tokens/s per GPU',
);

/**
 * What Hopper GPUs keep of that share in published PyTorch training: their tensor cores are
 * three times the A100's, but the kernels between the products, FSDP's collectives and
 * FlashAttention-2 (not written for Hopper) gained far less, so a step reaches a smaller share
 * of the peak (MPT and torchtitan runs: about 40 % MFU on H100 against 55-60 % on A100).
 */
export const HOPPER_TRAINING_SHARE: Figure = measured(
  0.73,
  'fraction',
  LLM_FOUNDRY_BENCHMARKS,
  'fitted on one row: MPT 13B on 8 H100 80 GB, sequence 2,048, micro-batch 2, no checkpointing, 4,792 tokens/s per GPU',
);

/**
 * Share of the 16-bit tensor-core peak fused attention reaches in training, forward and
 * backward alike (the backward does 2.5 times the forward's FLOPs, recomputing the scores).
 */
export const TRAINING_ATTENTION_SHARE: Figure = estimate(
  0.45,
  'fraction',
  'Dao 2023, "FlashAttention-2": causal forward plus backward at head size 128 on A100, about 140-190 TFLOPS of 312 across sequence lengths',
  'the lower end of the published range; not fitted',
);

/** The same share on Hopper, where FlashAttention-2 does not use the new tensor-core instructions. */
export const HOPPER_TRAINING_ATTENTION_SHARE: Figure = estimate(
  0.3,
  'fraction',
  'Shah et al. 2024, "FlashAttention-3": FlashAttention-2 on H100 SXM reaches about 300-350 TFLOPS forward and less backward, of 989',
  'not fitted',
);

/** Memory a training process holds outside its tensors: CUDA context, NCCL buffers, workspaces. */
export const TRAINING_RESERVE_BYTES: Figure = estimate(
  3 * 2 ** 30,
  'B',
  "CUDA context (about 0.5 GiB), cuBLAS and NCCL workspaces and the caching allocator's fragmentation, as PyTorch memory snapshots of FSDP runs show them",
  'not fitted',
);
