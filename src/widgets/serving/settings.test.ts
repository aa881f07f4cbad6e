import { describe, expect, it } from 'vitest';
import { getServingModel, SERVING_MODEL_IDS } from '../../engine/models';
import { checkState } from '../../state/schema';
import { fuzzSchema } from '../../state/testing/fuzz';
import { MODEL_CHOICES, servingSchema, typedSpec } from './settings';

describe('servingSchema', () => {
  it('defaults to Llama 3.1 8B on one H100 in bf16, 32 clients of 1,024-in, 512-out requests', () => {
    expect(servingSchema.defaults).toMatchObject({
      model: 'llama3.1-8b',
      gpu: 'h100-sxm',
      tp: '1',
      weights: 'bf16',
      kvCache: 'bf16',
      inputTokens: 1024,
      outputTokens: 512,
      load: 'clients',
      concurrency: 32,
      headDim: 0,
      step: 0,
    });
    // The spec fields start at the default model's sizes.
    expect(typedSpec(servingSchema.defaults)).toEqual(getServingModel('llama3.1-8b').spec);
    expect(MODEL_CHOICES).toEqual([...SERVING_MODEL_IDS, 'custom', 'print']);
  });

  it('reads a link: formats, tensor parallel, as many as fit; corrects what it cannot use', () => {
    const checked = checkState(servingSchema, {
      model: 'llama3.1-70b',
      tp: '2',
      weights: 'fp8',
      kvCache: 'fp8',
      load: 'max',
      tp2: 'x',
    });
    expect(checked.state).toMatchObject({
      model: 'llama3.1-70b',
      tp: '2',
      weights: 'fp8',
      load: 'max',
    });
    const bad = checkState(servingSchema, { tp: '3', weights: 'fp4', concurrency: '99999' });
    expect(bad.state).toMatchObject({ tp: '1', weights: 'bf16', concurrency: 4096 });
    expect(bad.notices).toEqual([
      'Tensor-parallel GPUs: "3" is not one of the choices; using 1.',
      'Weights: "fp4" is not one of the choices; using bf16.',
      'Concurrency can be at most 4,096; using 4,096.',
    ]);
  });

  it('keeps a decoder spec that does not hold together, for the widget to explain', () => {
    const checked = checkState(servingSchema, { model: 'custom', heads: '7' });
    expect(checked.state.heads).toBe(7);
    expect(checked.notices).toEqual([]);
  });

  it('reads a hostile link without throwing and round-trips valid ones', () => {
    expect(fuzzSchema(servingSchema, 300, 11).failures).toEqual([]);
  });
});
