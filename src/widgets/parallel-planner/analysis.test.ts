import { describe, expect, it } from 'vitest';
import { getServingModel, predictParallelStep } from '../../engine/models';
import { checkState } from '../../state/schema';
import { analyzePlanner, planBaseOf, planKey, setupOf, type PrintedState } from './analysis';
import { enginePlanner } from './browser-deps';
import { parallelPlannerSchema, type PlannerSettings } from './settings';
import { EXAMPLE_PRINT } from './testing/deps';

const settings = (patch: Partial<Record<keyof PlannerSettings, unknown>> = {}) =>
  checkState(parallelPlannerSchema, patch).state;
const NOTHING: PrintedState = { text: '', result: null, message: null };
const analyze = (patch: Partial<Record<keyof PlannerSettings, unknown>>, printed = NOTHING) =>
  analyzePlanner(settings(patch), printed, enginePlanner);

describe('the planner’s analysis', () => {
  it('predicts the chosen layout as the engine does, gradient accumulation from the global batch', () => {
    const a = analyze({ tensorParallel: 8, pipelineParallel: 2, checkpointing: 'none' });
    expect(a.layout.kind).toBe('result');
    if (a.layout.kind !== 'result') return;
    expect(a.layout.setup).toMatchObject({ tensorParallel: 8, pipelineParallel: 2, gradAccum: 64 });
    const direct = predictParallelStep({
      model: getServingModel('llama3.1-70b').spec,
      gpu: 'h100-sxm',
      gpus: 64,
      gpusPerNode: 8,
      seq: 8192,
      microBatch: 1,
      gradAccum: 64,
      tensorParallel: 8,
      pipelineParallel: 2,
      checkpointing: 'none',
    });
    expect(a.layout.prediction.seconds).toBeCloseTo(direct.seconds, 12);
    const parts = Object.values(a.layout.parts).reduce((s, v) => s + v, 0);
    expect(parts).toBeCloseTo(a.layout.prediction.seconds, 9);
    expect(a.layout.modelName).toBe('Llama 3.1 70B');
    expect(a.layout.gpuName).toMatch(/H100 SXM/);
  });

  it('says why a layout cannot be, in words, and still has a plan to rank', () => {
    const cases: Array<[Partial<Record<keyof PlannerSettings, unknown>>, RegExp]> = [
      [
        { tensorParallel: 3 },
        /^TP × CP × PP = 3 × 1 × 1 = 3 does not divide the 64 GPUs: data parallel/,
      ],
      [{ tensorParallel: 16 }, /^Tensor parallel 16 is wider than a node of 8 GPUs/],
      [
        { microBatch: 3 },
        /^The global batch of 256 sequences does not split into micro-batches of 3 on each of the 64 data-parallel ranks/,
      ],
      [
        { contextParallel: 4, seq: 100 },
        /^the engine cannot model this layout: seq \(100\) must split into 2 × contextParallel/,
      ],
      [
        { model: 'gpt2-1.5b', tensorParallel: 2 },
        /tensorParallel \(2\) must divide the 25 attention heads/,
      ],
    ];
    for (const [patch, message] of cases) {
      const a = analyze(patch);
      expect(a.layout.kind, JSON.stringify(patch)).toBe('problem');
      if (a.layout.kind === 'problem') expect(a.layout.message).toMatch(message);
      expect(a.base).not.toBeNull();
    }
  });

  it('says when the cluster is not whole nodes, or the spec or pasted text is no decoder', () => {
    const cluster = analyze({ gpus: 12 });
    expect(cluster.layout).toMatchObject({ kind: 'problem', cause: 'cluster' });
    const spec = analyze({ model: 'custom', heads: 33 });
    expect(spec.base).toBeNull();
    expect(spec.layout).toMatchObject({
      kind: 'problem',
      cause: 'model',
      message: expect.stringMatching(/decoder heads \(33\) must divide hidden \(4096\)/),
    });
    expect(analyze({ model: 'print' }).layout).toMatchObject({ cause: 'awaiting' });
    const read = enginePlanner.readPrint(EXAMPLE_PRINT);
    const pasted = analyze(
      { model: 'print' },
      { text: EXAMPLE_PRINT, result: read, message: null },
    );
    expect(pasted.layout.kind).toBe('result');
    expect(pasted.model).toMatchObject({ ok: true, spec: getServingModel('llama2-13b').spec });
  });

  it('keys a plan by what the ranking reads: a new layout is the same plan, a new batch is not', () => {
    const spec = getServingModel('llama3.1-8b').spec;
    const a = planBaseOf(settings(), spec);
    expect(planKey(planBaseOf(settings({ tensorParallel: 8, sharding: 'zero1' }), spec))).toBe(
      planKey(a),
    );
    expect(planKey(planBaseOf(settings({ globalBatch: 128 }), spec))).not.toBe(planKey(a));
    expect(setupOf(settings({ contextParallel: 2 }), spec)).toMatchObject({
      contextParallel: 2,
      gradAccum: 8,
    });
  });
});
