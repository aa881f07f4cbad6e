/**
 * The `serve` scenario of `npm run predict`: a language model served with continuous batching,
 * answered with output tokens per second, mean TTFT and TPOT, the requests in flight, the KV
 * cache's tokens and whether the model fits. See docs/cost-engine.md, "Serving a model".
 */
import { getServingModel, resolveDecoder } from './serving/decoder';
import { KV_FORMATS, WEIGHT_FORMATS } from './serving/formats';
import { predictServing } from './serving/predict-serving';
import type { ServingSetup, ServingWorkload, SpeculativeSetup } from './serving/types';
import { describeValue, num, optionalNum, str } from './scenario-fields';
import { requireOneOf } from './validate';

/** What a `serve` scenario is answered with. */
export interface ServingAnswer {
  outputTokensPerSecond: number;
  ttftSeconds: number;
  tpotSeconds: number;
  concurrentRequests: number;
  kvCacheTokens: number;
  fits: boolean;
}

/** The fields `serve` takes besides "id" and "op"; any other is an error. */
const SERVE_FIELDS = [
  'model',
  'gpu',
  'gpus',
  'weights',
  'kvCache',
  'inputTokens',
  'outputTokens',
  'concurrency',
  'cudaGraphs',
  'speculative',
  'maxBatch',
  'maxTokensPerStep',
] as const;

/** Answers a `serve` scenario; throws a RangeError naming what is wrong. */
export function answerServingScenario(scenario: Record<string, unknown>): ServingAnswer {
  const allowed = new Set<string>(['id', 'op', ...SERVE_FIELDS]);
  const unknown = Object.keys(scenario).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    throw new RangeError(
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} for op "serve"; it takes ${SERVE_FIELDS.join(', ')}`,
    );
  }
  const { setup, workload } = servingFields(scenario);
  const p = predictServing(setup, workload);
  return {
    outputTokensPerSecond: p.outputTokensPerSecond,
    ttftSeconds: p.ttftSeconds,
    tpotSeconds: p.tpotSeconds,
    concurrentRequests: p.concurrentRequests,
    kvCacheTokens: p.kvCacheTokens,
    fits: p.fits,
  };
}

/** A serve scenario's setup and workload, type-checked (the model checks ranges). */
function servingFields(scenario: Record<string, unknown>): {
  setup: ServingSetup;
  workload: ServingWorkload;
} {
  const { id, spec } = resolveDecoder(scenario.model);
  const weights = scenario.weights ?? 'bf16';
  requireOneOf('weights', weights, WEIGHT_FORMATS);
  const kvCache = scenario.kvCache ?? 'bf16';
  requireOneOf('kvCache', kvCache, KV_FORMATS);
  const cudaGraphs = scenario.cudaGraphs;
  if (cudaGraphs !== undefined && typeof cudaGraphs !== 'boolean') {
    throw new RangeError(`cudaGraphs must be true or false, got ${describeValue(cudaGraphs)}`);
  }
  const concurrency = scenario.concurrency;
  if (concurrency !== 'max' && typeof concurrency !== 'number') {
    throw new RangeError(
      `concurrency must be a whole number of clients or "max", got ${describeValue(concurrency)}`,
    );
  }
  const inputTokens = num(scenario, 'inputTokens');
  const outputTokens = num(scenario, 'outputTokens');
  if (id !== null) {
    const limit = getServingModel(id).maxContextTokens;
    if (inputTokens + outputTokens > limit) {
      throw new RangeError(
        `${id} takes at most ${limit} tokens of context; inputTokens + outputTokens is ${inputTokens + outputTokens}`,
      );
    }
  }
  const gpus = optionalNum(scenario, 'gpus');
  const maxBatch = optionalNum(scenario, 'maxBatch');
  const maxTokensPerStep = optionalNum(scenario, 'maxTokensPerStep');
  const speculative = speculativeField(scenario.speculative);
  return {
    setup: {
      model: spec,
      gpu: str(scenario, 'gpu'),
      weights,
      kvCache,
      ...(gpus === undefined ? {} : { gpus }),
      ...(cudaGraphs === undefined ? {} : { cudaGraphs }),
      ...(maxBatch === undefined ? {} : { maxBatch }),
      ...(maxTokensPerStep === undefined ? {} : { maxTokensPerStep }),
      ...(speculative === null ? {} : { speculative }),
    },
    workload: { inputTokens, outputTokens, concurrency },
  };
}

/** `speculative`: absent, null, or {"draftTokens", "acceptanceRate"}. */
function speculativeField(value: unknown): SpeculativeSetup | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RangeError(
      `speculative must be {"draftTokens", "acceptanceRate"} or null, got ${describeValue(value)}`,
    );
  }
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => k !== 'draftTokens' && k !== 'acceptanceRate');
  if (extra.length > 0) {
    throw new RangeError(
      `unknown field ${JSON.stringify(extra[0])} in speculative; it takes draftTokens, acceptanceRate`,
    );
  }
  return { draftTokens: num(record, 'draftTokens'), acceptanceRate: num(record, 'acceptanceRate') };
}
