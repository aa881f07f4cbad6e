/**
 * What an optimizer keeps and moves per parameter. Master weights and gradients are fp32 in every
 * precision here (PyTorch's native AMP keeps them so); SGD with momentum keeps one fp32 buffer,
 * Adam and AdamW two (first and second moments). One update reads the weight, its gradient and
 * each buffer, and writes the weight and each buffer back. Pure.
 */
import { requireOneOf } from '../validate';

/** The optimizers a training step can use. */
export type OptimizerId = 'sgd' | 'adam' | 'adamw';

/** Every optimizer id. */
export const OPTIMIZER_IDS: readonly OptimizerId[] = ['sgd', 'adam', 'adamw'];

/** Bytes an optimizer keeps and moves per parameter, and its kernel launches per step. */
export interface OptimizerCost {
  id: OptimizerId;
  /** fp32 buffers per parameter it keeps between steps. */
  stateBytesPerParam: number;
  /** Bytes one update reads and writes per parameter. */
  updateBytesPerParam: number;
  /**
   * Kernel launches per update: PyTorch's default multi-tensor ("foreach") implementation
   * groups many parameters into each launch, so a handful cover a whole model.
   */
  kernels: number;
}

/** Bytes of one fp32 value. */
const FP32 = 4;

/** The cost of `optimizer`; throws a RangeError naming it when it is unknown. */
export function optimizerCost(optimizer: unknown): OptimizerCost {
  requireOneOf('optimizer', optimizer, OPTIMIZER_IDS);
  const buffers = optimizer === 'sgd' ? 1 : 2;
  return {
    id: optimizer,
    stateBytesPerParam: buffers * FP32,
    // Read weight, gradient and buffers; write weight and buffers.
    updateBytesPerParam: (2 + buffers) * FP32 + (1 + buffers) * FP32,
    kernels: optimizer === 'sgd' ? 4 : 8,
  };
}

/** Bytes per parameter of fp32 weights and fp32 gradients. */
export const WEIGHT_AND_GRADIENT_BYTES_PER_PARAM = 2 * FP32;

/**
 * Bytes per parameter an fp16 loss-scaled step adds: the gradients are unscaled in place (read
 * and write) and checked for infinities before the update.
 */
export const UNSCALE_BYTES_PER_PARAM = 2 * FP32;
