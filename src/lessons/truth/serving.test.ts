/**
 * Lesson 11 (serving a model) holds to the cost engine and to its own arithmetic: every modeled
 * figure it quotes (times per token, steps, throughputs, TTFT, memory plans, how many requests
 * fit) is recomputed from the engine's serving model, the hand arithmetic (weight bytes over
 * bandwidth, KV bytes per token, FLOPs of a prompt, expected tokens under speculation) from the
 * catalog and the model specs, and each quick check's right answer is the one recomputation gives.
 */
import { describe, expect, it } from 'vitest';
import { getGpu } from '../../engine/catalog';
import {
  achievableMemoryBytesPerSecond,
  DEFAULT_HOST_OP_SECONDS,
  DEFAULT_MAX_TOKENS_PER_STEP,
  KERNELS_PER_LAYER,
  KV_FREE_MEMORY_FRACTION,
  PAGE_TOKENS,
  RUNTIME_RESERVE_BYTES,
  SERVING_PRODUCT_SHARE,
  STEP_HOST_SECONDS,
  decoderParams,
  getServingModel,
  kvElementsPerToken,
  predictServing,
  servingMemory,
  stepTime,
  tokensPerStep,
  type KvFormat,
  type ServingSetup,
  type ServingWorkload,
  type StepBatch,
  type WeightFormat,
} from '../../engine/models';
import { relativeError, SERVING_CALIBRATION_CASES } from '../../engine/calibration';
import { correctChoice, readLessonSource } from '../testing/lesson-source';
import { expectQuoted as expectQuotedWithin, lessonTruth } from '../testing/truth';

const lesson = readLessonSource('11-serving.mdx');
const { says, question } = lessonTruth(lesson);
/** Lesson 11's figures are quoted to two or three digits: within 2.5 % of the engine's. */
const expectQuoted = (value: number, quoted: number, step: number, label: string) =>
  expectQuotedWithin(value, quoted, step, label, 0.025);

const llama8b = getServingModel('llama3.1-8b').spec;
const llama70b = getServingModel('llama3.1-70b').spec;
const gpt2xl = getServingModel('gpt2-1.5b').spec;

function setup(
  model: ServingSetup['model'],
  gpu: string,
  weights: WeightFormat,
  kvCache: KvFormat,
  extra: Partial<ServingSetup> = {},
): ServingSetup {
  return { model, gpu, weights, kvCache, ...extra };
}

const fp8On = (gpu: string, extra: Partial<ServingSetup> = {}) =>
  setup(llama8b, gpu, 'fp8', 'fp8', extra);
const ms = (seconds: number) => seconds * 1e3;
const run = (s: ServingSetup, w: ServingWorkload) => predictServing(s, w);
const chat: Omit<ServingWorkload, 'concurrency'> = { inputTokens: 1024, outputTokens: 128 };

/** A decode-only step of `requests` requests, each with `context` tokens cached. */
const decodeBatch = (requests: number, context: number): StepBatch => ({
  decodeRequests: requests,
  decodeContextTokens: requests * context,
  prefillChunks: [],
});

