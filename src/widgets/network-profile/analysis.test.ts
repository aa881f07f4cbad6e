import { describe, expect, it } from 'vitest';
import { analyzeProfile, OPTIMIZER_ROW_NAMES, requestOf } from './analysis';
import { engineProfileModel } from './browser-deps';
import type { ProfileEngine, ProfileRequest } from './engine-port';
import { checkState } from '../../state/schema';
import { networkProfileSchema } from './settings';
import { RESNET_TRAIN } from './testing/requests';

const RESNET: ProfileRequest = RESNET_TRAIN;

describe('requestOf', () => {
  it('adds the network’s own sequence length only where it takes one', () => {
    const settings = (patch: object) => checkState(networkProfileSchema, patch).state;
    expect(requestOf(settings({})).seq).toBeUndefined();
    expect(requestOf(settings({ network: 'bert-base' })).seq).toBe(128);
    expect(requestOf(settings({ network: 'bert-base', mode: 'inference' })).mode).toBe('inference');
  });
});

describe('analyzeProfile', () => {
  it('answers a ResNet-50 training step: every layer, the optimizer, shares that add up', () => {
    const result = analyzeProfile(RESNET, engineProfileModel);
    if (result.kind !== 'result') throw new Error(result.message);
    const layers = result.rows.filter((r) => r.kind !== 'optimizer');
    expect(layers.length).toBeGreaterThan(100);
    const optimizer = result.rows.find((r) => r.kind === 'optimizer');
    expect(optimizer?.name).toBe(OPTIMIZER_ROW_NAMES.adamw);
    expect(optimizer?.bytes).toBeGreaterThan(0);
    const gpuSeconds = result.rows.reduce((s, r) => s + r.seconds, 0);
    expect(gpuSeconds).toBeCloseTo(result.summary.gpuSeconds, 12);
    expect(result.rows.reduce((s, r) => s + r.share, 0)).toBeCloseTo(
      result.summary.gpuSeconds / result.summary.seconds,
      9,
    );
    expect(result.serial).toBeNull();
    expect(result.sweep).toBeNull();
    expect(result.fits).toBe(true);
    expect(result.gpuName).toBe('NVIDIA A100 SXM 80 GB');
  });

  it('has no optimizer row at inference', () => {
    const result = analyzeProfile({ ...RESNET, mode: 'inference' }, engineProfileModel);
    if (result.kind !== 'result') throw new Error(result.message);
    expect(result.rows.some((r) => r.kind === 'optimizer')).toBe(false);
  });

  it('gives the engine’s reason for a precision the GPU lacks', () => {
    const result = analyzeProfile({ ...RESNET, gpu: 't4', precision: 'tf32' }, engineProfileModel);
    expect(result).toMatchObject({ kind: 'problem', cause: 'precision' });
    if (result.kind === 'problem') expect(result.message).toMatch(/TF32/);
  });

  it('turns anything the engine throws into a message', () => {
    const refusing: ProfileEngine = {
      ...engineProfileModel,
      profile: () => {
        throw new RangeError('batch must be a positive integer, got 0');
      },
    };
    expect(analyzeProfile(RESNET, refusing)).toEqual({
      kind: 'problem',
      cause: 'input',
      message: 'batch must be a positive integer, got 0',
    });
  });

  it('marks a step too large for the GPU’s memory, its time modeled all the same', () => {
    const result = analyzeProfile(
      { ...RESNET, network: 'llama2-7b', gpu: 'rtx-4090', batch: 1, seq: 512 },
      engineProfileModel,
    );
    if (result.kind !== 'result') throw new Error(result.message);
    expect(result.fits).toBe(false);
    expect(result.summary.seconds).toBeGreaterThan(0);
    expect(result.sweep?.points.at(-1)?.seq).toBe(4096);
  });
});
