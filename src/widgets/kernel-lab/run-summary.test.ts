import { describe, expect, it } from 'vitest';
import type { RunForecast } from './controller';
import type { MeasuredRoofs } from './lab-results';
import { appendRun } from './prediction-record';
import { kernelLabRunSummary, type RunSummaryState } from './run-summary';
import { fakeMeasured } from './test-fixtures';

const roofs: MeasuredRoofs = {
  memoryBytesPerSecond: 1.78e9,
  copyEngineBytesPerSecond: 2.4e10,
  flopsPerSecond: 1.48e10,
  launchOverheadSeconds: 123e-6,
  verified: true,
  method: 'timestamp-query',
};
const empty: RunSummaryState = {
  lastJob: null,
  latest: null,
  results: [],
  forecast: null,
  roofs: null,
};
const relu = fakeMeasured('relu', { elements: 4096 }, 0.002);

describe('kernelLabRunSummary', () => {
  it('has nothing to say before a job', () => {
    expect(kernelLabRunSummary(empty)).toBeUndefined();
  });

  it('sums up the roofs', () => {
    expect(kernelLabRunSummary({ ...empty, lastJob: 'roofs', roofs })).toBe(
      'Roofs measured: copy kernel 1.78 GB/s, FMA 14.8 GFLOP/s, near-empty dispatch 123 µs',
    );
    expect(
      kernelLabRunSummary({
        ...empty,
        lastJob: 'roofs',
        roofs: { ...roofs, launchOverheadSeconds: null, verified: false },
      }),
    ).toBe('Roofs measured: copy kernel 1.78 GB/s, FMA 14.8 GFLOP/s (an output failed its check)');
  });

  it('gives a kernel’s time, with the prediction for this device and its error when there was one', () => {
    const run = { ...empty, lastJob: 'run' as const, latest: 'relu' as const, results: [relu] };
    expect(kernelLabRunSummary(run)).toBe('ReLU, 4,096 elements: 2 ms measured');
    const [row] = appendRun([], {
      kernel: 'relu',
      size: relu.size,
      predictedSeconds: 0.0015,
      bound: 'memory',
      measuredSeconds: 0.002,
      resized: false,
    });
    const forecast: RunForecast = {
      kernel: 'relu',
      size: relu.size,
      forecast: { ok: true, seconds: 0.0015, bound: 'memory' },
      phase: 'measured',
      row: row!,
    };
    expect(kernelLabRunSummary({ ...run, forecast })).toBe(
      'ReLU, 4,096 elements: 2 ms measured, 1.5 ms predicted for this device (error −25 %)',
    );
  });

  it('says when the output failed its check instead of giving a time', () => {
    const bad = fakeMeasured('relu', { elements: 4096 }, 0.002, false);
    expect(kernelLabRunSummary({ ...empty, lastJob: 'run', latest: 'relu', results: [bad] })).toBe(
      'ReLU, 4,096 elements: output did not match the CPU reference',
    );
  });
});