describe('lesson 11: the decode floor and prefill, by hand', () => {
  const params = decoderParams(llama8b);
  const bf16Bytes = params * 2;

  it('counts Llama 3.1 8B as 8.03 billion parameters, 16.1 GB in bf16', () => {
    expect(params / 1e9).toBeCloseTo(8.03, 2);
    expect(getServingModel('llama3.1-8b').publishedParams.value / 1e9).toBeCloseTo(8.03, 2);
    says('8.03 billion parameters, 16.1 GB of weights');
    expect(bf16Bytes / 1e9).toBeCloseTo(16.1, 1);
  });

  it('divides those bytes by each GPU’s bandwidth as the table does', () => {
    const floors: Array<[string, number]> = [
      ['h100-sxm', 4.8],
      ['h200-sxm', 3.3],
      ['a100-sxm-80gb', 7.9],
      ['rtx-4090', 15.9],
    ];
    for (const [gpu, quoted] of floors) {
      const floor = ms(bf16Bytes / getGpu(gpu).memoryBytesPerSecond.value);
      expectQuoted(floor, quoted, 0.1, `${gpu} floor`);
      says(`${quoted.toFixed(1)} ms`);
    }
    says('more than about 210 tokens a second');
    expect(getGpu('h100-sxm').memoryBytesPerSecond.value / bf16Bytes).toBeCloseTo(210, -1);
    says('the floor is 5.5 ms');
    expect(ms(bf16Bytes / achievableMemoryBytesPerSecond(getGpu('h100-sxm')))).toBeCloseTo(5.5, 1);
  });

  it('has one token’s arithmetic under 1 % of that step, and prefill far past the weight read', () => {
    const tokenFlops = 2 * params;
    const peak = getGpu('h100-sxm').peakFlopsPerSecond['tensor-core'].bf16!.value;
    expect(ms(tokenFlops / peak)).toBeCloseTo(0.02, 2);
    expect(
      tokenFlops / peak / (bf16Bytes / getGpu('h100-sxm').memoryBytesPerSecond.value),
    ).toBeLessThan(0.01);
    says('more than 99 %');
    const promptFlops = 2 * params * 1024;
    expect(promptFlops / 1e13).toBeCloseTo(1.6, 1);
    expectQuoted(ms(promptFlops / peak), 16.6, 0.1, 'prefill at peak');
    says('16.6 ms even at the bf16 peak');
  });

  it('prices served products at 85 % of the measured matrix rate, as the lesson says', () => {
    expect(SERVING_PRODUCT_SHARE.value).toBe(0.85);
    says(
      'at 85 % of the best rate measured for a large matrix product, plus the time to read its weights',
    );
    expect(STEP_HOST_SECONDS.value).toBeCloseTo(1e-3, 4);
    says('about a millisecond per step of host work');
  });
});

describe('lesson 11: modeled times per token and steps', () => {
  it('quotes the engine’s time per token for one bf16 request on each GPU', () => {
    const quoted: Array<[string, number]> = [
      ['h100-sxm', 6.3],
      ['h200-sxm', 4.6],
      ['a100-sxm-80gb', 10.9],
      ['rtx-4090', 17.6],
    ];
    for (const [gpu, tpot] of quoted) {
      const r = run(setup(llama8b, gpu, 'bf16', 'bf16'), { ...chat, concurrency: 1 });
      expectQuoted(ms(r.tpotSeconds), tpot, 0.1, `${gpu} TPOT`);
      says(`${tpot.toFixed(1)} ms`);
    }
    const h100 = run(setup(llama8b, 'h100-sxm', 'bf16', 'bf16'), { ...chat, concurrency: 1 });
    expectQuoted(ms(h100.ttftSeconds), 32, 1, 'H100 bf16 TTFT');
    says('time to first token of about 32 ms');
  });

  it('has a batched step cost little more than one request’s, as the batching table says', () => {
    const s = fp8On('h100-sxm');
    const rows: Array<[number, number, number]> = [
      [1, 3.6, 276],
      [32, 4.8, 6700],
      [256, 13.2, 19300],
    ];
    for (const [requests, stepMs, perSecond] of rows) {
      const step = stepTime(s, decodeBatch(requests, 1000)).seconds;
      expectQuoted(ms(step), stepMs, 0.1, `step of ${requests}`);
      expectQuoted(
        requests / step,
        perSecond,
        perSecond < 1000 ? 5 : 100,
        `tokens/s at ${requests}`,
      );
    }
    const big = stepTime(s, decodeBatch(256, 1000));
    expectQuoted(ms(big.attentionSeconds), 5.8, 0.1, 'attention at 256');
    expectQuoted(ms(big.productSeconds), 6.0, 0.1, 'products at 256');
    says('attention takes 5.8 ms and the matrix products 6.0 ms');
    // 256 caches of 1,000 fp8 tokens: 16.8 GB.
    const cache = 256 * 1000 * kvElementsPerToken(llama8b) * 1;
    expect(cache / 1e9).toBeCloseTo(16.8, 1);
    says('about 16.8 GB of cache per step');
  });

  it('rewards "about 5 ms" for a step of 32 requests', () => {
    const q = question('serving-batch-step');
    expect(q.attributes.question).toContain('3.6 ms');
    const right = correctChoice(q);
    expect(right.text).toMatch(/About 5 ms/);
    const step = stepTime(fp8On('h100-sxm'), decodeBatch(32, 1000)).seconds;
    expectQuoted(ms(step), 4.8, 0.1, '32-request step');
    expect(right.explanation).toContain('engine predicts about 4.8 ms');
    expect(right.explanation).toContain('6,700 tokens per second, against 276');
  });

  it('rewards the arithmetic-bound prompt and bandwidth-bound tokens for a 4,000-token prompt', () => {
    const q = question('serving-prefill-decode');
    const right = correctChoice(q);
    expect(right.text).toMatch(/bound by arithmetic/);
    const flops = 2 * decoderParams(llama8b) * 4000;
    expect(flops / 1e13).toBeCloseTo(6.4, 1);
    const peak = getGpu('h100-sxm').peakFlopsPerSecond['tensor-core'].bf16!.value;
    expectQuoted(ms(flops / peak), 65, 1, '4,000-token prompt at peak');
  });
});

