import { describe, expect, it } from 'vitest';
import {
  cpuLanePhases,
  gpuLanePhases,
  modeledLanePhases,
  phaseSeconds,
  phaseShares,
  totalSeconds,
} from './phases';
import { compareTimes, soonerText } from './race-figures';
import type { CpuLaneRun } from './race-types';

/** A CPU lane's run whose pool started its workers at 1 s and had them ready at 1.09 s. */
function cpuRun(freshWorkers: number): CpuLaneRun {
  return {
    results: new Uint32Array(0),
    serialResult: 0,
    seconds: 0.01,
    freshWorkers,
    timeline: { spawned: 1, ready: 1.09, workStart: 1.09, done: 1.1 },
  };
}

describe('lane phases', () => {
  it('splits the CPU lane into worker start-up (spawned → ready) and timed work', () => {
    const phases = cpuLanePhases(cpuRun(4));
    expect(phases.map((p) => [p.kind, p.label])).toEqual([
      ['startup', 'Worker start-up'],
      ['work', 'Timed work'],
    ]);
    expect(phaseSeconds(phases, 'startup')).toBeCloseTo(0.09, 12);
    expect(phaseSeconds(phases, 'work')).toBe(0.01);
    expect(totalSeconds(phases)).toBeCloseTo(0.1, 12);
    expect(phaseShares(phases)).toEqual([expect.closeTo(0.9, 12), expect.closeTo(0.1, 12)]);
    expect(cpuLanePhases(cpuRun(0))[0]!.label).toBe('Worker check-in (already running)');
  });

  it('gives the GPU lane its set-up, never negative', () => {
    expect(gpuLanePhases(0.2, 0.05)).toEqual([
      { kind: 'startup', label: 'GPU set-up', seconds: 0.2 },
      { kind: 'work', label: 'Timed work', seconds: 0.05 },
    ]);
    expect(gpuLanePhases(-0.001, 0.05)[0]!.seconds).toBe(0);
  });

  it('keeps a modeled lane’s fixed cost inside its predicted time', () => {
    const run = { seconds: 8e-6, parallelUnits: 1, waves: 1, fixedSeconds: 5e-6, serialSeconds: 0 };
    const phases = modeledLanePhases(run, 'gpu');
    expect(phases.map((p) => [p.kind, p.label])).toEqual([
      ['fixed', 'Kernel launch (fixed)'],
      ['work', 'Work'],
    ]);
    expect(totalSeconds(phases)).toBeCloseTo(8e-6, 15);
    expect(modeledLanePhases({ ...run, fixedSeconds: 1 }, 'cpu')[1]!.seconds).toBe(0);
    expect(phaseShares([])).toEqual([]);
  });
});

describe('comparing two times', () => {
  it('finds the sooner side and its factor, and calls close times a tie', () => {
    expect(compareTimes(1, 2)).toEqual({ winner: 'first', ratio: 2 });
    expect(compareTimes(3, 1)).toEqual({ winner: 'second', ratio: 3 });
    expect(compareTimes(1, 1.04).winner).toBe('tie');
    expect(soonerText({ name: 'A', seconds: 0.001 }, { name: 'B', seconds: 0.002 })).toBe(
      'A finishes 2× sooner than B (1 ms against 2 ms)',
    );
    expect(soonerText({ name: 'A', seconds: 0.002 }, { name: 'B', seconds: 0.001 })).toMatch(
      /^B finishes 2× sooner than A/,
    );
  });
});
