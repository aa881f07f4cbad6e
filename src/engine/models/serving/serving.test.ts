import { describe, expect, it } from 'vitest';
import { SERVING_CALIBRATION_ROWS } from '../../calibration/serving';
import { relativeError } from '../../calibration/case';
import { runScenarios } from '../scenarios';
import { SERVING_PRODUCT_SHARE } from './constants';
import { decoderParams, getServingModel, parseDecoderSpec, SERVING_MODELS } from './decoder';
import {
  predictServing,
  servingMemory,
  servingStepTime,
  sweepConcurrency,
} from './predict-serving';
import { resolveServer, tokensPerStep } from './server';
import { simulateScheduler } from './scheduler';
import { memoryPlan } from './memory';
import type { ServingSetup } from './types';

const llama8b = getServingModel('llama3.1-8b').spec;
const h100fp8: ServingSetup = { model: llama8b, gpu: 'h100-sxm', weights: 'fp8', kvCache: 'fp8' };

describe('the serving model on published runs', () => {
  it('lands each of the four calibration rows within 10 %', () => {
    expect(SERVING_CALIBRATION_ROWS).toHaveLength(4);
    for (const row of SERVING_CALIBRATION_ROWS) {
      expect(relativeError(row), row.what).toBeLessThanOrEqual(0.1);
    }
    // Only the first row set a constant.
    expect(SERVING_CALIBRATION_ROWS.filter((r) => r.usedForFitting)).toHaveLength(1);
    expect(SERVING_PRODUCT_SHARE.note).toMatch(/128\/128/);
  });
});

describe('decoder specs', () => {
  it('count each zoo model as published', () => {
    for (const model of SERVING_MODELS) {
      const relative = Math.abs(decoderParams(model.spec) / model.publishedParams.value - 1);
      // GPT-2's biases and position table are left out: about 1 % low.
      expect(relative, model.id).toBeLessThan(model.id.startsWith('gpt2') ? 0.02 : 1e-9);
    }
  });

  it('refuse a spec with a missing, unknown or inconsistent field, naming it', () => {
    const good = { ...llama8b };
    expect(parseDecoderSpec(good)).toEqual(llama8b);
    expect(() => parseDecoderSpec({ ...good, experts: 8 })).toThrow(/unknown field "experts"/);
    const noFfn: Record<string, unknown> = { ...good };
    delete noFfn.ffn;
    expect(() => parseDecoderSpec(noFfn)).toThrow(/lacks ffn/);
    expect(() => parseDecoderSpec({ ...good, heads: 30 })).toThrow(
      /heads \(30\) must divide hidden/,
    );
    expect(() => parseDecoderSpec({ ...good, kvHeads: 5 })).toThrow(
      /kvHeads \(5\) must divide heads/,
    );
    expect(() => parseDecoderSpec({ ...good, gated: 'yes' })).toThrow(
      /gated must be true or false/,
    );
    expect(() => parseDecoderSpec({ ...good, layers: 0.5 })).toThrow(
      /layers must be a whole number/,
    );
  });
});

