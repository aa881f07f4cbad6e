/**
 * What the serving simulator asks of the cost engine, as a port: a prediction, a concurrency
 * sweep, the reading of a pasted `print(model)`, and a GPU's name and memory. browser-deps.ts
 * wires the real (pure) engine, remembered; tests may pass fakes. Pure types.
 */
import type {
  DecoderSpec,
  ServingPrediction,
  ServingSetup,
  ServingWorkload,
  SweepPoint,
} from '../../engine/models';

/** What the learner may say beside a pasted print(model) (the engine's reader's options). */
export interface PrintedDecoderOptions {
  headDim?: number;
}

/** A decoder the engine's reader found in a pasted print(model). */
export interface PrintedDecoder {
  /** The model's class (`LlamaForCausalLM`). */
  model: string;
  spec: DecoderSpec;
  headDimAssumed: boolean;
  headDim: number;
  /** What the reader assumed, one sentence each. */
  notes: string[];
}

/** The engine calls the simulator makes. */
export interface ServingEngine {
  /** Throws a RangeError for a setup the engine refuses. */
  predict(setup: ServingSetup, workload: ServingWorkload): ServingPrediction;
  sweep(
    setup: ServingSetup,
    workload: Omit<ServingWorkload, 'concurrency'>,
    concurrencies: readonly number[],
  ): SweepPoint[];
  /** Throws a RangeError when the text is not a decoder. */
  readPrint(text: string, options: PrintedDecoderOptions): PrintedDecoder;
  gpuFacts(id: string): { name: string; memoryBytes: number };
}
