import { describe, expect, it } from 'vitest';
import { predictTrainStep } from '../../engine/models';
import { BERT_BASE_ON_H200 } from '../../engine/models/network/testing/requests';
import { burstsOf, stepLanes, type StepLanes } from './lanes';
import { GPU_BOUND, HOST_BOUND, madeUpStep } from './testing/steps';

/** Seconds rounded to the picosecond, so sums compare exactly. */
const ps = (seconds: number) => Math.round(seconds * 1e12) / 1e12;

/** Sum of a list of seconds. */
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** Checks what every pair of lanes must hold: each lane fits the step, GPU phases in order. */
function expectWellFormed(lanes: StepLanes) {
  expect(sum(lanes.host.map((s) => s.seconds))).toBeCloseTo(lanes.hostSeconds, 12);
  expect(sum(lanes.gpu.map((w) => w.busySeconds))).toBeCloseTo(lanes.gpuSeconds, 12);
  let end = 0;
  for (const w of lanes.gpu) {
    expect(w.startSeconds).toBeGreaterThanOrEqual(end - 1e-15);
    expect(w.windowSeconds).toBeGreaterThanOrEqual(w.busySeconds - 1e-15);
    end = w.startSeconds + w.windowSeconds;
  }
  expect(end).toBeLessThanOrEqual(lanes.stepSeconds + 1e-15);
  const hostEnd = lanes.host.at(-1)!;
  expect(hostEnd.startSeconds + hostEnd.seconds + lanes.hostWaitSeconds).toBeCloseTo(
    lanes.stepSeconds,
    12,
  );
}

describe('stepLanes', () => {
  it('lays the host’s phases end to end and spreads the GPU’s work over them when Python is slower', () => {
    const lanes = stepLanes(HOST_BOUND);
    expectWellFormed(lanes);
    expect(lanes.host.map((s) => [s.phase, ps(s.startSeconds)])).toEqual([
      ['forward', 0],
      ['backward', 16e-3],
      ['optimizer', 36e-3],
      ['fixed', 39.5e-3],
    ]);
    expect(lanes.hostWaitSeconds).toBe(0);
    // Each GPU phase starts when the host starts issuing it and lasts until its last launch.
    expect(
      lanes.gpu.map((w) => [w.phase, ps(w.startSeconds), ps(w.windowSeconds), ps(w.busySeconds)]),
    ).toEqual([
      ['forward', 0, 16e-3, 3e-3],
      ['backward', 16e-3, 20e-3, 5e-3],
      ['optimizer', 36e-3, 3.5e-3, 2e-3],
    ]);
    expect(lanes.gpuIdleShare).toBeCloseTo(0.75, 12);
    expect(lanes.gpuIdleSeconds).toBeCloseTo(30e-3, 12);
  });

  it('runs the GPU’s phases back to back when the GPU is slower, the host waiting at the end', () => {
    const lanes = stepLanes(GPU_BOUND);
    expectWellFormed(lanes);
    expect(lanes.gpu.map((w) => [w.phase, ps(w.startSeconds), ps(w.windowSeconds)])).toEqual([
      ['forward', 0, 4.5e-3],
      ['backward', 4.5e-3, 9e-3],
      ['optimizer', 13.5e-3, 0.5e-3],
    ]);
    expect(lanes.hostWaitSeconds).toBeCloseTo(9e-3, 12);
    expect(lanes.gpuIdleShare).toBe(0);
    expect(lanes.bound).toBe('gpu');
  });

  it('keeps every GPU phase inside the step when the host’s order would push it past the end', () => {
    // Backward is issued late (after a long host forward) and is long on the GPU.
    const lanes = stepLanes(
      madeUpStep({
        host: { forwardSeconds: 5, backwardSeconds: 5, optimizerSeconds: 0, fixedSeconds: 0 },
        gpu: { forward: 1, backward: 9, optimizer: 0 },
      }),
    );
    expectWellFormed(lanes);
    expect(lanes.stepSeconds).toBe(10);
    expect(lanes.gpu.map((w) => w.phase)).toEqual(['forward', 'backward']);
  });

  it('draws an inference step with a forward and fixed costs only', () => {
    const lanes = stepLanes(
      madeUpStep({
        host: { forwardSeconds: 6e-3, backwardSeconds: 0, optimizerSeconds: 0, fixedSeconds: 1e-4 },
        gpu: { forward: 5e-3, backward: 0, optimizer: 0 },
      }),
    );
    expectWellFormed(lanes);
    expect(lanes.host.map((s) => s.phase)).toEqual(['forward', 'fixed']);
    expect(lanes.gpu.map((w) => w.phase)).toEqual(['forward']);
  });

  it('follows the engine: BERT-base on an H200 leaves the GPU waiting for Python most of the step', () => {
    const step = predictTrainStep(BERT_BASE_ON_H200).step;
    const lanes = stepLanes(step);
    expectWellFormed(lanes);
    expect(lanes.bound).toBe('host');
    expect(lanes.gpuIdleShare).toBe(step.gpuIdleShare);
    expect(lanes.gpuIdleShare).toBeGreaterThan(0.5);
  });
});

describe('burstsOf', () => {
  const window = { phase: 'forward' as const, startSeconds: 2, windowSeconds: 8, busySeconds: 2 };

  it('splits the busy time into equal bursts, each at the end of its share of the window', () => {
    const bursts = burstsOf(window, 4);
    expect(bursts).toEqual([
      { startSeconds: 3.5, seconds: 0.5 },
      { startSeconds: 5.5, seconds: 0.5 },
      { startSeconds: 7.5, seconds: 0.5 },
      { startSeconds: 9.5, seconds: 0.5 },
    ]);
    expect(sum(bursts.map((b) => b.seconds))).toBe(window.busySeconds);
  });

  it('draws a window its work nearly fills as one stretch', () => {
    const [only, ...rest] = burstsOf({ ...window, busySeconds: 7.9 }, 10);
    expect(rest).toEqual([]);
    expect(only?.seconds).toBe(7.9);
    expect(only?.startSeconds).toBeCloseTo(2.1, 12);
    expect(burstsOf(window, 1)).toHaveLength(1);
  });
});
