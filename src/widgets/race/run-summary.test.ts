import { describe, expect, it } from 'vitest';
import { waitingLane } from './lanes';
import { type LaneId, type LaneView } from './race-types';
import { raceRunSummary } from './run-summary';

function lanes(cpuSeconds: number | null, gpuSeconds: number | null, workers = 8) {
  const lane = (id: LaneId, seconds: number | null, units: number): LaneView => ({
    ...waitingLane(id, id, 'hw', units, 'unit'),
    state: seconds === null ? 'skipped' : 'done',
    seconds,
  });
  return {
    'cpu-measured': lane('cpu-measured', cpuSeconds, workers),
    'gpu-measured': lane('gpu-measured', gpuSeconds, 4),
    'cpu-modeled': lane('cpu-modeled', 9, 24),
    'gpu-modeled': lane('gpu-modeled', 0.001, 108),
  };
}

describe('raceRunSummary', () => {
  it('says how many times faster the GPU was than the CPU workers', () => {
    expect(raceRunSummary(lanes(0.31, 0.1))).toBe('GPU 3.1× faster than 8 CPU workers');
  });

  it('says so when the CPU workers won', () => {
    expect(raceRunSummary(lanes(0.05, 0.1, 1))).toBe('1 CPU worker 2× faster than the GPU');
  });

  it('falls back to the one measured time when a lane did not finish', () => {
    expect(raceRunSummary(lanes(0.5, null))).toMatch(
      /^8 CPU workers took .*; no GPU time measured$/,
    );
    expect(raceRunSummary(lanes(null, 0.5))).toMatch(/^GPU took .*; no CPU time measured$/);
    expect(raceRunSummary(lanes(null, null))).toBe('Race finished without a measured time');
  });

  it('never divides by a zero time', () => {
    expect(raceRunSummary(lanes(0.5, 0))).toMatch(/no GPU time measured/);
  });
});
