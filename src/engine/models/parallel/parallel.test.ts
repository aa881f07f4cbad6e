import { describe, expect, it } from 'vitest';
import { relativeError } from '../../calibration/case';
import { MPT_TRAINING_ROWS, TRAINING_CALIBRATION_ROWS } from '../../calibration/parallel';
import { runScenarios } from '../scenarios';
import { decoderParams, getServingModel } from '../serving/decoder';
import { predictParallelStep } from './parallel-step';
import { enumerateLayouts, rankLayouts } from './planner';
import type { ParallelSetup } from './layout';

const llama8b = getServingModel('llama3.1-8b').spec;
const llama70b = getServingModel('llama3.1-70b').spec;
const base: ParallelSetup = { model: llama8b, gpu: 'h100-sxm', gpus: 8, seq: 4096, microBatch: 2 };

describe('training at scale on published runs', () => {
  it("lands torchtitan's seven FSDP2 rows within 10 %, fitted on one", () => {
    expect(TRAINING_CALIBRATION_ROWS).toHaveLength(7);
    for (const row of TRAINING_CALIBRATION_ROWS) {
      expect(relativeError(row), row.what).toBeLessThanOrEqual(0.1);
    }
    expect(TRAINING_CALIBRATION_ROWS.filter((r) => r.usedForFitting)).toHaveLength(1);
  });

  it("keeps MosaicML's MPT table within a median of 15 % and a 90th percentile of 35 %", () => {
    const errors = MPT_TRAINING_ROWS.filter((r) => !r.usedForFitting)
      .map(relativeError)
      .sort((a, b) => a - b);
    expect(errors.length).toBeGreaterThan(50);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThanOrEqual(0.15);
    expect(errors[Math.floor(errors.length * 0.9)]).toBeLessThanOrEqual(0.35);
  });

  it('computes MFU as torchtitan does: 6 per parameter plus 12·layers·hidden·seq per token', () => {
    const p = predictParallelStep({ ...base, gpu: 'a100-sxm-80gb' });
    const perToken = 6 * decoderParams(llama8b) + 12 * 32 * 4096 * 4096;
    expect(p.mfu).toBeCloseTo((perToken * p.tokensPerSecondPerGpu) / 312e12, 6);
  });
});

describe('a layout', () => {
  it('refuses degrees that cannot be, naming them', () => {
    const bad = (extra: Partial<ParallelSetup>) => () => predictParallelStep({ ...base, ...extra });
    expect(bad({ tensorParallel: 3 })).toThrow(/must divide gpus \(8\)/);
    expect(bad({ gpus: 16, tensorParallel: 16 })).toThrow(/must stay inside a node of 8/);
    expect(bad({ contextParallel: 2, seq: 4098 })).toThrow(/2 × contextParallel/);
    expect(bad({ sharding: 'zero4' as never })).toThrow(/sharding/);
    expect(bad({ gpus: 12 })).toThrow(/whole number of nodes of 8/);
    expect(bad({ pipelineParallel: 4, gradAccum: 6, pipelineSchedule: 'interleaved' })).toThrow(
      /gradAccum \(6\) must be a multiple of pipelineParallel/,
    );
  });

  it('charges tensor parallel four all-reduces per layer and micro-batch, none on its own', () => {
    expect(predictParallelStep(base).microBatch.tensorParallelSeconds).toBe(0);
    const tp = predictParallelStep({ ...base, tensorParallel: 4 });
    expect(tp.microBatch.tensorParallelSeconds).toBeGreaterThan(0);
    // Splitting the matrices four ways quarters each GPU's products.
    const alone = predictParallelStep(base).microBatch.forwardSeconds;
    expect(tp.microBatch.forwardSeconds / alone).toBeLessThan(0.35);
  });

  it('idles a pipeline for (p − 1) / (m + p − 1) of its time, less when interleaved', () => {
    const run = (schedule: 'gpipe' | '1f1b' | 'interleaved') =>
      predictParallelStep({
        ...base,
        pipelineParallel: 4,
        gradAccum: 8,
        pipelineSchedule: schedule,
      });
    expect(run('1f1b').bubbleShare).toBeCloseTo(3 / 11, 12);
    expect(run('gpipe').bubbleShare).toBeCloseTo(3 / 11, 12);
    expect(run('interleaved').bubbleShare).toBeLessThan(run('1f1b').bubbleShare);
    // GPipe keeps every micro-batch's activations; 1F1B at most p.
    expect(run('gpipe').memory.activationBytes).toBeGreaterThan(run('1f1b').memory.activationBytes);
  });

  it('trades a forward pass of time for activation memory under full checkpointing', () => {
    const none = predictParallelStep(base);
    const full = predictParallelStep({ ...base, checkpointing: 'full' });
    const selective = predictParallelStep({ ...base, checkpointing: 'selective' });
    expect(full.microBatch.recomputeSeconds).toBeCloseTo(
      none.microBatch.forwardSeconds -
        // The output layer is not recomputed.
        (none.microBatch.forwardSeconds - full.microBatch.recomputeSeconds),
      9,
    );
    expect(full.memory.activationBytes).toBeLessThan(none.memory.activationBytes / 4);
    expect(selective.seconds).toBeGreaterThan(none.seconds);
    expect(selective.seconds).toBeLessThan(full.seconds);
    expect(full.hfu).toBeGreaterThan(full.mfu);
  });

  it('keeps 16 bytes of state per parameter, divided by the shard group under FSDP', () => {
    const replicate = predictParallelStep({ ...base, sharding: 'replicate' });
    const fsdp = predictParallelStep(base);
    const params = decoderParams(llama8b);
    expect(replicate.memory.stateBytes).toBeCloseTo(16 * params, -3);
    expect(fsdp.memory.stateBytes).toBeCloseTo((16 * params) / 8, -3);
  });

  it('hides FSDP gathers under long micro-batches and exposes them under short ones', () => {
    const long = predictParallelStep({
      ...base,
      model: llama70b,
      gpus: 64,
      seq: 8192,
      microBatch: 1,
      checkpointing: 'full',
    });
    const short = predictParallelStep({
      ...base,
      model: llama70b,
      gpus: 64,
      seq: 256,
      microBatch: 1,
      checkpointing: 'full',
    });
    expect(long.exposedDataParallelSeconds / long.seconds).toBeLessThan(0.02);
    expect(short.exposedDataParallelSeconds / short.seconds).toBeGreaterThan(0.3);
  });

  it('exposes ZeRO-1/2 weight gathers, which come after the optimizer', () => {
    const zero2 = predictParallelStep({ ...base, sharding: 'zero2' });
    const replicate = predictParallelStep({ ...base, sharding: 'replicate' });
    expect(zero2.exposedDataParallelSeconds).toBeGreaterThan(0);
    expect(replicate.exposedDataParallelSeconds).toBe(0);
  });

  it('says a 70B model does not fit one node without sharding', () => {
    const p = predictParallelStep({ ...base, model: llama70b, sharding: 'replicate' });
    expect(p.fits).toBe(false);
    expect(p.memory.stateBytes).toBeGreaterThan(p.memory.capacityBytes);
  });
});

