/** The training steps the step-through's tests run, and how they resolve one. */
import type { TrainStepRequest } from '../../../../engine/models';
import { resolveStepSetup, type StepSetup } from '../step-setup';

/** A small MLP on MNIST, fp32 with Adam on an A100: a step that fits with room to spare. */
export const MLP: TrainStepRequest = {
  model: 'mlp-mnist',
  gpu: 'a100-sxm-80gb',
  batch: 64,
  precision: 'fp32',
  optimizer: 'adam',
};

/** The step's setup, or the test fails with the engine's reason. */
export function setupOf(request: TrainStepRequest): StepSetup {
  const result = resolveStepSetup(request);
  if (!result.ok) throw new Error(result.message);
  return result.setup;
}