describe('lesson 11: the KV cache and how many requests fit', () => {
  it('sizes the cache per token for both models', () => {
    expect(kvElementsPerToken(llama8b) * 2).toBe(131_072);
    expect(kvElementsPerToken(llama70b) * 2).toBe(327_680);
    says('131{,}072');
    says('327{,}680');
    expect(llama8b.heads / llama8b.kvHeads).toBe(4);
    expect(llama70b.heads / llama70b.kvHeads).toBe(8);
    says('four and eight times larger without grouped-query attention');
  });

  it('quotes the engine’s memory plan for 8B in fp8 on an H100', () => {
    const plan = servingMemory(fp8On('h100-sxm'), {
      inputTokens: 2048,
      outputTokens: 2048,
      concurrency: 'max',
    });
    expectQuoted(plan.weightBytes / 1e9, 9.1, 0.1, 'weights');
    expectQuoted(plan.activationBytes / 1e9, 1.9, 0.1, 'working memory');
    expect(plan.reserveBytes).toBe(3 * 2 ** 30);
    expect(RUNTIME_RESERVE_BYTES.value).toBe(3 * 2 ** 30);
    expectQuoted(plan.kvCacheBytes / 1e9, 64.5, 0.1, 'cache');
    expectQuoted(plan.kvCacheTokens, 985_000, 1000, 'cache tokens');
    expectQuoted(plan.requestsThatFit, 240, 5, 'requests of 4,096');
    says('weights 9.1 GB');
    says('a cache of 64.5 GB, which at 64 KiB per token holds about 985,000 tokens');
    says('about 240 such requests fit at once');
    expect(KV_FREE_MEMORY_FRACTION.value).toBe(0.9);
    expect(PAGE_TOKENS.value).toBe(32);
    says('in pages of 32 tokens');
    const bf16Cache = servingMemory(fp8On('h100-sxm', { kvCache: 'bf16' }), {
      inputTokens: 2048,
      outputTokens: 2048,
      concurrency: 'max',
    });
    expectQuoted(bf16Cache.requestsThatFit, 120, 3, 'requests with a bf16 cache');
    says('120 requests');
  });

  it('halves the 2,048/2,048 throughput with a bf16 cache, and says how it compares with NVIDIA', () => {
    const long: ServingWorkload = { inputTokens: 2048, outputTokens: 2048, concurrency: 'max' };
    const fp8 = run(fp8On('h100-sxm'), long).outputTokensPerSecond;
    const bf16 = run(fp8On('h100-sxm', { kvCache: 'bf16' }), long).outputTokensPerSecond;
    expectQuoted(fp8, 8700, 100, 'fp8 cache');
    expectQuoted(bf16, 5000, 100, 'bf16 cache');
    expect(1 - bf16 / fp8).toBeGreaterThan(0.4);
    says('over 40 % of its throughput, from about 8,700 to 5,000 output tokens per second');
    says('9,305 output tokens per second');
    expectQuoted(100 * (1 - fp8 / 9305), 6, 1, 'shortfall against the published run');
    says('the model is about 6 % low here');
  });

  it('rewards 27 requests on the RTX 4090, and the distractors are the mistakes they name', () => {
    const q = question('serving-kv-fit');
    const plan = servingMemory(setup(llama8b, 'rtx-4090', 'bf16', 'bf16'), {
      ...chat,
      concurrency: 'max',
    });
    expectQuoted(plan.kvCacheBytes / 1e9, 4.1, 0.1, '4090 cache');
    expect(plan.requestsThatFit).toBe(27);
    expect(correctChoice(q).text).toBe('About 27');
    const fit = (bytesPerToken: number) => Math.floor(plan.kvCacheBytes / bytesPerToken / 1152);
    const perToken = kvElementsPerToken(llama8b) * 2;
    expect(fit((perToken * llama8b.heads) / llama8b.kvHeads)).toBeCloseTo(7, -1); // no GQA: 6.9
    expect(Math.round(plan.kvCacheBytes / (perToken / 2) / 1152)).toBe(55); // no factor 2
    expect(Math.round(plan.kvCacheBytes / (perToken / llama8b.layers) / 1152 / 10) * 10).toBe(880);
    for (const text of ['About 7', 'About 55', 'About 880']) {
      expect(q.choices.find((c) => c.text === text)?.correct).toBe(false);
    }
  });

  it('rewards about 240 requests for 70B on two H100s, as the engine counts them', () => {
    const q = question('cy-serving-tp-cache');
    const plan = servingMemory(setup(llama70b, 'h100-sxm', 'fp8', 'fp8', { gpus: 2 }), {
      inputTokens: 1000,
      outputTokens: 1000,
      concurrency: 'max',
    });
    expectQuoted(plan.kvCacheBytes / 1e9, 40, 1, 'cache per GPU');
    expect(plan.kvBytesPerToken).toBe(81_920);
    expect(correctChoice(q).text).toBe('About 240');
    expect(correctChoice(q).explanation).toContain(`comes to ${plan.requestsThatFit}`);
    expectQuoted(plan.requestsThatFit, 240, 5, 'requests');
  });
});

