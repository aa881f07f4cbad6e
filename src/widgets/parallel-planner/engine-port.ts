/**
 * What the planner asks of the cost engine, as a port: one layout's step, the reading of a pasted
 * `print(model)`, a GPU's name, and the ranking of every layout (asynchronous: in the browser it
 * runs in a worker). browser-deps.ts wires the real (pure) engine; tests pass it inline. Types
 * only.
 */
import type {
  DecoderSpec,
  ParallelSetup,
  ParallelStepPrediction,
  PlanBase,
} from '../../engine/models';
import type { Ranking } from './ranking';

/** A decoder the engine's reader found in a pasted print(model). */
export interface PrintedDecoder {
  /** The model's class (`LlamaForCausalLM`). */
  model: string;
  spec: DecoderSpec;
  /** What the reader assumed, one sentence each. */
  notes: string[];
}

/** The engine calls the planner makes on the page's thread. */
export interface PlannerEngine {
  /** Throws a RangeError for a layout the engine refuses. */
  predict(setup: ParallelSetup): ParallelStepPrediction;
  /** Throws a RangeError when the text is not a decoder. */
  readPrint(text: string): PrintedDecoder;
  gpuName(id: string): string;
}

/** Ranks every layout of a plan; the answer may come later (a worker). */
export interface PlanRanker {
  /** Rejects with an Error whose message says why the plan cannot be ranked. */
  rank(base: PlanBase): Promise<Ranking>;
  /** Stops whatever runs (the worker). */
  dispose(): void;
}
