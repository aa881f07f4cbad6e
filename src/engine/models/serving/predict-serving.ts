/**
 * The serving model's entry points: a workload's throughput and latencies on a server (memory
 * plan, then the scheduler simulated over several rounds of requests), and the same over a range
 * of concurrencies.
 */
import { requirePositiveInteger } from '../validate';
import { memoryPlan } from './memory';
import { simulateScheduler } from './scheduler';
import { resolveServer, type Server } from './server';
import { stepTime } from './step-time';
import type {
  MemoryPlan,
  ServingPrediction,
  ServingSetup,
  ServingWorkload,
  StepBatch,
  StepTime,
  SweepPoint,
} from './types';

/** Rounds of requests each client sends in a prediction (enough for the steady state to dominate). */
const ROUNDS = 6;
/** Rounds per point of a sweep (fewer: a sweep runs many). */
const SWEEP_ROUNDS = 3;
/** Request traces and step records a prediction keeps for the timeline. */
const TRACED_REQUESTS = 48;
const TRACED_STEPS = 600;

/** Checks a workload's lengths and concurrency; throws a RangeError naming the bad field. */
function checkWorkload(workload: ServingWorkload): void {
  requirePositiveInteger('inputTokens', workload.inputTokens);
  requirePositiveInteger('outputTokens', workload.outputTokens);
  if (workload.concurrency !== 'max') checkConcurrency(workload.concurrency);
}

/** Most clients a prediction simulates (six requests each). */
export const MAX_CLIENTS = 100_000;

function checkConcurrency(clients: number): void {
  requirePositiveInteger('concurrency', clients);
  if (clients > MAX_CLIENTS) {
    throw new RangeError(
      `concurrency ${clients} is more clients than the model simulates (${MAX_CLIENTS}); past the requests that fit, more clients only wait longer`,
    );
  }
}

/** Where one GPU's memory goes for this workload. */
export function servingMemory(setup: ServingSetup, workload: ServingWorkload): MemoryPlan {
  checkWorkload(workload);
  return memoryPlan(resolveServer(setup), workload.inputTokens + workload.outputTokens);
}

/** One step's time by part, for a batch described directly. */
export function servingStepTime(setup: ServingSetup, batch: StepBatch): StepTime {
  return stepTime(resolveServer(setup), batch);
}

/** An all-zero step, for a server that cannot run the workload. */
const NO_STEP: StepTime = {
  seconds: 0,
  productSeconds: 0,
  attentionSeconds: 0,
  elementwiseSeconds: 0,
  collectiveSeconds: 0,
  overheadSeconds: 0,
  draftSeconds: 0,
};

/**
 * The workload's predicted output tokens per second, mean TTFT and TPOT, with the memory plan,
 * a typical step by part, and the first requests and steps of the simulated run. When the model
 * does not fit, `fits` is false and the rates are 0.
 */
export function predictServing(setup: ServingSetup, workload: ServingWorkload): ServingPrediction {
  checkWorkload(workload);
  const server = resolveServer(setup);
  const memory = memoryPlan(server, workload.inputTokens + workload.outputTokens);
  if (!memory.fits) {
    return {
      outputTokensPerSecond: 0,
      ttftSeconds: 0,
      tpotSeconds: 0,
      concurrentRequests: 0,
      kvCacheTokens: memory.kvCacheTokens,
      fits: false,
      memory,
      typicalStep: NO_STEP,
      trace: { requests: [], steps: [], seconds: 0, simulatedRequests: 0 },
    };
  }
  const clients = workload.concurrency === 'max' ? memory.requestsThatFit : workload.concurrency;
  const requests = clients * ROUNDS;
  const result = simulateScheduler(server, {
    inputTokens: workload.inputTokens,
    outputTokens: workload.outputTokens,
    clients,
    requests,
    pages: memory.pages,
    tracedRequests: TRACED_REQUESTS,
    tracedSteps: TRACED_STEPS,
  });
  const concurrentRequests = Math.min(clients, memory.requestsThatFit);
  return {
    outputTokensPerSecond: result.outputTokens / result.seconds,
    ttftSeconds: result.meanTtftSeconds,
    tpotSeconds: result.meanTpotSeconds,
    concurrentRequests,
    kvCacheTokens: memory.kvCacheTokens,
    fits: true,
    memory,
    typicalStep: typicalStep(server, workload, concurrentRequests),
    trace: {
      requests: result.requests,
      steps: result.steps,
      seconds: result.seconds,
      simulatedRequests: requests,
    },
  };
}

/** A steady-state decode step: every running request at the middle of its output. */
function typicalStep(server: Server, workload: ServingWorkload, running: number): StepTime {
  const { inputTokens, outputTokens } = workload;
  return stepTime(server, {
    decodeRequests: running,
    decodeContextTokens: running * (inputTokens + outputTokens / 2),
    prefillChunks: [],
  });
}

/** Throughput, TTFT and TPOT at each concurrency (clients), for a throughput-latency plot. */
export function sweepConcurrency(
  setup: ServingSetup,
  workload: Omit<ServingWorkload, 'concurrency'>,
  concurrencies: readonly number[],
): SweepPoint[] {
  const base: ServingWorkload = { ...workload, concurrency: 1 };
  checkWorkload(base);
  const server = resolveServer(setup);
  const memory = memoryPlan(server, workload.inputTokens + workload.outputTokens);
  if (!memory.fits) return [];
  return concurrencies.map((concurrency) => {
    checkConcurrency(concurrency);
    const result = simulateScheduler(server, {
      inputTokens: workload.inputTokens,
      outputTokens: workload.outputTokens,
      clients: concurrency,
      requests: concurrency * SWEEP_ROUNDS,
      pages: memory.pages,
    });
    return {
      concurrency,
      outputTokensPerSecond: result.outputTokens / result.seconds,
      ttftSeconds: result.meanTtftSeconds,
      tpotSeconds: result.meanTpotSeconds,
    };
  });
}