describe('the planner', () => {
  it('lists only layouts that divide evenly, fitting ones first and fastest first', () => {
    const plan = rankLayouts({
      model: llama8b,
      gpu: 'a100-sxm-80gb',
      gpus: 16,
      seq: 4096,
      globalBatch: 64,
    });
    expect(plan.length).toBeGreaterThan(100);
    for (const { setup } of plan) {
      const mp =
        (setup.tensorParallel ?? 1) * (setup.contextParallel ?? 1) * (setup.pipelineParallel ?? 1);
      const dp = 16 / mp;
      expect(Number.isInteger(dp)).toBe(true);
      expect(dp * setup.microBatch * (setup.gradAccum ?? 1)).toBe(64);
      expect(setup.tensorParallel ?? 1).toBeLessThanOrEqual(8);
    }
    const fitting = plan.filter((l) => l.prediction.fits);
    const rates = fitting.map((l) => l.prediction.tokensPerSecondPerGpu);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(plan.indexOf(fitting.at(-1)!)).toBe(fitting.length - 1);
    expect(plan[0]!.limitedBy).toMatch(/%|arithmetic/);
  });

  it('skips layouts the model cannot split', () => {
    const odd = { ...llama8b, heads: 36, kvHeads: 4, hidden: 4608 };
    const layouts = enumerateLayouts({
      model: odd,
      gpu: 'h100-sxm',
      gpus: 8,
      seq: 2048,
      globalBatch: 8,
    });
    expect(layouts.every((l) => 36 % (l.setup.tensorParallel ?? 1) === 0)).toBe(true);
  });
});

describe('the parallel-step scenario', () => {
  it('answers with seconds, tokens/s per GPU, MFU and memory, and names unknown fields', () => {
    const run = runScenarios([
      {
        id: 1,
        op: 'parallel-step',
        model: 'llama2-13b',
        gpu: 'a100-sxm-80gb',
        gpus: 64,
        seq: 4096,
        microBatch: 2,
        sharding: 'zero3',
        checkpointing: 'none',
        precision: 'bf16',
      },
      {
        id: 2,
        op: 'parallel-step',
        model: 'llama2-13b',
        gpu: 'a100-sxm-80gb',
        gpus: 64,
        seq: 4096,
        microBatch: 2,
        expertParallel: 2,
      },
      {
        id: 3,
        op: 'parallel-step',
        model: 'llama2-13b',
        gpu: 'a100-sxm-80gb',
        gpus: 64,
        seq: 4096,
        microBatch: 2,
        checkpointing: 'some',
      },
    ]);
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const [a, b, c] = run.results;
    expect(Object.keys(a!).sort()).toEqual([
      'bytesPerGpu',
      'fits',
      'id',
      'mfu',
      'seconds',
      'tokensPerSecondPerGpu',
    ]);
    expect(b).toEqual({
      id: 2,
      error: expect.stringMatching(/unknown field "expertParallel" for op "parallel-step"/),
    });
    expect(c).toEqual({ id: 3, error: expect.stringMatching(/checkpointing/) });
  });
});
