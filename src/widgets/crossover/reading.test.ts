import { describe, expect, it } from 'vitest';
import {
  crossoverSize,
  measuredCrossover,
  measuredPairs,
  readMeasured,
  readModeled,
} from './reading';
import type { SweepResult } from './types';
import type { F32Check } from '../../compute/verify-f32';

const ok: F32Check = { ok: true, checked: 1, total: 1, mismatches: 0, maxAbsError: 0 };
const wrong: F32Check = { ...ok, ok: false, mismatches: 1 };

function sweep(points: Array<[number, number, number, F32Check?]>): SweepResult {
  return {
    op: 'relu',
    sizes: points.map((p) => p[0]),
    complete: true,
    points: points.map(([size, cpu, gpu, check]) => ({
      size,
      cpu: { seconds: cpu, check: ok, workers: 2 },
      gpu: { seconds: gpu, kernelSeconds: gpu / 10, check: check ?? ok, size, kernelLabel: 'ReLU' },
      note: null,
    })),
  };
}

describe('measured pairs and crossover', () => {
  it('pairs only verified sizes', () => {
    const r = sweep([
      [1, 1, 2],
      [4, 2, 1, wrong],
      [16, 4, 1],
    ]);
    expect(measuredPairs(r).map((p) => p.size)).toEqual([1, 16]);
    expect(measuredPairs(r, true)[0]?.gpuSeconds).toBeCloseTo(0.2, 12);
    expect(measuredPairs(null)).toEqual([]);
    expect(measuredCrossover(r)).toMatchObject({ kind: 'at', between: [1, 16] });
  });
});

describe('readMeasured', () => {
  it('says plainly that a software adapter is the CPU running an emulator', () => {
    const text = readMeasured(
      'relu',
      { kind: 'never', upTo: 16384 },
      { isFallback: true, gpuUnavailable: null },
    );
    expect(text).toMatch(/never beat your CPU in the measured range \(up to 16,384 elements\)/);
    expect(text).toMatch(/your CPU running a GPU emulator/);
  });

  it('names the crossover size and the sizes around it', () => {
    const text = readMeasured(
      'matmul',
      { kind: 'at', size: 181.02, between: [128, 256] },
      { isFallback: false, gpuUnavailable: null },
    );
    expect(text).toBe(
      'Your GPU, upload and readback included, starts to win at n ≈ 181 (between n = 128 and n = 256).',
    );
    expect(
      readMeasured(
        'relu',
        { kind: 'none-measured' },
        { isFallback: false, gpuUnavailable: 'no WebGPU.' },
      ),
    ).toBe('Only your CPU was measured: no WebGPU.');
  });
});

describe('readModeled', () => {
  it('explains why a lone elementwise op never pays for its copies', () => {
    const text = readModeled(
      'relu',
      { kind: 'never', upTo: 2 ** 28 },
      { cpuName: 'CPU', gpuName: 'GPU' },
    );
    expect(text).toMatch(/never wins/);
    expect(text).toMatch(/8 bytes per element/);
    expect(crossoverSize('relu', 52_345)).toBe('about 52,000 elements');
  });
});