describe('lesson 11: chunked prefill', () => {
  const s = fp8On('h100-sxm');
  const decoding = decodeBatch(64, 1000);

  it('quotes the decode step, the stalled step and the first chunk’s step', () => {
    expectQuoted(ms(stepTime(s, decoding).seconds), 6.0, 0.1, 'decode-only step');
    const whole = stepTime(s, {
      ...decoding,
      prefillChunks: [{ tokens: 20_000, cachedTokens: 0 }],
    });
    expectQuoted(ms(whole.seconds), 470, 10, 'whole 20,000-token prompt');
    const chunk = stepTime(s, { ...decoding, prefillChunks: [{ tokens: 2048, cachedTokens: 0 }] });
    expectQuoted(ms(chunk.seconds), 37, 1, 'first 2,048-token chunk');
    says('A decode-only step takes about 6.0 ms');
    says('takes about 470 ms');
    says("the first chunk's step takes about 37 ms");
    expect(DEFAULT_MAX_TOKENS_PER_STEP.value).toBe(8192);
    says('8,192 tokens');
  });
});

describe('lesson 11: the concurrency sweep and the published run', () => {
  const s = fp8On('h100-sxm');
  const rows: Array<[number | 'max', number, number, number]> = [
    // concurrency, output tokens/s, TTFT ms, TPOT ms
    [1, 267, 19, 3.6],
    [16, 2620, 119, 5.2],
    [64, 4700, 200, 12.1],
    [256, 5860, 470, 40],
    ['max', 6210, 1400, 126],
  ];

  it('quotes each row of the sweep as the engine predicts it', () => {
    for (const [concurrency, tps, ttft, tpot] of rows) {
      const r = run(s, { ...chat, concurrency });
      expectQuoted(r.outputTokensPerSecond, tps, 10, `throughput at ${concurrency}`);
      expectQuoted(ms(r.ttftSeconds), ttft, ttft < 1000 ? 1 : 100, `TTFT at ${concurrency}`);
      expectQuoted(ms(r.tpotSeconds), tpot, tpot < 20 ? 0.1 : 1, `TPOT at ${concurrency}`);
    }
    const max = run(s, { ...chat, concurrency: 'max' });
    expect(max.concurrentRequests).toBe(854);
    says('as many as fit (854)');
  });

  it('draws the knee from the engine: a quarter more throughput, over three times the TPOT', () => {
    const at64 = run(s, { ...chat, concurrency: 64 });
    const at256 = run(s, { ...chat, concurrency: 256 });
    expectQuoted(
      at256.outputTokensPerSecond / at64.outputTokensPerSecond,
      1.25,
      0.05,
      'throughput',
    );
    expect(at256.tpotSeconds / at64.tpotSeconds).toBeGreaterThan(3);
    expect(at256.tpotSeconds / at64.tpotSeconds).toBeLessThan(3.5);
    says(
      "throughput rises by a quarter while each user's tokens come more than three times more slowly",
    );
  });

  it('says the 128/128 run is the one the engine was fitted on, and quotes its held-out error', () => {
    const short = run(s, { inputTokens: 128, outputTokens: 128, concurrency: 'max' });
    says('28,312 output tokens per second');
    const fitted = SERVING_CALIBRATION_CASES.filter((c) => c.usedForFitting);
    expect(fitted).toHaveLength(1);
    expect(fitted[0]!.measured).toBe(28_312);
    expectQuoted(short.outputTokensPerSecond, 28_300, 100, '128/128 max');
    says('it was fitted on exactly this run, so agreement there (about 28,300) proves nothing');
    // The overview's runs: every case at maximum load (gpt-fast's single request left out).
    const overview = SERVING_CALIBRATION_CASES.filter((c) => c.id.endsWith('-max'));
    expect(overview).toHaveLength(60);
    const errors = overview.map(relativeError).sort((a, b) => a - b);
    const median = (errors[29]! + errors[30]!) / 2;
    expectQuoted(100 * median, 7, 1, 'median error over the overview');
    says('across its 60 runs of Llama 3.1 and 3.3');
    says("the engine's median error is about 7 %");
  });

  it('spans more than a hundredfold between one bf16 request and a full fp8 server', () => {
    const one = run(setup(llama8b, 'h100-sxm', 'bf16', 'bf16'), { ...chat, concurrency: 1 });
    const full = run(s, { inputTokens: 128, outputTokens: 128, concurrency: 'max' });
    expect(full.outputTokensPerSecond / one.outputTokensPerSecond).toBeGreaterThan(100);
    says('more than a hundred times faster or slower');
  });

  it('rewards TTFT + 127 × TPOT for the end-to-end time', () => {
    const q = question('serving-end-to-end');
    expect(0.3 + 127 * 0.02).toBeCloseTo(2.84, 2);
    expect(correctChoice(q).text).toBe('About 2.8 s');
  });
});

