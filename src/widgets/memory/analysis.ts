/**
 * Everything the simulator shows about one step, worked out from the engine's prediction: the
 * bar's parts against the GPU's memory, whether it fits, the headroom and the largest batch, and
 * for a step that does not fit PyTorch's error with this step's figures and the ranked fixes.
 * Input the engine refuses (a precision the GPU lacks, a bad layer list) becomes a message with
 * the engine's reason, never an exception. Pure.
 */
import type { NetworkPrediction } from '../../engine/models';
import { barParts, type BarPart } from './bar-parts';
import { capacityOf, computeFixes, type MemoryFix } from './fixes';
import { replayOutOfMemory, type OomReport } from './oom';
import type { MemoryEngine, MemoryScenario } from './scenario';

/** A step the engine answered. */
export interface MemoryResult {
  kind: 'result';
  scenario: MemoryScenario;
  prediction: NetworkPrediction;
  /** The GPU's memory. */
  capacityBytes: number;
  gpuName: string;
  parts: BarPart[];
  fits: boolean;
  /** Memory left when it fits; negative by the shortfall when it does not. */
  headroomBytes: number;
  /** The largest batch that fits with the same settings (0 if none). */
  largestBatch: number;
  /** PyTorch's error for a step that does not fit (null when it fits, or on the edge). */
  oom: OomReport | null;
  /** Fixes for a step that does not fit, ranked; empty when it fits. */
  fixes: MemoryFix[];
}

/** Why there is no answer: the engine's own words. */
export interface MemoryProblem {
  kind: 'problem';
  /** A precision the GPU lacks, a learner's layer list the engine refused, or other input. */
  cause: 'precision' | 'layers' | 'input';
  message: string;
}

/** What the simulator shows for one step. */
export type MemoryAnalysis = MemoryResult | MemoryProblem;

/** The message of anything thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The error a step that does not fit would raise, or null if the replay cannot say. */
function oomOf(
  scenario: MemoryScenario,
  prediction: NetworkPrediction,
  capacityBytes: number,
  engine: MemoryEngine,
): OomReport | null {
  try {
    return replayOutOfMemory({
      layers: engine.layerCosts(scenario),
      memory: prediction.memory,
      mode: scenario.mode,
      optimizer: scenario.optimizer,
      capacityBytes,
    });
  } catch {
    // The panel then says the step does not fit without PyTorch's message.
    return null;
  }
}

/** Works out everything shown about `scenario`. */
export function analyzeMemory(scenario: MemoryScenario, engine: MemoryEngine): MemoryAnalysis {
  const precisionProblem = engine.precisionProblem(scenario.gpu, scenario.precision);
  if (precisionProblem !== null) {
    return { kind: 'problem', cause: 'precision', message: precisionProblem };
  }
  let prediction: NetworkPrediction;
  try {
    prediction = engine.predict(scenario);
  } catch (error) {
    return { kind: 'problem', cause: 'input', message: messageOf(error) };
  }
  const gpu = engine.gpus().find((g) => g.id === scenario.gpu);
  const capacityBytes = capacityOf(scenario.gpu, engine);
  const fits = prediction.fits;
  return {
    kind: 'result',
    scenario,
    prediction,
    capacityBytes,
    gpuName: gpu?.name ?? scenario.gpu,
    parts: barParts(prediction.memory, {
      mode: scenario.mode,
      optimizer: scenario.optimizer,
      checkpointing: scenario.checkpointing,
      amp: scenario.precision === 'amp-fp16' || scenario.precision === 'amp-bf16',
    }),
    fits,
    headroomBytes: capacityBytes - prediction.memory.totalBytes,
    largestBatch: prediction.largestBatch,
    oom: fits ? null : oomOf(scenario, prediction, capacityBytes, engine),
    fixes: fits ? [] : computeFixes(scenario, prediction, engine),
  };
}
