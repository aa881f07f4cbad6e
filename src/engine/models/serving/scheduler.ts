/**
 * Continuous (in-flight) batching, step by step, as vLLM and TensorRT-LLM schedule it. Clients
 * each send a request and, when it finishes, the next. The scheduler admits a waiting request
 * when a batch slot and the cache pages for its whole length are free (so nothing is ever
 * evicted), runs every admitted request's next token in each step, and fills the rest of the
 * step's token budget with prompt chunks (chunked prefill). A request's prompt step yields its
 * first token; it leaves after its last.
 *
 * Runs of decode-only steps where nothing arrives or leaves are summed in one go: a step's time
 * grows linearly with the cached tokens it reads, so k such steps sum to an arithmetic series.
 */
import { pagesPerRequest } from './memory';
import { tokensPerStep, type Server } from './server';
import { stepTime } from './step-time';
import type { RequestTrace, StepBatch, StepRecord } from './types';

/** What to simulate. */
export interface SchedulerRun {
  inputTokens: number;
  outputTokens: number;
  /** Clients sending requests back to back. */
  clients: number;
  /** Requests in all. */
  requests: number;
  /** Cache pages the server holds. */
  pages: number;
  /** Requests whose traces to keep, from the first. */
  tracedRequests?: number;
  /** Step records to keep, from the first. */
  tracedSteps?: number;
}

/** What the simulation yields. */
export interface SchedulerResult {
  seconds: number;
  outputTokens: number;
  meanTtftSeconds: number;
  meanTpotSeconds: number;
  /** Mean requests running per step, weighted by time. */
  meanRunning: number;
  requests: RequestTrace[];
  steps: StepRecord[];
}

interface Live {
  id: number;
  arrival: number;
  admitted: number;
  promptLeft: number;
  firstToken: number;
  /** The step after which it has all its tokens. */
  doneStep: number;
  /** The step its decoding began after (its prompt step). */
  decodeFrom: number;
}

