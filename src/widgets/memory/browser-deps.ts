/**
 * The simulator's real dependencies: the cost engine's network models. Nothing here touches the
 * browser (the engine is pure), but this is where the real engine is wired in, as every widget
 * wires its outside world in its browser-deps.ts; tests pass a fake `MemoryEngine` instead.
 */
import {
  analyzeNetwork,
  getZooNetwork,
  networkLayers,
  precisionPlan,
  predictInference,
  predictTrainStep,
} from '../../engine/models';
import { getGpu } from '../../engine/catalog';
import { cudaGpus } from '../../torch';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';
import type { PrintModelPort } from '../../ui/print-model/port';
import { remembered } from '../remembered';
import {
  inferenceRequestOf,
  trainRequestOf,
  type MemoryEngine,
  type MemoryScenario,
} from './scenario';

/** The sequence length the engine builds a step with (its own default when none is given). */
function buildSeq(scenario: MemoryScenario): number {
  if (scenario.seq !== undefined) return scenario.seq;
  return typeof scenario.model === 'string' ? getZooNetwork(scenario.model).defaultSeq : 1;
}

/** The step's layers as the engine analyses them. */
function layerCosts(scenario: MemoryScenario) {
  return analyzeNetwork(
    networkLayers(scenario.model, {
      seq: buildSeq(scenario),
      mode: scenario.mode,
      ...(scenario.mode === 'inference' ? { phase: scenario.phase } : {}),
    }),
  ).layers;
}

/**
 * The cost engine behind the simulator's port. Its steps and layers are remembered by scenario:
 * the fixes of a step that does not fit predict the steps a fix leads to, and applying one, or
 * going back to earlier settings, asks for them again.
 */
export const engineMemoryModel: MemoryEngine = {
  predict: remembered((scenario: MemoryScenario) => {
    if (scenario.mode === 'inference') return predictInference(inferenceRequestOf(scenario));
    // A chunked or fused cross-entropy changes the memory only (the engine's `chunkedLoss`).
    return predictTrainStep({ ...trainRequestOf(scenario), chunkedLoss: scenario.chunkedLoss });
  }, 64),
  layerCosts: remembered(layerCosts, 16),
  gpus: () => cudaGpus(),
  precisionProblem: (gpu, precision) => {
    try {
      precisionPlan(getGpu(gpu), precision);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
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