describe('lesson 11: quantization', () => {
  it('lists weight bytes per format as parameters times bytes', () => {
    const p8 = decoderParams(llama8b);
    const p70 = decoderParams(llama70b);
    expect((p8 * 1) / 1e9).toBeCloseTo(8.0, 1);
    expect((p70 * 2) / 1e9).toBeCloseTo(141, 0);
    expect((p70 * 1) / 1e9).toBeCloseTo(70.6, 1);
    const int4 = 0.5 + 2 / 128;
    expect((p8 * int4) / 1e9).toBeCloseTo(4.1, 1);
    expect((p70 * int4) / 1e9).toBeCloseTo(36.4, 1);
    for (const text of ['16.1 GB', '8.0 GB', '70.6 GB', '4.1 GB', '36.4 GB']) says(text);
  });

  it('speeds up decode far more than prefill with weight-only formats on an A100', () => {
    const a100 = (weights: WeightFormat) =>
      run(setup(llama8b, 'a100-sxm-80gb', weights, 'bf16'), { ...chat, concurrency: 1 });
    const bf16 = a100('bf16');
    const int8 = a100('int8');
    const int4 = a100('int4');
    expectQuoted(ms(bf16.tpotSeconds), 10.9, 0.1, 'bf16');
    expectQuoted(ms(int8.tpotSeconds), 6, 0.5, 'int8');
    expectQuoted(ms(int4.tpotSeconds), 3.7, 0.1, 'int4');
    expectQuoted(ms(bf16.ttftSeconds), 80, 1, 'bf16 TTFT');
    expectQuoted(ms(int4.ttftSeconds), 73, 1, 'int4 TTFT');
    expect(int8.ttftSeconds).toBeLessThan(bf16.ttftSeconds);
    expect(int8.ttftSeconds).toBeGreaterThan(int4.ttftSeconds);
    says('falls from 10.9 ms in bf16 to about 6 ms with int8 weights and 3.7 ms with int4');
    says('only moves from about 80 ms to 73 ms');
    const q = question('serving-int4-a100');
    expect(correctChoice(q).text).toMatch(
      /three times faster, while the first token comes only a little sooner/,
    );
    expect(bf16.tpotSeconds / int4.tpotSeconds).toBeCloseTo(3, 0);
    expect(int4.ttftSeconds / bf16.ttftSeconds).toBeGreaterThan(0.85);
  });

  it('speeds up both phases with fp8 on the RTX 4090’s fp8 tensor cores', () => {
    const rtx = (weights: WeightFormat) =>
      run(setup(llama8b, 'rtx-4090', weights, 'bf16'), { ...chat, concurrency: 1 });
    const bf16 = rtx('bf16');
    const fp8 = rtx('fp8');
    expectQuoted(ms(bf16.ttftSeconds), 129, 1, 'bf16 TTFT');
    expectQuoted(ms(fp8.ttftSeconds), 71, 1, 'fp8 TTFT');
    expectQuoted(ms(bf16.tpotSeconds), 17.6, 0.1, 'bf16 TPOT');
    expectQuoted(ms(fp8.tpotSeconds), 9.4, 0.1, 'fp8 TPOT');
    says('from about 129 to 71 ms and the time per token from 17.6 to 9.4 ms');
  });

  it('quotes 70B on one H200 in bf16 and fp8', () => {
    const h200 = (weights: WeightFormat) =>
      run(setup(llama70b, 'h200-sxm', weights, 'fp8'), { ...chat, concurrency: 1 });
    const bf16 = h200('bf16');
    const fp8 = h200('fp8');
    expectQuoted(bf16.memory.kvCacheBytes / 1e9, 3.9, 0.1, 'bf16 cache');
    expect(bf16.memory.requestsThatFit).toBe(20);
    expectQuoted(fp8.memory.kvCacheBytes / 1e9, 65.5, 0.1, 'fp8 cache');
    expectQuoted(fp8.memory.requestsThatFit, 350, 5, 'fp8 requests');
    expectQuoted(ms(fp8.tpotSeconds), 17.5, 0.1, 'fp8 TPOT');
    expectQuoted(ms(bf16.tpotSeconds), 34, 1, 'bf16 TPOT');
    says('about 3.9 GB of cache, room for 20 requests of 1,152 tokens');
    says(
      'keeps 65.5 GB of cache, room for about 350, and each token comes in 17.5 ms instead of 34',
    );
    const onH100 = run(setup(llama70b, 'h100-sxm', 'bf16', 'fp8'), { ...chat, concurrency: 1 });
    expect(onH100.fits).toBe(false);
  });
});