/** Simulates the run; throws a RangeError when a single request cannot fit. */
export function simulateScheduler(server: Server, run: SchedulerRun): SchedulerResult {
  const { inputTokens, outputTokens } = run;
  const requestPages = pagesPerRequest(inputTokens + outputTokens);
  if (requestPages > run.pages) {
    throw new RangeError(
      `one request of ${inputTokens + outputTokens} tokens needs ${requestPages} cache pages; the cache holds ${run.pages}`,
    );
  }
  const perStep = tokensPerStep(server.speculative);
  const decodeStepsAfterFirst = Math.ceil((outputTokens - 1) / perStep);
  const tracedRequests = run.tracedRequests ?? 0;
  const tracedSteps = run.tracedSteps ?? 0;

  let now = 0;
  let step = 0;
  let sent = 0;
  let freePages = run.pages;
  // Queues with a head index: requests leave each in the order they entered (the prompt budget
  // is filled front first, so prompts also finish in order).
  const waiting: Live[] = [];
  let waitHead = 0;
  const prefilling: Live[] = [];
  let prefillHead = 0;
  // Decoding requests finish in the order they started: all have the same output length.
  const decoding: Live[] = [];
  let decodeHead = 0;
  let contextSum = 0;
  let finished = 0;
  let ttftSum = 0;
  let tpotSum = 0;
  let runningTime = 0;
  const traces: RequestTrace[] = [];
  const steps: StepRecord[] = [];

  const send = () => {
    const id = sent;
    sent += 1;
    waiting.push({
      id,
      arrival: now,
      admitted: 0,
      promptLeft: inputTokens,
      firstToken: 0,
      doneStep: 0,
      decodeFrom: 0,
    });
  };
  for (let c = 0; c < Math.min(run.clients, run.requests); c += 1) send();

  const running = () => prefilling.length - prefillHead + decoding.length - decodeHead;
  const admit = () => {
    while (waitHead < waiting.length && freePages >= requestPages && running() < server.maxBatch) {
      const r = waiting[waitHead] as Live;
      waitHead += 1;
      r.admitted = now;
      freePages -= requestPages;
      prefilling.push(r);
    }
  };
  const finish = (r: Live) => {
    finished += 1;
    freePages += requestPages;
    contextSum -= inputTokens + 1 + (step - r.decodeFrom) * perStep;
    ttftSum += r.firstToken - r.arrival;
    tpotSum += outputTokens > 1 ? (now - r.firstToken) / (outputTokens - 1) : 0;
    if (r.id < tracedRequests) {
      traces.push({
        id: r.id,
        arrivalSeconds: r.arrival,
        admittedSeconds: r.admitted,
        firstTokenSeconds: r.firstToken,
        finishSeconds: now,
      });
    }
    if (sent < run.requests) send();
  };
  const record = (batch: StepBatch, seconds: number, count: number) => {
    if (steps.length >= tracedSteps) return;
    steps.push({
      startSeconds: now,
      stepSeconds: seconds,
      steps: count,
      decodeRequests: batch.decodeRequests,
      prefillTokens: batch.prefillChunks.reduce((s, c) => s + c.tokens, 0),
      prefillRequests: batch.prefillChunks.length,
      pagesInUse: run.pages - freePages,
    });
  };

  while (finished < run.requests) {
    admit();
    const decodeRequests = decoding.length - decodeHead;
    let budget =
      server.maxTokensPerStep - decodeRequests * (1 + (server.speculative?.draftTokens ?? 0));
    const chunks: Array<{ tokens: number; cachedTokens: number }> = [];
    const chunked: Live[] = [];
    for (let i = prefillHead; i < prefilling.length; i += 1) {
      const r = prefilling[i] as Live;
      if (budget <= 0) break;
      const tokens = Math.min(r.promptLeft, budget);
      chunks.push({ tokens, cachedTokens: inputTokens - r.promptLeft });
      chunked.push(r);
      budget -= tokens;
    }
    if (chunks.length === 0 && decodeRequests === 0) {
      throw new RangeError('the scheduler has nothing to run: raise maxTokensPerStep');
    }

    if (chunks.length === 0) {
      // Decode only until the next request leaves.
      const next = decoding[decodeHead] as Live;
      const k = Math.max(1, next.doneStep - step);
      const base = stepTime(server, {
        decodeRequests,
        decodeContextTokens: 0,
        prefillChunks: [],
      }).seconds;
      const probe = 1e6;
      const slope =
        (stepTime(server, { decodeRequests, decodeContextTokens: probe, prefillChunks: [] })
          .seconds -
          base) /
        probe;
      const first = base + slope * contextSum;
      const growth = decodeRequests * perStep;
      const seconds = k * base + slope * (k * contextSum + (growth * k * (k - 1)) / 2);
      record({ decodeRequests, decodeContextTokens: contextSum, prefillChunks: [] }, first, k);
      now += seconds;
      runningTime += seconds * running();
      step += k;
      contextSum += growth * k;
    } else {
      const batch: StepBatch = {
        decodeRequests,
        decodeContextTokens: contextSum,
        prefillChunks: chunks,
      };
      const seconds = stepTime(server, batch).seconds;
      record(batch, seconds, 1);
      now += seconds;
      runningTime += seconds * running();
      step += 1;
      contextSum += decodeRequests * perStep;
      chunked.forEach((r, i) => {
        r.promptLeft -= (chunks[i] as { tokens: number }).tokens;
        if (r.promptLeft > 0) return;
        prefillHead += 1;
        r.firstToken = now;
        r.decodeFrom = step;
        r.doneStep = step + decodeStepsAfterFirst;
        decoding.push(r);
        contextSum += inputTokens + 1;
      });
    }
    while (decodeHead < decoding.length && (decoding[decodeHead] as Live).doneStep <= step) {
      finish(decoding[decodeHead] as Live);
      decodeHead += 1;
    }
    if (decodeHead > 4096) {
      decoding.splice(0, decodeHead);
      decodeHead = 0;
    }
    if (prefillHead > 4096) {
      prefilling.splice(0, prefillHead);
      prefillHead = 0;
    }
    if (waitHead > 4096) {
      waiting.splice(0, waitHead);
      waitHead = 0;
    }
  }
  return {
    seconds: now,
    outputTokens: run.requests * outputTokens,
    meanTtftSeconds: ttftSum / run.requests,
    meanTpotSeconds: tpotSum / run.requests,
    meanRunning: now > 0 ? runningTime / now : 0,
    requests: traces.sort((a, b) => a.id - b.id),
    steps,
  };
}
