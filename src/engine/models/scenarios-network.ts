/**
 * The whole-network scenarios of `npm run predict`: a training step, an inference step, an
 * all-reduce and a data-parallel step. Each reads its fields from the scenario object, checks
 * their types (the models check their ranges), and answers with seconds and, where the
 * scenario has one, a memory figure. See docs/cost-engine.md.
 */
import { predictAllReduce, predictMultiNodeAllReduce } from './collectives';
import { getGpu } from '../catalog/hardware';
import { DATA_PARALLEL_MODES } from './network/data-parallel';
import { EXECUTION_MODES } from './network/eager/execution';
import { ATTENTION_IMPLEMENTATIONS, MLM_POSITIONS } from './network/types';
import { OPTIMIZER_IDS } from './network/optimizer';
import { SHARDING_STRATEGIES } from './network/sharding';
import { NETWORK_PRECISIONS } from './network/precision';
import {
  INFERENCE_PHASES,
  predictInference,
  predictTrainStep,
  type ModelInput,
  type NetworkPrediction,
} from './network/predict-network';
import { predictDataParallel } from './network/predict-data-parallel';
import { requirePeerLink } from './peer-links';
import { describeValue, num, optionalNum, optionalStr, str } from './scenario-fields';
import { requireOneOf, requirePositiveInteger } from './validate';

/** What one scenario is answered with; `bytes` and the rest only where the op has them. */
export interface ScenarioAnswer {
  seconds: number;
  /** Peak allocated bytes (per GPU for a data-parallel step). */
  bytes?: number;
  /** Whether that peak fits the GPU's memory with the CUDA context. */
  fits?: boolean;
  /** The largest batch that would fit, with the same settings. */
  largestBatch?: number;
  /** Speedup over one GPU divided by the GPU count. */
  scalingEfficiency?: number;
  /** Kernel launches per step. */
  kernels?: number;
  /** Seconds the host takes to dispatch the step. */
  hostSeconds?: number;
  /** Seconds the GPU is busy in the step. */
  gpuSeconds?: number;
  /** Which side sets the pace: "host" or "gpu". */
  bound?: 'host' | 'gpu';
}

/** The host fields every network step takes. */
const HOST_FIELDS = ['hostOpSeconds', 'execution', 'fusedOptimizer', 'attention'] as const;
/** The fields naming a network and how it runs, first in every network step's list. */
const MODEL_FIELDS = ['model', 'gpu', 'batch', 'seq', 'precision'] as const;
/** The fields of a training step, which a data-parallel step takes too. */
const TRAIN_FIELDS = [...MODEL_FIELDS, 'optimizer', 'checkpointing', 'mlmPositions'] as const;
/** The fields each network operation accepts besides "id" and "op"; any other is an error. */
const NETWORK_FIELDS: Readonly<Record<NetworkScenarioOp, readonly string[]>> = {
  'train-step': [...TRAIN_FIELDS, ...HOST_FIELDS],
  // An inference scenario may carry a training one's optimizer and checkpointing: ignored.
  inference: [...MODEL_FIELDS, 'phase', 'optimizer', 'checkpointing', ...HOST_FIELDS],
  allreduce: ['gpu', 'gpus', 'bytes', 'link', 'nodes', 'nodeLink'],
  'data-parallel-step': [
    ...TRAIN_FIELDS,
    'gpus',
    'nodes',
    'link',
    'nodeLink',
    'mode',
    'sharding',
    ...HOST_FIELDS,
  ],
};