describe('lesson 11: tensor parallelism', () => {
  const tp = (gpus: number) => setup(llama70b, 'h100-sxm', 'fp8', 'fp8', { gpus });

  it('quotes the 70B decode step on 1, 2 and 4 H100s and its all-reduces', () => {
    const rows: Array<[number, number, number]> = [
      [1, 36.8, 0],
      [2, 20.4, 1.3],
      [4, 12.8, 2.6],
    ];
    const steps = rows.map(([gpus, stepMs, collectiveMs]) => {
      const step = stepTime(tp(gpus), decodeBatch(64, 1000));
      expectQuoted(ms(step.seconds), stepMs, 0.1, `step on ${gpus}`);
      expectQuoted(ms(step.collectiveSeconds), collectiveMs, 0.1, `all-reduces on ${gpus}`);
      return step.seconds;
    });
    expectQuoted(steps[0]! / steps[1]!, 1.8, 0.1, 'speed-up on 2');
    expectQuoted(steps[0]! / steps[2]!, 2.9, 0.1, 'speed-up on 4');
    says('1.8 times shorter, four times make it 2.9 times shorter');
    // Each all-reduce of 64 requests carries 64 × 8,192 × 2 bytes; two per layer.
    expect(64 * llama70b.hidden * 2).toBe(2 ** 20);
    expect(2 * llama70b.layers).toBe(160);
  });

  it('quotes what two GPUs buy the 70B model in memory, throughput and latency', () => {
    const long: ServingWorkload = { inputTokens: 1000, outputTokens: 1000, concurrency: 'max' };
    const one = run(tp(1), long);
    const two = run(tp(2), long);
    expectQuoted(one.memory.kvCacheBytes / 1e9, 6.6, 0.1, 'cache on one');
    expect(one.memory.requestsThatFit).toBe(19);
    expectQuoted(one.outputTokensPerSecond, 600, 10, 'throughput on one');
    expectQuoted(two.memory.weightBytes / 1e9, 36, 1, 'weights per GPU on two');
    expectQuoted(two.memory.kvCacheBytes / 1e9, 40, 1, 'cache per GPU on two');
    expectQuoted(two.memory.requestsThatFit, 240, 5, 'requests on two');
    expectQuoted(two.outputTokensPerSecond, 4000, 50, 'throughput on two');
    expectQuoted(two.outputTokensPerSecond / one.outputTokensPerSecond, 6.5, 0.25, 'gain');
    says('about 600 output tokens per second');
    says('about 4,000 tokens per second, six and a half times as much');
    says('4,205 output tokens per second');
    expectQuoted(100 * (1 - two.outputTokensPerSecond / 4205), 6, 1, 'shortfall on 4,205');
    says('the engine, which was not fitted on it, is about 6 % low');
    const single = (gpus: number) => run(tp(gpus), { ...chat, concurrency: 1 }).tpotSeconds;
    expectQuoted(ms(single(1)), 25, 1, 'TPOT on one');
    expectQuoted(ms(single(2)), 13.5, 0.25, 'TPOT on two');
    says('from about 25 ms on one H100 to about 13.5 ms on two');
  });

  it('rewards two copies of 8B over a tensor-parallel pair, by the engine’s numbers', () => {
    const copy = run(fp8On('h100-sxm'), { ...chat, concurrency: 'max' }).outputTokensPerSecond;
    const pair = run(fp8On('h100-sxm', { gpus: 2 }), {
      ...chat,
      concurrency: 'max',
    }).outputTokensPerSecond;
    expectQuoted(copy, 6210, 10, 'one copy');
    expectQuoted(2 * copy, 12_400, 100, 'two copies');
    expectQuoted(pair, 10_000, 100, 'the pair');
    expect(2 * copy).toBeGreaterThan(pair);
    says('2 × 6,210 = 12,400');
    says('about 10,000 as one tensor-parallel pair');
    const q = question('serving-tp-replicas');
    expect(q.text).toContain('12,400');
    expect(q.text).toContain('10,000');
    expect(correctChoice(question('serving-tp-replicas')).text).toMatch(/Two independent servers/);
  });
});

