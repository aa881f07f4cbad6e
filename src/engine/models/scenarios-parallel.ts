/**
 * The `parallel-step` scenario of `npm run predict`: one optimizer step of a decoder trained
 * over many GPUs with a given layout, answered with seconds, tokens per second per GPU, MFU,
 * memory per GPU and whether it fits. See docs/cost-engine.md, "Training at scale".
 */
import { resolveDecoder } from './serving/decoder';
import { predictParallelStep } from './parallel/parallel-step';
import {
  CHECKPOINTING,
  PIPELINE_SCHEDULES,
  SHARDINGS,
  TRAINING_OPTIMIZERS,
  TRAINING_PRECISIONS,
  type ParallelSetup,
} from './parallel/layout';
import { describeValue, num, optionalNum, optionalStr, str } from './scenario-fields';
import { requireOneOf } from './validate';

/** What a `parallel-step` scenario is answered with. */
export interface ParallelAnswer {
  seconds: number;
  tokensPerSecondPerGpu: number;
  mfu: number;
  bytesPerGpu: number;
  fits: boolean;
}

const PARALLEL_FIELDS = [
  'model',
  'gpu',
  'gpus',
  'gpusPerNode',
  'link',
  'nodeLink',
  'seq',
  'microBatch',
  'gradAccum',
  'precision',
  'optimizer',
  'sharding',
  'tensorParallel',
  'sequenceParallel',
  'contextParallel',
  'pipelineParallel',
  'pipelineSchedule',
  'checkpointing',
  'attention',
] as const;

/** Answers a `parallel-step` scenario; throws a RangeError naming what is wrong. */
export function answerParallelScenario(scenario: Record<string, unknown>): ParallelAnswer {
  const allowed = new Set<string>(['id', 'op', ...PARALLEL_FIELDS]);
  const unknown = Object.keys(scenario).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    throw new RangeError(
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} for op "parallel-step"; it takes ${PARALLEL_FIELDS.join(', ')}`,
    );
  }
  const p = predictParallelStep(parallelFields(scenario));
  return {
    seconds: p.seconds,
    tokensPerSecondPerGpu: p.tokensPerSecondPerGpu,
    mfu: p.mfu,
    bytesPerGpu: p.bytesPerGpu,
    fits: p.fits,
  };
}

/** A string field that must be one of `allowed`, or undefined. */
function choice<T extends string>(
  scenario: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = scenario[key];
  if (value === undefined) return undefined;
  requireOneOf(key, value, allowed);
  return value;
}

function parallelFields(scenario: Record<string, unknown>): ParallelSetup {
  const { spec } = resolveDecoder(scenario.model);
  const sequenceParallel = scenario.sequenceParallel;
  if (sequenceParallel !== undefined && typeof sequenceParallel !== 'boolean') {
    throw new RangeError(
      `sequenceParallel must be true or false, got ${describeValue(sequenceParallel)}`,
    );
  }
  const setup: ParallelSetup = {
    model: spec,
    gpu: str(scenario, 'gpu'),
    gpus: num(scenario, 'gpus'),
    seq: num(scenario, 'seq'),
    microBatch: num(scenario, 'microBatch'),
  };
  const optionalNumbers = [
    'gpusPerNode',
    'gradAccum',
    'tensorParallel',
    'contextParallel',
    'pipelineParallel',
  ] as const;
  for (const key of optionalNumbers) {
    const value = optionalNum(scenario, key);
    if (value !== undefined) setup[key] = value;
  }
  const link = optionalStr(scenario, 'link');
  const nodeLink = optionalStr(scenario, 'nodeLink');
  const precision = choice(scenario, 'precision', TRAINING_PRECISIONS);
  const optimizer = choice(scenario, 'optimizer', TRAINING_OPTIMIZERS);
  const sharding = choice(scenario, 'sharding', SHARDINGS);
  const pipelineSchedule = choice(scenario, 'pipelineSchedule', PIPELINE_SCHEDULES);
  const checkpointing = choice(scenario, 'checkpointing', CHECKPOINTING);
  const attention = choice(scenario, 'attention', ['flash', 'math'] as const);
  return {
    ...setup,
    ...(link === undefined ? {} : { link }),
    ...(nodeLink === undefined ? {} : { nodeLink }),
    ...(precision === undefined ? {} : { precision }),
    ...(optimizer === undefined ? {} : { optimizer }),
    ...(sharding === undefined ? {} : { sharding }),
    ...(pipelineSchedule === undefined ? {} : { pipelineSchedule }),
    ...(checkpointing === undefined ? {} : { checkpointing }),
    ...(attention === undefined ? {} : { attention }),
    ...(sequenceParallel === undefined ? {} : { sequenceParallel }),
  };
}
