/**
 * The settings fields of a modeled network step, declared once for every widget that predicts
 * one (the memory simulator, the network profile, the data-parallel simulator): the network,
 * training or inference, the batch, the sequence length, the precision, the optimizer and how
 * PyTorch runs the step. One set of limits: the widest any of them allowed, so every link that
 * was valid stays valid with the same meaning. A widget chooses its defaults (what a link
 * without the key means) and, where its words differ, the label. Pure.
 */
import {
  EXECUTION_MODES,
  NETWORK_PRECISIONS,
  OPTIMIZER_IDS,
  type ExecutionMode,
  type NetworkPrecision,
  type OptimizerId,
} from '../engine/models';
import {
  enumField,
  integerField,
  type Checked,
  type EnumField,
  type IntegerField,
} from '../state/schema';
import { hasSequence, networkChoices, zooNetworkOf, type LearnerNetwork } from './networks';

/**
 * The limits of a step's batch and sequence. The batch goes as far as the engine's search for
 * the largest batch that fits (2^20); the sequence as far as the engine's limit on positions
 * (2^21), and a network's own position table narrows it further (each widget's `check`); 0
 * stands for the network's own length.
 */
export const STEP_LIMITS = {
  batch: { min: 1, max: 1_048_576 },
  seq: { min: 0, max: 2_097_152 },
} as const;

/** A training step or an inference pass. */
export const STEP_MODES = ['train', 'inference'] as const;

/** One of them. */
export type StepMode = (typeof STEP_MODES)[number];

/** How each step mode reads in the radios and in sentences. */
export const STEP_MODE_NAMES: Readonly<Record<StepMode, string>> = {
  train: 'Training step',
  inference: 'Inference',
};

/** The network: a zoo id, or one of the learner's own the widget offers (`learner`). */
export function networkField(learner: readonly LearnerNetwork[] = []): EnumField<string> {
  return enumField({
    key: 'net',
    label: 'Network',
    default: 'resnet50',
    values: networkChoices(learner),
  });
}

/** Training step or inference. */
export function stepModeField(): EnumField<StepMode> {
  return enumField({ key: 'mode', label: 'Step', default: 'train', values: STEP_MODES });
}

/** Samples per step (`label` where a widget's batch is another one: "Batch per GPU"). */
export function batchField(spec: { default: number; label?: string }): IntegerField {
  return integerField({
    key: 'batch',
    label: spec.label ?? 'Batch size',
    default: spec.default,
    ...STEP_LIMITS.batch,
  });
}

/** Sequence length or time steps; 0 means the network's own. */
export function seqField(): IntegerField {
  return integerField({
    key: 'seq',
    label: 'Sequence length',
    default: 0,
    ...STEP_LIMITS.seq,
  });
}

/** The precision a modeled step trains in: AMP with bf16 unless a link says otherwise. */
export function stepPrecisionField(): EnumField<NetworkPrecision> {
  return enumField<NetworkPrecision>({
    key: 'prec',
    label: 'Precision',
    default: 'amp-bf16',
    values: NETWORK_PRECISIONS,
  });
}

/** The optimizer of a training step. */
export function optimizerField(defaultOptimizer: OptimizerId): EnumField<OptimizerId> {
  return enumField<OptimizerId>({
    key: 'opt',
    label: 'Optimizer',
    default: defaultOptimizer,
    values: OPTIMIZER_IDS,
  });
}

/** How PyTorch runs the step: eager, torch.compile, CUDA graphs of the eager step, or both. */
export function executionField(): EnumField<ExecutionMode> {
  return enumField<ExecutionMode>({
    key: 'exec',
    label: 'Execution',
    default: 'eager',
    values: EXECUTION_MODES,
  });
}

/** How each precision reads in a picker. */
export const PRECISION_NAMES: Readonly<Record<NetworkPrecision, string>> = {
  fp32: 'fp32',
  tf32: 'TF32',
  'amp-fp16': 'AMP fp16 (autocast)',
  'amp-bf16': 'AMP bf16 (autocast)',
};

/** How each optimizer reads in a picker and in sentences. */
export const OPTIMIZER_NAMES: Readonly<Record<OptimizerId, string>> = {
  sgd: 'SGD with momentum',
  adam: 'Adam',
  adamw: 'AdamW',
};

/**
 * The cross-field rule of a step's settings: a zoo network's sequence no longer than its
 * position table (clamped, with a notice).
 */
export function checkStepSeq<S extends { readonly network: string; readonly seq: number }>(
  state: S,
): Checked<S> {
  const network = zooNetworkOf(state.network);
  const maxSeq = network?.maxSeq ?? null;
  if (network && hasSequence(network) && maxSeq !== null && state.seq > maxSeq) {
    return {
      state: { ...state, seq: maxSeq },
      notices: [`Sequence length can be at most ${maxSeq} for ${network.name}; using ${maxSeq}.`],
    };
  }
  return { state, notices: [] };
}
