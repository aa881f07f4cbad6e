/**
 * The tensors a training step keeps, by kind, as both the peak's bar and the step-through name
 * them: the model state (weights, their gradients, the optimizer's state, AMP's low-precision
 * weight copies), the activations saved for backward, and the loss head's logits. The same id
 * means the same tensors in both views. Pure.
 */

/** The step's tensor kinds that the bar and the step-through share, in the order both list them. */
export const STEP_TENSOR_KINDS = [
  'weights',
  'gradients',
  'optimizer',
  'weight-copies',
  'activations',
  'loss-head',
] as const;