describe('memory', () => {
  it('gives the cache 90 % of what weights, activations and the reserve leave, in pages', () => {
    const plan = servingMemory(h100fp8, { inputTokens: 1000, outputTokens: 1000, concurrency: 1 });
    // 8 KV heads of 128, keys and values, 32 layers, one byte each.
    expect(plan.kvBytesPerToken).toBe(2 * 32 * 8 * 128);
    const left = plan.totalBytes - plan.weightBytes - plan.activationBytes - plan.reserveBytes;
    expect(plan.kvCacheBytes).toBeCloseTo(0.9 * left, 0);
    expect(plan.kvCacheTokens).toBe(plan.pages * plan.pageTokens);
    expect(plan.requestsThatFit).toBe(Math.floor(plan.pages / Math.ceil(2000 / plan.pageTokens)));
    // fp8 layers, 16-bit embedding and head: about 7 GB + 2.1 GB.
    expect(plan.weightBytes / 1e9).toBeGreaterThan(9);
    expect(plan.weightBytes / 1e9).toBeLessThan(9.2);
  });

  it('doubles the cache tokens with an fp8 cache, and splits KV heads over tensor parallel', () => {
    const work = { inputTokens: 1000, outputTokens: 1000, concurrency: 1 } as const;
    const bf16 = servingMemory({ ...h100fp8, kvCache: 'bf16' }, work);
    const fp8 = servingMemory(h100fp8, work);
    expect(fp8.kvCacheTokens / bf16.kvCacheTokens).toBeCloseTo(2, 2);
    const huge = getServingModel('llama3.1-405b').spec;
    const tp8 = servingMemory({ model: huge, gpu: 'h200-sxm', gpus: 8, kvCache: 'fp8' }, work);
    // 8 KV heads over 8 GPUs: one head each.
    expect(tp8.kvBytesPerToken).toBe(2 * 126 * 1 * 128);
  });

  it('says a model that cannot fit does not, with no rates', () => {
    const huge = getServingModel('llama3.1-405b').spec;
    const p = predictServing(
      { model: huge, gpu: 'h100-sxm' },
      { inputTokens: 128, outputTokens: 128, concurrency: 1 },
    );
    expect(p.fits).toBe(false);
    expect(p.outputTokensPerSecond).toBe(0);
    expect(p.memory.weightBytes).toBeGreaterThan(p.memory.totalBytes);
  });
});

describe('one step', () => {
  it('decodes one request at the pace of reading every weight once', () => {
    const setup: ServingSetup = { model: llama8b, gpu: 'h100-sxm' };
    const server = resolveServer(setup);
    const step = servingStepTime(setup, {
      decodeRequests: 1,
      decodeContextTokens: 1000,
      prefillChunks: [],
    });
    // Every weight but the embedding table, which is looked up, not read whole.
    const embeddingBytes = llama8b.vocab * llama8b.hidden * 2;
    const weightSeconds =
      (memoryPlan(server, 2000).weightBytes - embeddingBytes) / server.bytesPerSecond;
    expect(step.productSeconds / weightSeconds).toBeGreaterThan(0.97);
    expect(step.productSeconds / weightSeconds).toBeLessThan(1.03);
    expect(step.attentionSeconds).toBeLessThan(step.productSeconds / 50);
  });

  it('shares the weight read: 64 requests cost far less than 64 steps of one', () => {
    const one = servingStepTime(h100fp8, {
      decodeRequests: 1,
      decodeContextTokens: 500,
      prefillChunks: [],
    });
    const many = servingStepTime(h100fp8, {
      decodeRequests: 64,
      decodeContextTokens: 64 * 500,
      prefillChunks: [],
    });
    expect(many.seconds / one.seconds).toBeLessThan(2);
  });

  it('prices a prompt by its arithmetic: eight times the tokens, about eight times the products', () => {
    const chunk = (tokens: number) =>
      servingStepTime(h100fp8, {
        decodeRequests: 0,
        decodeContextTokens: 0,
        prefillChunks: [{ tokens, cachedTokens: 0 }],
      });
    const ratio = chunk(8192).productSeconds / chunk(1024).productSeconds;
    expect(ratio).toBeGreaterThan(6.5);
    expect(ratio).toBeLessThan(8);
  });

  it('adds two all-reduces per layer under tensor parallel, none on one GPU', () => {
    const model = getServingModel('llama3.1-70b').spec;
    const batch = { decodeRequests: 32, decodeContextTokens: 32 * 1000, prefillChunks: [] };
    expect(servingStepTime({ model, gpu: 'h100-sxm', gpus: 1 }, batch).collectiveSeconds).toBe(0);
    const tp4 = servingStepTime({ model, gpu: 'h100-sxm', gpus: 4 }, batch);
    expect(tp4.collectiveSeconds).toBeGreaterThan(0);
    expect(() => servingStepTime({ model, gpu: 'h100-sxm', gpus: 3 }, batch)).toThrow(
      /gpus must be 1, 2, 4, 8/,
    );
  });

  it('hides host time under CUDA graphs for decode; launching kernel by kernel shows it', () => {
    const batch = { decodeRequests: 1, decodeContextTokens: 500, prefillChunks: [] };
    const graphs = servingStepTime({ ...h100fp8, cudaGraphs: true }, batch);
    const eager = servingStepTime({ ...h100fp8, cudaGraphs: false }, batch);
    expect(eager.overheadSeconds).toBeGreaterThan(2 * graphs.overheadSeconds);
    expect(eager.productSeconds).toBe(graphs.productSeconds);
  });
});

