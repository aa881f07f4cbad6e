import { describe, expect, it } from 'vitest';
import {
  predictTrainStep,
  type NetworkPrediction,
  type TrainStepRequest,
} from '../../engine/models';
import { compareSteps, stepRequest, takesSeq, type StepInputs } from './step-compare';

const inputs: StepInputs = {
  model: 'bert-base',
  gpu: 'a100-sxm-80gb',
  batch: 32,
  seq: 128,
  optimizer: 'adamw',
};

describe('compareSteps', () => {
  it('asks the engine for each precision and puts the answers side by side', () => {
    const columns = compareSteps(inputs);
    expect(columns.map((c) => c.precision)).toEqual(['fp32', 'tf32', 'amp-fp16', 'amp-bf16']);
    for (const column of columns) {
      if (!column.ok) throw new Error(column.reason);
      const direct = predictTrainStep(stepRequest(inputs, column.precision));
      expect(column.seconds).toBe(direct.seconds);
      expect(column.bytes).toBe(direct.bytes);
      expect(column.fits).toBe(direct.fits);
    }
    const [fp32, , amp] = columns;
    if (!fp32?.ok || !amp?.ok) throw new Error('expected answers');
    expect(fp32.speedupOverFp32).toBe(1);
    expect(amp.seconds).toBeLessThan(fp32.seconds);
    expect(amp.speedupOverFp32).toBeCloseTo(fp32.seconds / amp.seconds, 12);
  });

  it('gives the engine’s reason where the GPU lacks a precision (bf16 and tf32 on a T4)', () => {
    const columns = compareSteps({ ...inputs, gpu: 't4' });
    const bf16 = columns.find((c) => c.precision === 'amp-bf16')!;
    expect(bf16.ok).toBe(false);
    if (!bf16.ok) expect(bf16.reason).toMatch(/no bf16 tensor cores/);
    expect(columns.find((c) => c.precision === 'tf32')!.ok).toBe(false);
    expect(columns.find((c) => c.precision === 'amp-fp16')!.ok).toBe(true);
  });

  it('passes seq only to sequence models, and reports an engine error in every column', () => {
    const seen: TrainStepRequest[] = [];
    const fake = (request: TrainStepRequest): NetworkPrediction => {
      seen.push(request);
      throw new RangeError('seq must be at most 512 for bert-base, got 9000');
    };
    const columns = compareSteps({ ...inputs, seq: 9000 }, fake);
    expect(columns.every((c) => !c.ok && /at most 512/.test(c.reason))).toBe(true);
    expect(seen[0]!.seq).toBe(9000);
    expect(stepRequest({ ...inputs, model: 'resnet50' }, 'fp32')).not.toHaveProperty('seq');
    expect(takesSeq('lstm-2x1024')).toBe(true);
    expect(takesSeq('mlp-mnist')).toBe(false);
    expect(takesSeq('nonsense')).toBe(false);
  });
});
