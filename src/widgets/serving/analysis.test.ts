import { describe, expect, it } from 'vitest';
import { fixture } from '../../engine/models/network/print-model/testing/fixtures';
import { readDecoderFromPrintModel } from '../../engine/models/serving/from-print-model';
import {
  analyzeServing,
  type PrintedState,
  type ServingAnalysis,
  type ServingResult,
} from './analysis';
import { LEVER_IDS } from './levers';
import { servingSchema, type ServingSettings } from './settings';
import { countingEngine, EXAMPLE_PRINT } from './testing/deps';

const NO_PRINT: PrintedState = { text: '', result: null, message: null };

/** The analysis of the defaults changed by `patch`. */
function analyze(patch: Partial<ServingSettings>, printed = NO_PRINT): ServingAnalysis {
  return analyzeServing({ ...servingSchema.defaults, ...patch }, printed, countingEngine());
}

/** The analysis, which must be a result. */
function result(patch: Partial<ServingSettings>): ServingResult {
  const analysis = analyze(patch);
  if (analysis.kind !== 'result') throw new Error(analysis.message);
  return analysis;
}

describe('analyzeServing', () => {
  it('predicts the defaults: a sweep of about 64 concurrencies up to the most that fit, a knee, five levers', () => {
    const r = result({});
    expect(r.modelName).toBe('Llama 3.1 8B');
    expect(r.gpuName).toMatch(/H100/);
    expect(r.workload).toEqual({ inputTokens: 1024, outputTokens: 512, concurrency: 32 });
    expect(r.prediction.outputTokensPerSecond).toBeGreaterThan(0);
    expect(r.maxFit).toBe(r.prediction.memory.requestsThatFit);
    expect(r.sweep.length).toBeGreaterThanOrEqual(Math.min(64, r.maxFit));
    expect(r.sweep.length).toBeLessThanOrEqual(65);
    expect(r.sweep[0]?.concurrency).toBe(1);
    expect(r.sweep.at(-1)?.concurrency).toBe(r.maxFit);
    expect(r.knee).not.toBeNull();
    expect(r.knee!.outputTokensPerSecond).toBeGreaterThanOrEqual(
      0.9 * r.knee!.plateauTokensPerSecond,
    );
    expect(r.levers.map((l) => l.id)).toEqual([...LEVER_IDS]);
    for (const lever of r.levers) {
      expect(lever.off.fits, lever.id).toBe(true);
      expect(lever.on.fits, lever.id).toBe(true);
    }
  });

  it('prices the levers the way the lesson says: fp8 weights and speculation speed decode up', () => {
    const r = result({ load: 'max' });
    const lever = (id: string) => r.levers.find((l) => l.id === id)!;
    const rate = (o: (typeof r.levers)[number]['on']) => (o.fits ? o.outputTokensPerSecond : 0);
    expect(rate(lever('fp8-weights').on)).toBeGreaterThan(rate(lever('fp8-weights').off));
    expect(lever('fp8-weights').change).toBe('bf16 → fp8');
    expect(lever('tp-double').change).toBe('TP 1 → 2 (twice the GPUs)');
    expect(lever('speculative').change).toBe('none → draft 3, 70 % accepted');
    const one = result({ load: 'clients', concurrency: 1 });
    const spec = one.levers.find((l) => l.id === 'speculative')!;
    expect(spec.on.fits && spec.off.fits && spec.on.tpotSeconds < spec.off.tpotSeconds).toBe(true);
  });

  it('compares fp8 against the 16-bit default when the settings already use fp8', () => {
    const r = result({ weights: 'fp8', kvCache: 'fp8', tp: '8' });
    expect(r.levers.find((l) => l.id === 'fp8-weights')!.change).toBe('bf16 → fp8');
    expect(r.levers.find((l) => l.id === 'tp-double')!.change).toBe('TP 4 → 8 (twice the GPUs)');
  });

  it('says why a decoder spec does not hold together', () => {
    const a = analyze({ model: 'custom', heads: 7 });
    expect(a).toMatchObject({ kind: 'problem', cause: 'model' });
    expect(a.kind === 'problem' && a.message).toMatch(
      /^the decoder spec does not hold together: decoder heads \(7\) must divide hidden \(4096\)/,
    );
    expect(analyze({ model: 'custom' }).kind).toBe('result');
  });

  it('draws a model that does not fit against the GPU, and says so in numbers', () => {
    const a = analyze({ model: 'llama3.1-405b' });
    expect(a.kind).toBe('problem');
    if (a.kind !== 'problem') return;
    expect(a.cause).toBe('fit');
    expect(a.memory?.weightBytes).toBeGreaterThan(a.memory!.totalBytes);
    expect(a.message).toMatch(
      /^Llama 3.1 405B does not fit on one NVIDIA H100 SXM.*: its weights \([\d.]+ GiB\)/,
    );
    const long = analyze({
      model: 'llama3.1-70b',
      tp: '2',
      weights: 'fp8',
      inputTokens: 131_072,
      outputTokens: 131_072,
    });
    expect(long.kind === 'problem' && long.message).toMatch(
      /too few for one request of 262,144 tokens/,
    );
  });

  it('passes the engine’s refusal on: heads that tensor parallel cannot split', () => {
    const a = analyze({ model: 'gpt2-1.5b', tp: '2' });
    expect(a).toMatchObject({ kind: 'problem', cause: 'engine' });
    expect(a.kind === 'problem' && a.message).toMatch(/25 heads do not divide by 2/);
  });

  it('waits for a pasted model, refuses one that is no decoder, and serves the example', () => {
    expect(analyze({ model: 'print' })).toMatchObject({ kind: 'problem', cause: 'awaiting' });
    let message: string | null = null;
    try {
      readDecoderFromPrintModel(fixture('bert-base-pretraining'));
    } catch (error) {
      message = (error as Error).message;
    }
    const bert = analyze(
      { model: 'print' },
      { text: 'BertForPreTraining(', result: null, message },
    );
    expect(bert.kind === 'problem' && bert.message).toMatch(
      /^the pasted text is not a decoder the engine can read: BertForPreTraining is not a decoder/,
    );
    const example = {
      text: EXAMPLE_PRINT,
      result: readDecoderFromPrintModel(EXAMPLE_PRINT),
      message: null,
    };
    const served = analyze({ model: 'print' }, example);
    expect(served.kind === 'result' && served.modelName).toBe('your LlamaForCausalLM');
    expect(served.kind === 'result' && served.prediction.outputTokensPerSecond).toBeCloseTo(
      result({}).prediction.outputTokensPerSecond,
      6,
    );
  });
});