describe('lesson 11: CUDA graphs', () => {
  it('counts the launches and their host time from the engine’s kernels and eager op cost', () => {
    expect(KERNELS_PER_LAYER.value).toBe(14);
    const launches = KERNELS_PER_LAYER.value * llama8b.layers + 4;
    expectQuoted(launches, 450, 10, 'launches');
    expectQuoted(DEFAULT_HOST_OP_SECONDS.value * 1e6, 8.5, 0.1, 'eager op');
    expectQuoted(ms(launches * DEFAULT_HOST_OP_SECONDS.value), 3.8, 0.1, 'dispatch per step');
    // Ten small kernels per layer (and three more per step) show; the four products hide.
    const small = (KERNELS_PER_LAYER.value - 4) * llama8b.layers + 3;
    expectQuoted(ms(small * DEFAULT_HOST_OP_SECONDS.value), 2.7, 0.1, 'exposed dispatch');
    says('about 450 of them');
    says('about 8.5 µs per eager operation');
    says('about 3.8 ms of host work per step');
    says('about 2.7 ms of their dispatch shows');
    const step = stepTime(setup(llama8b, 'h200-sxm', 'int4', 'bf16'), decodeBatch(1, 1100));
    expectQuoted(ms(step.seconds - step.overheadSeconds), 1, 0.1, 'GPU work of the int4 step');
  });

  it('quotes the time per token with and without graphs', () => {
    const tpot = (s: ServingSetup, input: number, concurrency = 1) =>
      ms(run(s, { inputTokens: input, outputTokens: 128, concurrency }).tpotSeconds);
    const rows: Array<[ServingSetup['model'], string, WeightFormat, number, number, number]> = [
      [llama8b, 'h100-sxm', 'bf16', 1024, 6.3, 9.0],
      [llama8b, 'h200-sxm', 'int4', 1024, 2.0, 4.9],
      [gpt2xl, 'h100-sxm', 'bf16', 512, 2.1, 6.8],
    ];
    for (const [model, gpu, weights, input, graphs, eager] of rows) {
      const on = (cudaGraphs: boolean) =>
        tpot(setup(model, gpu, weights, 'bf16', { cudaGraphs }), input);
      expectQuoted(on(true), graphs, 0.1, `${gpu} ${weights} with graphs`);
      expectQuoted(on(false), eager, 0.1, `${gpu} ${weights} without`);
      says(`${graphs.toFixed(1)} ms ${eager.toFixed(1)} ms`);
    }
    const at64 = (cudaGraphs: boolean) => tpot(fp8On('h100-sxm', { cudaGraphs }), 1024, 64);
    expectQuoted(at64(true), 12.1, 0.1, '64 with graphs');
    expectQuoted(at64(false), 14.5, 0.1, '64 without');
    says('12.1 ms per token against 14.5');
  });
});

