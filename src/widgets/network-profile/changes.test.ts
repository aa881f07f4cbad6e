import { describe, expect, it } from 'vitest';
import type { StepPrediction } from '../../engine/models';
import { engineProfileModel } from './browser-deps';
import { changeKey, changeOptions, changeRows } from './changes';
import { speedupText } from './ChangesTable';
import type { ProfileRequest } from './engine-port';
import { RESNET_TRAIN } from './testing/requests';
import { GPU_BOUND, HOST_BOUND, madeUpStep } from './testing/steps';

/** A fake engine answering each request from a table keyed by execution and fused, recording it. */
function fakeStepOf(table: Record<string, StepPrediction>) {
  const asked: ProfileRequest[] = [];
  const stepOf = (request: ProfileRequest) => {
    asked.push(request);
    const step = table[changeKey({ execution: request.execution, fused: request.fusedOptimizer })];
    if (!step) throw new RangeError('refused');
    return step;
  };
  return { asked, stepOf };
}

describe('changeOptions', () => {
  it('offers every execution mode, with and without fusing for training only', () => {
    expect(changeOptions('train').map(changeKey)).toEqual([
      'eager',
      'eager+fused',
      'compiled',
      'compiled+fused',
      'cuda-graphs',
      'cuda-graphs+fused',
      'reduce-overhead',
      'reduce-overhead+fused',
    ]);
    expect(changeOptions('inference').every((o) => !o.fused)).toBe(true);
    expect(changeOptions('inference')).toHaveLength(4);
  });
});

describe('changeRows', () => {
  it('asks the engine for every other way to run the step, changing only how it runs', () => {
    const half = madeUpStep({ ...GPU_BOUND, gpu: { forward: 2, backward: 3, optimizer: 0 } });
    const { asked, stepOf } = fakeStepOf({
      'eager+fused': HOST_BOUND,
      compiled: GPU_BOUND,
      'compiled+fused': GPU_BOUND,
      'cuda-graphs': half,
    });
    const rows = changeRows(RESNET_TRAIN, HOST_BOUND, stepOf);
    expect(asked.map((r) => [r.execution, r.fusedOptimizer])).toEqual([
      ['eager', true],
      ['compiled', false],
      ['compiled', true],
      ['cuda-graphs', false],
      ['cuda-graphs', true],
      ['reduce-overhead', false],
      ['reduce-overhead', true],
    ]);
    for (const r of asked) {
      expect({ ...r, execution: 'eager', fusedOptimizer: false }).toEqual(RESNET_TRAIN);
    }
    expect(rows[0]).toMatchObject({ execution: 'eager', fused: false, current: true, speedup: 1 });
    expect(rows[2]).toMatchObject({ current: false, bound: 'gpu', seconds: GPU_BOUND.seconds });
    expect(rows[2]?.speedup).toBeCloseTo(40 / 14, 12);
    expect(rows[4]?.speedup).toBeCloseTo(40e-3 / 5, 12);
    // The engine refused CUDA graphs with the fused optimizer: no time, no speedup.
    expect(rows[5]).toMatchObject({ seconds: null, bound: null, speedup: null });
  });

  it('marks the request’s own setting as current, whatever it is', () => {
    const { stepOf } = fakeStepOf({ eager: HOST_BOUND });
    const rows = changeRows(
      { ...RESNET_TRAIN, execution: 'compiled', fusedOptimizer: true },
      GPU_BOUND,
      stepOf,
    );
    expect(rows.filter((r) => r.current).map((r) => [r.execution, r.fused])).toEqual([
      ['compiled', true],
    ]);
    expect(rows[0]?.speedup).toBeCloseTo(14 / 40, 12);
  });

  it('finds torch.compile faster than eager for BERT-base on an H200, by the real engine', () => {
    const request: ProfileRequest = {
      ...RESNET_TRAIN,
      network: 'bert-base',
      gpu: 'h200-sxm',
      seq: 128,
    };
    const rows = changeRows(request, engineProfileModel.step(request), engineProfileModel.step);
    const compiled = rows.find((r) => r.execution === 'compiled' && !r.fused);
    expect(compiled?.speedup).toBeGreaterThan(2);
    expect(rows.find((r) => r.execution === 'eager' && r.fused)?.speedup).toBeGreaterThan(1);
  });
});

describe('speedupText', () => {
  it('says faster, slower or the same', () => {
    expect(speedupText(2.345)).toBe('2.35× faster');
    expect(speedupText(0.5)).toBe('2× slower');
    expect(speedupText(1.001)).toBe('same');
    expect(speedupText(null)).toBe('—');
  });
});
