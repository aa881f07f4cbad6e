/**
 * The cuBLAS and cuBLASLt workspaces PyTorch allocates through its caching allocator, so that
 * `max_memory_allocated()` counts them. PyTorch gives each cuBLAS handle and stream a workspace
 * of `CUBLAS_WORKSPACE_CONFIG`'s size the first time a thread runs a matrix product (32 MiB on
 * Hopper, `:4096:2:16:8` = 8 MiB + 128 KiB elsewhere), and cuBLASLt (the `addmm` with a bias
 * that `nn.Linear` runs) its own 1 MiB. Handles are per thread, and autograd runs a CUDA
 * backward on its own device thread, so a training step holds two cuBLAS workspaces (forward
 * thread, backward thread) and the forward's cuBLASLt one; a forward pass one of each.
 *
 * Check: the H200 MLP step (`H200_EAGER`, 784-512-512-10, fp32, batch 64) peaks at 76,528,640
 * B; its tensors at the peak (weights, momentum and gradients of 669,706 parameters, the batch,
 * one 64 × 512 gradient, the logits) come to 8.37 MB, and 2 × 32 MiB + 1 MiB brings the total
 * to within 2 KB of the measurement. cuDNN's convolution workspaces come and go inside each call
 * and are not counted. Pure.
 */
import { PYTORCH_CUBLAS_WORKSPACE } from '../../catalog/network-sources';
import { estimate, type Figure } from '../../catalog/figure';
import type { Gpu } from '../../catalog/hardware';

const MIB = 2 ** 20;

/** cuBLAS's workspace per handle and stream on Hopper (compute capability 9.x). */
export const CUBLAS_WORKSPACE_HOPPER_BYTES: Figure = estimate(
  32 * MIB,
  'B',
  PYTORCH_CUBLAS_WORKSPACE,
  'the default for sm_90; 2 x 32 MiB + 1 MiB matches the H200 MLP peak to 2 KB',
);

/** cuBLAS's workspace per handle and stream on other GPUs (`:4096:2:16:8`). */
export const CUBLAS_WORKSPACE_DEFAULT_BYTES: Figure = estimate(
  4096 * 1024 * 2 + 16 * 1024 * 8,
  'B',
  PYTORCH_CUBLAS_WORKSPACE,
  'the default CUBLAS_WORKSPACE_CONFIG before Hopper; read from the source, not measured here',
);

/** cuBLASLt's workspace, allocated by the first `addmm` with a bias on a thread. */
export const CUBLASLT_WORKSPACE_BYTES: Figure = estimate(
  1 * MIB,
  'B',
  PYTORCH_CUBLAS_WORKSPACE,
  'CUBLASLT_WORKSPACE_SIZE default 1024 KiB',
);

/** The compute capability's major version in a catalog architecture ("sm_90" gives 9), or null. */
export function computeCapabilityMajor(gpu: Gpu): number | null {
  const match = /sm_(\d+)(\d)\b/.exec(gpu.architecture);
  return match ? Number(match[1]) : null;
}

/**
 * The workspace allocations of a step on `gpu`: two cuBLAS workspaces and one cuBLASLt for a
 * training step, one of each for a forward pass; none on a GPU without CUDA. Without a GPU, the
 * sizes of the H200 the figures were measured on.
 */
export function libraryWorkspaces(gpu: Gpu | undefined, training: boolean): number[] {
  const major = gpu ? computeCapabilityMajor(gpu) : 9;
  if (major === null) return [];
  const cublas =
    major >= 9 ? CUBLAS_WORKSPACE_HOPPER_BYTES.value : CUBLAS_WORKSPACE_DEFAULT_BYTES.value;
  return training
    ? [cublas, cublas, CUBLASLT_WORKSPACE_BYTES.value]
    : [cublas, CUBLASLT_WORKSPACE_BYTES.value];
}