/** Throws naming the first field `op` does not take. */
function rejectUnknownFields(op: NetworkScenarioOp, scenario: Record<string, unknown>): void {
  const allowed = new Set(['id', 'op', ...NETWORK_FIELDS[op]]);
  const unknown = Object.keys(scenario).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    throw new RangeError(
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} for op "${op}"; it takes ${NETWORK_FIELDS[op].join(', ')}`,
    );
  }
}

/** Where a training scenario's masked-LM head runs, when it says. */
function mlmField(scenario: Record<string, unknown>, training: boolean) {
  const value = scenario.mlmPositions;
  if (value === undefined || !training) return {};
  requireOneOf('mlmPositions', value, MLM_POSITIONS);
  return { mlmPositions: value };
}

/** The host fields of a scenario, type-checked (the model checks their ranges). */
function hostFields(scenario: Record<string, unknown>) {
  const execution = scenario.execution;
  if (execution !== undefined) requireOneOf('execution', execution, EXECUTION_MODES);
  const fused = scenario.fusedOptimizer;
  if (fused !== undefined && typeof fused !== 'boolean') {
    throw new RangeError(`fusedOptimizer must be true or false, got ${describeValue(fused)}`);
  }
  const hostOpSeconds = optionalNum(scenario, 'hostOpSeconds');
  const attention = scenario.attention;
  if (attention !== undefined) requireOneOf('attention', attention, ATTENTION_IMPLEMENTATIONS);
  return {
    ...(attention === undefined ? {} : { attention }),
    ...(execution === undefined ? {} : { execution }),
    ...(fused === undefined ? {} : { fusedOptimizer: fused }),
    ...(hostOpSeconds === undefined ? {} : { hostOpSeconds }),
  };
}

/** The operations this module answers. */
export const NETWORK_SCENARIO_OPS = [
  'train-step',
  'inference',
  'allreduce',
  'data-parallel-step',
] as const;

/** One of `NETWORK_SCENARIO_OPS`. */
export type NetworkScenarioOp = (typeof NETWORK_SCENARIO_OPS)[number];

/** Answers a whole-network scenario; throws an Error naming what is wrong. */
export function answerNetworkScenario(
  op: NetworkScenarioOp,
  scenario: Record<string, unknown>,
): ScenarioAnswer {
  rejectUnknownFields(op, scenario);
  switch (op) {
    case 'train-step':
      return memoryAnswer(predictTrainStep(trainFields(scenario)));
    case 'inference': {
      const phase = scenario.phase;
      requireOneOf('phase', phase, INFERENCE_PHASES);
      const { model, gpu, batch, precision, seq } = trainFields(scenario, false);
      return memoryAnswer(
        predictInference({
          model,
          gpu,
          batch,
          precision,
          phase,
          ...seqField(seq),
          ...hostFields(scenario),
        }),
      );
    }
    case 'allreduce':
      return { seconds: allReduceSeconds(scenario) };
    case 'data-parallel-step': {
      const mode = scenario.mode;
      requireOneOf('mode', mode, DATA_PARALLEL_MODES);
      const nodes = optionalNum(scenario, 'nodes');
      const nodeLink = optionalStr(scenario, 'nodeLink');
      const sharding = scenario.sharding;
      if (sharding !== undefined) requireOneOf('sharding', sharding, SHARDING_STRATEGIES);
      const prediction = predictDataParallel({
        ...trainFields(scenario),
        gpus: num(scenario, 'gpus'),
        link: str(scenario, 'link'),
        mode,
        ...(nodes === undefined ? {} : { nodes }),
        ...(nodeLink === undefined ? {} : { nodeLink }),
        ...(sharding === undefined ? {} : { sharding }),
      });
      return {
        seconds: prediction.seconds,
        bytes: prediction.bytes,
        fits: prediction.fits,
        scalingEfficiency: prediction.scalingEfficiency,
      };
    }
  }
}

function memoryAnswer(prediction: NetworkPrediction): ScenarioAnswer {
  return {
    seconds: prediction.seconds,
    bytes: prediction.bytes,
    fits: prediction.fits,
    largestBatch: prediction.largestBatch,
    kernels: prediction.step.kernels,
    hostSeconds: prediction.step.hostSeconds,
    gpuSeconds: prediction.step.gpuSeconds,
    bound: prediction.step.bound,
  };
}

function seqField(seq: number | undefined): { seq?: number } {
  return seq === undefined ? {} : { seq };
}

/** The fields every network scenario shares; `optimizer` is read only when `training`. */
function trainFields(scenario: Record<string, unknown>, training = true) {
  const precision = scenario.precision;
  requireOneOf('precision', precision, NETWORK_PRECISIONS);
  const optimizer = training ? scenario.optimizer : 'sgd';
  requireOneOf('optimizer', optimizer, OPTIMIZER_IDS);
  const checkpointing = scenario.checkpointing;
  if (checkpointing !== undefined && typeof checkpointing !== 'boolean') {
    throw new RangeError(
      `checkpointing must be true or false, got ${describeValue(checkpointing)}`,
    );
  }
  return {
    model: model(scenario),
    gpu: str(scenario, 'gpu'),
    batch: num(scenario, 'batch'),
    precision,
    optimizer,
    ...seqField(optionalNum(scenario, 'seq')),
    ...(checkpointing === undefined ? {} : { checkpointing }),
    ...mlmField(scenario, training),
    ...hostFields(scenario),
  };
}

function model(scenario: Record<string, unknown>): ModelInput {
  const value = scenario.model;
  if (typeof value === 'string' || Array.isArray(value)) return value as ModelInput;
  throw new RangeError(`model must be a zoo id or an array of layers, got ${describeValue(value)}`);
}

/** A ring all-reduce among `gpus` GPUs of kind `gpu`, on one node or across `nodes`. */
function allReduceSeconds(scenario: Record<string, unknown>): number {
  const gpu = getGpu(str(scenario, 'gpu'));
  const gpus = num(scenario, 'gpus');
  const bytes = num(scenario, 'bytes');
  const link = requirePeerLink(gpu, str(scenario, 'link')).id;
  const nodes = optionalNum(scenario, 'nodes') ?? 1;
  requirePositiveInteger('gpus', gpus);
  requirePositiveInteger('nodes', nodes);
  if (nodes === 1) return predictAllReduce({ bytes, gpus, link }).seconds;
  if (gpus % nodes !== 0) {
    throw new RangeError(`gpus (${gpus}) must divide evenly among nodes (${nodes})`);
  }
  return predictMultiNodeAllReduce({
    bytes,
    gpusPerNode: gpus / nodes,
    nodes,
    intraNodeLink: link,
    interNodeLink: str(scenario, 'nodeLink'),
  }).seconds;
}