describe('speculative decoding', () => {
  it('gains (1 − α^(k+1)) / (1 − α) tokens a step', () => {
    expect(tokensPerStep(null)).toBe(1);
    expect(tokensPerStep({ draftTokens: 3, acceptanceRate: 0.7 })).toBeCloseTo(
      (1 - 0.7 ** 4) / 0.3,
      12,
    );
    expect(tokensPerStep({ draftTokens: 4, acceptanceRate: 1 })).toBe(5);
    expect(tokensPerStep({ draftTokens: 4, acceptanceRate: 0 })).toBe(1);
  });

  it('speeds up one bandwidth-bound request, and does little for a full, arithmetic-bound batch', () => {
    const spec = { draftTokens: 3, acceptanceRate: 0.7 };
    const work = { inputTokens: 128, outputTokens: 512 };
    const single = (s: ServingSetup) => predictServing(s, { ...work, concurrency: 1 }).tpotSeconds;
    expect(single(h100fp8) / single({ ...h100fp8, speculative: spec })).toBeGreaterThan(1.8);
    const full = (s: ServingSetup) =>
      predictServing(s, { inputTokens: 128, outputTokens: 128, concurrency: 'max' })
        .outputTokensPerSecond;
    expect(full({ ...h100fp8, speculative: spec }) / full(h100fp8)).toBeLessThan(1.2);
  });
});

describe('the scheduler', () => {
  const server = resolveServer(h100fp8);
  const pages = memoryPlan(server, 1128).pages;

  it('runs one client: TTFT is the prompt step, TPOT the decode step', () => {
    const run = simulateScheduler(server, {
      inputTokens: 1000,
      outputTokens: 128,
      clients: 1,
      requests: 3,
      pages,
      tracedRequests: 3,
      tracedSteps: 100,
    });
    const prompt = servingStepTime(h100fp8, {
      decodeRequests: 0,
      decodeContextTokens: 0,
      prefillChunks: [{ tokens: 1000, cachedTokens: 0 }],
    }).seconds;
    expect(run.meanTtftSeconds).toBeCloseTo(prompt, 9);
    const mid = servingStepTime(h100fp8, {
      decodeRequests: 1,
      decodeContextTokens: 1064,
      prefillChunks: [],
    }).seconds;
    expect(run.meanTpotSeconds / mid).toBeCloseTo(1, 3);
    // One after another: each arrives when the last leaves.
    const [a, b] = run.requests;
    expect(b!.arrivalSeconds).toBeCloseTo(a!.finishSeconds, 12);
    expect(run.seconds).toBeCloseTo(run.requests.at(-1)!.finishSeconds, 12);
  });

  it('never holds more pages or requests than it has, and queues the rest', () => {
    const small = 3 * Math.ceil(1128 / 32);
    const run = simulateScheduler(server, {
      inputTokens: 1000,
      outputTokens: 128,
      clients: 8,
      requests: 16,
      pages: small,
      tracedRequests: 16,
      tracedSteps: 10_000,
    });
    expect(Math.max(...run.steps.map((s) => s.pagesInUse))).toBeLessThanOrEqual(small);
    expect(Math.max(...run.steps.map((s) => s.decodeRequests + s.prefillRequests))).toBe(3);
    // The fourth client waits for the first request to leave.
    expect(run.requests[3]!.admittedSeconds).toBeCloseTo(run.requests[0]!.finishSeconds, 12);
    expect(run.meanRunning).toBeLessThanOrEqual(3);
  });

  it('splits a long prompt into chunks of the token budget', () => {
    const chunked = resolveServer({ ...h100fp8, maxTokensPerStep: 512 });
    const run = simulateScheduler(chunked, {
      inputTokens: 2000,
      outputTokens: 4,
      clients: 1,
      requests: 1,
      pages,
      tracedSteps: 20,
    });
    expect(run.steps.slice(0, 4).map((s) => s.prefillTokens)).toEqual([512, 512, 512, 464]);
  });

  it('refuses more clients than it simulates, naming the limit', () => {
    expect(() =>
      predictServing(h100fp8, { inputTokens: 8, outputTokens: 8, concurrency: 100_001 }),
    ).toThrow(/concurrency 100001 is more clients than the model simulates \(100000\)/);
  });

  it('refuses a request longer than the whole cache', () => {
    expect(() =>
      simulateScheduler(server, {
        inputTokens: 1000,
        outputTokens: 128,
        clients: 1,
        requests: 1,
        pages: 10,
      }),
    ).toThrow(/needs 36 cache pages; the cache holds 10/);
  });
});

