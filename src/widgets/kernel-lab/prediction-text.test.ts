import { describe, expect, it } from 'vitest';
import { gpuFromMeasuredRoofs } from '../../engine/models';
import {
  deviceModelNote,
  forecastSentence,
  formatSignedError,
  medianSentence,
  outcomeSentence,
} from './prediction-text';

describe('formatSignedError', () => {
  it('writes a sign, a real minus and two significant digits', () => {
    expect(formatSignedError(0.123)).toBe('+12 %');
    expect(formatSignedError(-0.35)).toBe('−35 %');
    expect(formatSignedError(-0.0213)).toBe('−2.1 %');
    expect(formatSignedError(9)).toBe('+900 %');
    expect(formatSignedError(0)).toBe('0 %');
  });

  it('writes a dash for no error', () => {
    expect(formatSignedError(null)).toBe('—');
    expect(formatSignedError(NaN)).toBe('—');
  });
});

describe('sentences', () => {
  it('says what is predicted, with the limit, or why nothing is', () => {
    expect(forecastSentence({ ok: true, seconds: 0.0012, bound: 'memory' })).toBe(
      'Predicted for this device: 1.2 ms (memory bound).',
    );
    expect(forecastSentence({ ok: true, seconds: 30e-6, bound: 'overhead' })).toBe(
      'Predicted for this device: 30 µs (launch overhead bound).',
    );
    expect(forecastSentence({ ok: false, message: 'Measure first.' })).toBe('Measure first.');
  });

  it('says what was measured and what the error means', () => {
    expect(outcomeSentence(0.002, -0.5)).toBe(
      'Measured: 2 ms. Error −50 %: the kernel took longer than the model predicted.',
    );
    expect(outcomeSentence(0.001, 0.2)).toBe(
      'Measured: 1 ms. Error +20 %: the kernel ran faster than the model predicted.',
    );
    expect(outcomeSentence(0.001, 0)).toMatch(/Error 0 %: exactly as predicted/);
    expect(outcomeSentence(null, null)).toMatch(/not shown.*did not match/);
    expect(outcomeSentence(0.001, null)).toMatch(/no error can be computed/);
  });

  it('gives the median with the number of runs behind it', () => {
    expect(medianSentence(0.25, 3)).toBe(
      'Median |error| over 3 runs: 25 % (model of this device against measured).',
    );
    expect(medianSentence(0.1, 1)).toMatch(/over 1 run:/);
    expect(medianSentence(null, 0)).toMatch(/no median/);
  });
});

describe('deviceModelNote', () => {
  const roofs = { bytesPerSecond: 2e9, fmaFlopsPerSecond: 2.1e10, launchOverheadSeconds: 3e-5 };

  it('says that on a software adapter the modeled device is the CPU running SwiftShader', () => {
    const cpu = gpuFromMeasuredRoofs({ name: 'google · swiftshader', software: true, ...roofs });
    const note = deviceModelNote(cpu);
    expect(note).toMatch(/^The “device” modeled here is your CPU running SwiftShader/);
    expect(note).toContain('30 µs per dispatch, 2 GB/s and 21 GFLOP/s');
    expect(note).toMatch(/predicts the CPU/);
    const other = gpuFromMeasuredRoofs({ name: 'microsoft · warp', software: true, ...roofs });
    expect(deviceModelNote(other)).toMatch(/CPU running a software implementation of WebGPU/);
  });

  it('names a hardware GPU and says the model comes only from its measured roofs', () => {
    const gpu = gpuFromMeasuredRoofs({ name: 'nvidia · hopper', software: false, ...roofs });
    expect(deviceModelNote(gpu)).toMatch(
      /^The device modeled here is this GPU \(nvidia · hopper\), described only by its measured roofs/,
    );
  });
});
