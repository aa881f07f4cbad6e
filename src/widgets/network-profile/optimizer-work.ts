/**
 * The optimizer's update as the profile's row shows it: the engine's own pass for it (GPU seconds,
 * bytes moved in the form PyTorch runs it, foreach by default or `fused=True`, with the unscaling
 * of fp16 loss scaling, and its kernel launches). Pure.
 */
import type { NetworkPrediction } from '../../engine/models';
import type { OptimizerWork } from './profile';

/** The optimizer's update in a training step the engine predicted; null at inference. */
export function optimizerWork(prediction: NetworkPrediction): OptimizerWork | null {
  const pass = prediction.step.optimizer;
  if (!pass) return null;
  return {
    seconds: pass.seconds,
    bytes: pass.bytes,
    kernels: pass.kernels,
    memorySeconds: pass.memorySeconds,
  };
}
