/**
 * The optimizer's update as PyTorch runs it in each of its three forms:
 *
 * - foreach (the default on CUDA): one `torch._foreach_*` op per arithmetic step of the update,
 *   each over every parameter tensor. SGD with momentum makes 3 (scale the buffer, add the
 *   gradient, step the weight); Adam and AdamW 8 on the GPU (weight decay, two moment updates,
 *   square root, bias correction, epsilon, the step) plus the step counters on the CPU, as the
 *   H200 BERT trace shows. Every op reads and writes whole tensors, so the update moves about 32
 *   bytes per parameter for SGD and 80 for Adam (the trace's foreach kernels took 2.41 ms per step
 *   for BERT-base's 110 M parameters: 80 B × 110 M / 2.41 ms = 3.65 TB/s, near the H200's
 *   achievable bandwidth). A multi-tensor launch takes at most `FOREACH_TENSORS_PER_LAUNCH`
 *   tensors and `FOREACH_ELEMENTS_PER_LAUNCH` elements (PyTorch's MultiTensorApply.cuh: chunks
 *   of 65,536 elements, 320 blocks per launch, at most 48 tensors for the deepest lists).
 * - fused (`fused=True`): one op, each element read and written once (SGD 20 B, Adam 28 B).
 * - for-loop (`foreach=False`): the foreach arithmetic one tensor at a time, an op each.
 *
 * Pure.
 */
import type { OptimizerCost } from '../optimizer';

/** How the optimizer runs its update. */
export type OptimizerForm = 'foreach' | 'fused' | 'for-loop';

/** Every optimizer form. */
export const OPTIMIZER_FORMS: readonly OptimizerForm[] = ['foreach', 'fused', 'for-loop'];

/** Tensors one multi-tensor launch takes at most (for three or more lists). */
export const FOREACH_TENSORS_PER_LAUNCH = 48;
/** Elements one multi-tensor launch covers at most: 320 blocks of 65,536-element chunks. */
export const FOREACH_ELEMENTS_PER_LAUNCH = 320 * 65_536;

/** What the update dispatches and moves. */
export interface OptimizerUpdate {
  form: OptimizerForm;
  /** ATen ops called from Python (foreach or per-tensor ops, or the one fused op). */
  ops: number;
  kernels: number;
  /** Bytes the update reads and writes on the GPU. */
  bytes: number;
}

/** Arithmetic steps of one update (foreach ops on the GPU, per-tensor ops in a loop). */
function updateSteps(optimizer: OptimizerCost): number {
  return optimizer.id === 'sgd' ? 3 : 8;
}

/** Bytes per parameter one update moves in `form`. */
export function updateBytesPerParam(optimizer: OptimizerCost, form: OptimizerForm): number {
  if (form === 'fused') return optimizer.updateBytesPerParam;
  return optimizer.id === 'sgd' ? 32 : 80;
}

/** The update of `params` parameters in `tensors` tensors. */
export function optimizerUpdate(
  optimizer: OptimizerCost,
  form: OptimizerForm,
  params: number,
  tensors: number,
): OptimizerUpdate {
  const launches = Math.max(
    1,
    Math.ceil(tensors / FOREACH_TENSORS_PER_LAUNCH),
    Math.ceil(params / FOREACH_ELEMENTS_PER_LAUNCH),
  );
  const steps = updateSteps(optimizer);
  const bytes = params * updateBytesPerParam(optimizer, form);
  switch (form) {
    case 'foreach':
      // Adam's step counters are one more foreach op, on the CPU.
      return {
        form,
        ops: steps + (optimizer.id === 'sgd' ? 0 : 1),
        kernels: steps * launches,
        bytes,
      };
    case 'fused':
      return { form, ops: 1, kernels: launches, bytes };
    case 'for-loop':
      return { form, ops: steps * tensors, kernels: steps * tensors, bytes };
  }
}