describe('throughput against concurrency', () => {
  it('rises with concurrency, then flattens while TTFT climbs past what fits', () => {
    const work = { inputTokens: 1000, outputTokens: 200 };
    const fit = servingMemory(h100fp8, { ...work, concurrency: 1 }).requestsThatFit;
    const points = sweepConcurrency(h100fp8, work, [1, 8, 64, fit, 2 * fit]);
    const rates = points.map((p) => p.outputTokensPerSecond);
    expect(rates[1]! / rates[0]!).toBeGreaterThan(5);
    expect(rates[2]! / rates[1]!).toBeGreaterThan(3);
    expect(rates[4]! / rates[3]!).toBeLessThan(1.1);
    expect(points[4]!.ttftSeconds).toBeGreaterThan(3 * points[3]!.ttftSeconds);
    expect(points[2]!.tpotSeconds).toBeGreaterThan(points[0]!.tpotSeconds);
  });
});

describe('the serve scenario', () => {
  it('answers with throughput and latencies, and names bad fields', () => {
    const run = runScenarios([
      {
        id: 'a',
        op: 'serve',
        model: 'llama3.1-8b',
        gpu: 'h100-sxm',
        weights: 'fp8',
        kvCache: 'fp8',
        inputTokens: 128,
        outputTokens: 128,
        concurrency: 'max',
      },
      {
        id: 'b',
        op: 'serve',
        model: 'llama3.1-8b',
        gpu: 'h100-sxm',
        inputTokens: 128,
        outputTokens: 128,
        concurrency: 4,
        colour: 'red',
      },
      {
        id: 'c',
        op: 'serve',
        model: 'llama3.1-8b',
        gpu: 'h100-sxm',
        inputTokens: 130_000,
        outputTokens: 2000,
        concurrency: 1,
      },
      {
        id: 'd',
        op: 'serve',
        model: 'llama3.1-8b',
        gpu: 'h100-sxm',
        inputTokens: 128,
        outputTokens: 128,
        concurrency: 'lots',
      },
      {
        id: 'e',
        op: 'serve',
        model: 'mistral-7b',
        gpu: 'h100-sxm',
        inputTokens: 1,
        outputTokens: 1,
        concurrency: 1,
      },
      {
        id: 'f',
        op: 'serve',
        model: 'llama3.1-8b',
        gpu: 'h100-sxm',
        inputTokens: 8,
        outputTokens: 8,
        concurrency: 1,
        speculative: { draftTokens: 9, acceptanceRate: 0.5 },
      },
    ]);
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const [a, b, c, d, e, f] = run.results;
    expect(Object.keys(a!).sort()).toEqual([
      'concurrentRequests',
      'fits',
      'id',
      'kvCacheTokens',
      'outputTokensPerSecond',
      'tpotSeconds',
      'ttftSeconds',
    ]);
    expect(b).toEqual({
      id: 'b',
      error: expect.stringMatching(/unknown field "colour" for op "serve"/),
    });
    expect(c).toEqual({ id: 'c', error: expect.stringMatching(/at most 131072 tokens/) });
    expect(d).toEqual({
      id: 'd',
      error: expect.stringMatching(/concurrency must be a whole number of clients or "max"/),
    });
    expect(e).toEqual({ id: 'e', error: expect.stringMatching(/unknown model "mistral-7b"/) });
    expect(f).toEqual({ id: 'f', error: expect.stringMatching(/draftTokens must be 1 to 8/) });
  });
});
