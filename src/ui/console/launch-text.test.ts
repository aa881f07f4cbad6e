import { describe, expect, it } from 'vitest';
import type { KernelLaunch } from '../../torch';
import { describeLaunch } from './launch-text';

const base: KernelLaunch = {
  id: 1,
  op: 'add',
  outputElements: 4096,
  dtype: 'float32',
  modeled: { seconds: 5.2e-6, bound: 'overhead', gpuName: 'A100 SXM4 80GB' },
  measured: null,
};

describe('launch lines in the console', () => {
  it('says what was modeled, on which GPU, and what bounds it', () => {
    expect(describeLaunch(base, 'this device')).toBe(
      '↳ kernel add (4,096 × float32): 5.2 µs modeled on A100 SXM4 80GB (launch overhead dominates)',
    );
  });

  it('adds the measured time and how it was timed when the values were computed here', () => {
    const line = describeLaunch(
      { ...base, measured: { seconds: 3.1e-5, timing: 'timestamp-query' } },
      'this device with WebGPU',
    );
    expect(line).toMatch(
      /modeled on A100.*; 31 µs per launch measured on this device with WebGPU \(GPU timestamps\)$/,
    );
  });

  it('says why a launch is not modeled', () => {
    const line = describeLaunch(
      { ...base, dtype: 'float64', modeled: { seconds: null, reason: 'no rates' } },
      'x',
    );
    expect(line).toBe('↳ kernel add (4,096 × float64): not modeled (no rates)');
  });
});
