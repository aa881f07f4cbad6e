/**
 * What the step-through's passes share: the sizes they work from (the engine's tensors of each
 * layer), the keys of the tensors they make, and the fixed sizes of the loss and a parameter.
 * Pure.
 */
import type { LayerCost } from '../../../engine/models';
import type { StepTensors } from './step-setup';

/** Bytes of the loss: one fp32 scalar (the allocator rounds it to 512). */
export const LOSS_BYTES = 4;
/** Bytes of one fp32 parameter or gradient element. */
export const PARAM_BYTES = 4;

/** What the passes need to size their tensors. */
export interface PassInput {
  layers: readonly LayerCost[];
  /** The engine's tensors of each layer. */
  tensors: StepTensors;
  batch: number;
  checkpointing: boolean;
  /** The cuBLAS workspaces: the forward thread's first and last, the backward thread's between. */
  workspaces: readonly number[];
}

/** Keys of the tensors the passes make. */
export const keys = {
  saved: (i: number, it: number) => `act:${i}:${it}`,
  output: (i: number, it: number) => `out:${i}:${it}`,
  logits: (i: number, it: number) => `logits:${i}:${it}`,
  lossTensor: (i: number, name: string, it: number) => `lt:${i}:${name}:${it}`,
  copy: (i: number, it: number) => `copy:${i}:${it}`,
  copyGrad: (i: number, it: number) => `cgrad:${i}:${it}`,
  gradIn: (i: number, it: number) => `gin:${i}:${it}`,
  checkpoint: (s: number, it: number) => `ckpt:${s}:${it}`,
  grad: (i: number) => `grad:${i}`,
  loss: (it: number) => `loss:${it}`,
  data: 'data',
  workspace: (n: number) => `workspace:${n}`,
};

/** The engine's tensors of layer `i`. */
export function tensorsOf(input: PassInput, i: number): StepTensors['layers'][number] {
  const t = input.tensors.layers[i];
  if (!t) throw new Error(`no tensors for layer ${i}`);
  return t;
}
