/**
 * What the trace reader asks of the cost engine, as a port: the networks and GPUs it knows, and
 * its prediction of one step. The engine is loaded only when the learner asks for a prediction
 * (browser-deps.ts imports engine-model.ts lazily), so the lesson's first load does not grow.
 * Pure types.
 */

/** One step to predict, named with zoo and catalog ids. */
export interface PredictRequest {
  network: string;
  gpu: string;
  mode: 'train' | 'inference';
  batch: number;
  seq: number;
  precision: 'fp32' | 'tf32' | 'amp-fp16' | 'amp-bf16';
}

/** The engine's step, in the units the comparison shows. */
export interface PredictedStep {
  kernels: number;
  seconds: number;
  hostSeconds: number;
  gpuSeconds: number;
  /** Share of the step the GPU waits. */
  gpuIdleShare: number;
}

/** An id and the name a learner reads. */
export interface NamedId {
  id: string;
  name: string;
}

/** The engine behind the comparison. */
export interface TraceEngine {
  networks: readonly NamedId[];
  gpus: readonly NamedId[];
  /** The prediction, or the engine's reason for refusing (a precision the GPU lacks, …). */
  predict(
    request: PredictRequest,
  ): { ok: true; step: PredictedStep } | { ok: false; reason: string };
}
