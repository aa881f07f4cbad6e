/**
 * The modeled training step of one network on one catalog GPU in each precision the engine
 * knows (fp32, tf32, amp-fp16, amp-bf16): seconds per step, peak memory and fit, or the engine's
 * own message when the GPU lacks a precision (bf16 on a T4). Pure: the engine is passed in.
 */
import {
  getZooNetwork,
  NETWORK_PRECISIONS,
  predictTrainStep,
  type NetworkPrecision,
  type NetworkPrediction,
  type OptimizerId,
  type TrainStepRequest,
} from '../../engine/models';

/** What is compared: everything but the precision. */
export interface StepInputs {
  model: string;
  gpu: string;
  batch: number;
  /** Used only by sequence models (encoders, decoders, recurrent networks). */
  seq: number;
  optimizer: OptimizerId;
}

/** One precision's answer: a prediction, or why there is none. */
export type StepColumn =
  | {
      precision: NetworkPrecision;
      ok: true;
      seconds: number;
      bytes: number;
      fits: boolean;
      largestBatch: number;
      /** fp32's seconds over this one's (null when fp32 has no answer). */
      speedupOverFp32: number | null;
    }
  | { precision: NetworkPrecision; ok: false; reason: string };

/** The engine call the comparison makes (tests pass a fake). */
export type PredictTrainStep = (request: TrainStepRequest) => NetworkPrediction;

/** Whether a zoo network takes a sequence length. */
export function takesSeq(model: string): boolean {
  try {
    return getZooNetwork(model).family !== 'mlp' && getZooNetwork(model).family !== 'cnn';
  } catch {
    return false;
  }
}

/** The request for one precision. */
export function stepRequest(inputs: StepInputs, precision: NetworkPrecision): TrainStepRequest {
  return {
    model: inputs.model,
    gpu: inputs.gpu,
    batch: inputs.batch,
    ...(takesSeq(inputs.model) ? { seq: inputs.seq } : {}),
    precision,
    optimizer: inputs.optimizer,
  };
}

/** The four precisions side by side. */
export function compareSteps(
  inputs: StepInputs,
  predict: PredictTrainStep = predictTrainStep,
): StepColumn[] {
  type Answer =
    | { precision: NetworkPrecision; prediction: NetworkPrediction }
    | { precision: NetworkPrecision; prediction: null; reason: string };
  const answers = NETWORK_PRECISIONS.map((precision): Answer => {
    try {
      return { precision, prediction: predict(stepRequest(inputs, precision)) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { precision, prediction: null, reason };
    }
  });
  const fp32Seconds = answers.find((a) => a.precision === 'fp32')?.prediction?.seconds ?? null;
  return answers.map((answer): StepColumn => {
    if (answer.prediction === null) {
      return { precision: answer.precision, ok: false, reason: answer.reason };
    }
    const p = answer.prediction;
    return {
      precision: answer.precision,
      ok: true,
      seconds: p.seconds,
      bytes: p.bytes,
      fits: p.fits,
      largestBatch: p.largestBatch,
      speedupOverFp32: fp32Seconds !== null && p.seconds > 0 ? fp32Seconds / p.seconds : null,
    };
  });
}

/** How PyTorch code selects each precision, for the column headers. */
export const PRECISION_CODE: Record<NetworkPrecision, string> = {
  fp32: 'plain float32',
  tf32: 'torch.set_float32_matmul_precision("high")',
  'amp-fp16': 'autocast(dtype=torch.float16) + GradScaler',
  'amp-bf16': 'autocast(dtype=torch.bfloat16)',
};