describe('lesson 11: speculative decoding', () => {
  it('computes the expected tokens per step from the formula the engine uses', () => {
    const e = (draftTokens: number, acceptanceRate: number) =>
      tokensPerStep({ draftTokens, acceptanceRate });
    expect(e(4, 0.8)).toBeCloseTo(3.36, 2);
    expect(e(4, 0.5)).toBeCloseTo(1.94, 2);
    says('0.8 gives 3.36 tokens per step and a rate of 0.5 gives 1.94');
    const q = question('serving-spec-tokens');
    expect(e(3, 0.6)).toBeCloseTo(2.18, 2);
    expect(correctChoice(q).text).toBe('About 2.2');
    expect(3 * 0.6).toBeCloseTo(1.8, 6);
    expect(1 + 3 * 0.6).toBeCloseTo(2.8, 6);
    expect(e(5, 0.7)).toBeCloseTo(2.94, 2); // the practice task
  });

  it('quotes the gain at one request and its loss at 256', () => {
    const tpot = (concurrency: number, speculative: ServingSetup['speculative']) =>
      ms(
        run(setup(llama8b, 'h100-sxm', 'bf16', 'bf16', { speculative }), {
          ...chat,
          concurrency,
        }).tpotSeconds,
      );
    const high = { draftTokens: 4, acceptanceRate: 0.8 };
    const low = { draftTokens: 4, acceptanceRate: 0.5 };
    expectQuoted(tpot(1, null), 6.3, 0.1, 'one, none');
    expectQuoted(tpot(1, high), 2.5, 0.1, 'one, 0.8');
    expectQuoted(tpot(1, low), 4.4, 0.1, 'one, 0.5');
    says('2.5 ms per token at an acceptance rate of 0.8 and 4.4 ms at 0.5, against 6.3 ms');
    const none256 = tpot(256, null);
    const high256 = tpot(256, high);
    const low256 = tpot(256, low);
    expectQuoted(none256, 69.5, 0.1, '256, none');
    expectQuoted(high256, 59.9, 0.1, '256, 0.8');
    expectQuoted(low256, 72.2, 0.1, '256, 0.5');
    expect(low256).toBeGreaterThan(none256);
    expectQuoted(1 - high256 / none256, 1 / 7, 0.02, 'gain at 256');
    says('59.9 ms per token at 0.8, against 69.5 ms without, a gain of only about a seventh');
    expect(correctChoice(question('cy-serving-spec-load')).explanation).toContain(
      '69.5 ms per token to 59.9',
    );
  });
});

describe('lesson 11: prefix caching', () => {
  it('quotes the prefill with and without the cached prefix, and rewards the TTFT answer', () => {
    const s = fp8On('h100-sxm');
    const prefill = (tokens: number, cachedTokens: number) =>
      ms(
        stepTime(s, {
          decodeRequests: 0,
          decodeContextTokens: 0,
          prefillChunks: [{ tokens, cachedTokens }],
        }).seconds,
      );
    expectQuoted(prefill(3200, 0), 53, 1, 'fresh prompt');
    expectQuoted(prefill(200, 3000), 9, 0.5, 'after a cached prefix');
    says('takes a prefill step of about 53 ms');
    says('attending to 3,000 already cached, takes about 9 ms');
    expect(question('serving-prefix').text).toContain('about 9 ms instead of 53 ms');
    expect(correctChoice(question('serving-prefix')).text).toMatch(
      /first token arrives sooner and more requests fit/,
    );
  });
});

describe('lesson 11: measuring a server', () => {
  it('shows the vllm bench serve flags the brief names, with saved results read back', () => {
    const shell = lesson.prose;
    const python = lesson.snippets.find(
      (s) => s.title === 'A concurrency sweep of your own server',
    );
    expect(python?.lang).toBe('python');
    for (const flag of [
      '--dataset-name',
      '--random-input-len',
      '--random-output-len',
      '--max-concurrency',
      '--num-prompts',
      '--save-result',
      '--result-filename',
    ]) {
      expect(python!.code).toContain(flag);
    }
    for (const key of ['output_throughput', 'mean_ttft_ms', 'mean_tpot_ms']) {
      expect(python!.code).toContain(`'${key}'`);
    }
    const fenced = lesson.snippets.find((s) => s.lang === 'bash');
    expect(fenced?.code).toMatch(/^vllm serve meta-llama\/Llama-3\.1-8B-Instruct$/m);
    expect(fenced?.code).toContain(
      'vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct --dataset-name random --random-input-len 1024 --random-output-len 128 --max-concurrency 16 --num-prompts 200',
    );
    expect(shell).toMatch(
      /Paste one block, with the command line that produced it, into the serving simulator/,
    );
  });
});
