/**
 * The simulator's real dependencies: the cost engine's network step, through the shared,
 * remembered calls of src/network-step (a step that does not fit predicts the steps its fixes
 * lead to, and applying one, or going back to earlier settings, asks for them again), and the
 * `print(model)` parser. Tests pass a fake `MemoryEngine` instead.
 */
import { cudaGpus } from '../../torch';
import { precisionProblem, stepLayerCosts, stepPrediction } from '../../network-step';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';
import type { PrintModelPort } from '../../ui/print-model/port';
import type { MemoryEngine } from './scenario';

/** The cost engine behind the simulator's port. */
export const engineMemoryModel: MemoryEngine = {
  predict: stepPrediction,
  layerCosts: stepLayerCosts,
  gpus: () => cudaGpus(),
  precisionProblem,
};

/** What the simulator's controller is given. */
export interface MemoryDeps {
  engine: MemoryEngine;
  /** The `print(model)` parser and its example, loaded on first use. */
  printModel: PrintModelPort;
}

/** The real dependencies. */
export function createBrowserMemoryDeps(): MemoryDeps {
  return { engine: engineMemoryModel, printModel: lazyPrintModelPort };
}
