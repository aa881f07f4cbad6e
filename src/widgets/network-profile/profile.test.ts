import { describe, expect, it } from 'vitest';
import type { LayerStep, StepPrediction } from '../../engine/models';
import {
  boundSecondsOf,
  dominantBound,
  groupByKind,
  layerRow,
  optimizerRow,
  profileRows,
  sortByTime,
  stepSummary,
  tableRows,
  type PassTime,
} from './profile';
import { madeUpStep } from './testing/steps';

/** A pass of `seconds` under `bound`, with made-up work. */
function pass(seconds: number, bound: PassTime['bound'], kernels = 1): PassTime {
  return {
    seconds,
    computeSeconds: bound === 'compute' ? seconds : seconds / 4,
    memorySeconds: bound === 'memory' ? seconds : seconds / 4,
    kernels,
    flops: seconds * 1e12,
    bytes: seconds * 1e9,
    bound,
  };
}

/** A layer with a forward pass and, when given, a backward pass. */
function layer(
  name: string,
  type: LayerStep['type'],
  forward: PassTime,
  backward: PassTime | null = null,
): LayerStep {
  return { name, type, forward, backward, hostForwardSeconds: 0, hostBackwardSeconds: 0 };
}

/** A step made of `layers` whose GPU time is their sum. */
function step(layers: LayerStep[], hostSeconds = 0, optimizerSeconds = 0): StepPrediction {
  const forward = layers.reduce((s, l) => s + l.forward.seconds, 0);
  const backward = layers.reduce((s, l) => s + (l.backward?.seconds ?? 0), 0);
  return madeUpStep({
    host: { forwardSeconds: hostSeconds, backwardSeconds: 0, optimizerSeconds: 0, fixedSeconds: 0 },
    gpu: { forward, backward, optimizer: optimizerSeconds },
    layers,
  });
}

describe('bounds', () => {
  it('adds each pass’s time to its own bound and picks the largest', () => {
    const seconds = boundSecondsOf([pass(3, 'compute'), pass(1, 'memory'), null]);
    expect(seconds).toEqual({ compute: 3, memory: 1, overhead: 0 });
    expect(dominantBound(seconds)).toEqual({ bound: 'compute', share: 0.75 });
  });

  it('settles ties as compute, then memory, and gives a row with no time a whole share', () => {
    expect(dominantBound({ compute: 1, memory: 1, overhead: 1 }).bound).toBe('compute');
    expect(dominantBound({ compute: 0, memory: 2, overhead: 2 }).bound).toBe('memory');
    expect(dominantBound({ compute: 0, memory: 0, overhead: 0 })).toEqual({
      bound: 'compute',
      share: 1,
    });
  });

  it('calls a layer overhead bound when its gaps hold most of its time', () => {
    const row = layerRow(layer('fc', 'linear', pass(4e-6, 'overhead'), pass(4e-6, 'overhead')), 1);
    expect(row.bound).toBe('overhead');
    expect(row.boundShare).toBe(1);
  });
});

describe('layer rows', () => {
  it('adds forward and backward: time, FLOPs, bytes, kernels; share of the step', () => {
    const l = layer('conv1', 'conv2d', pass(1e-3, 'compute', 2), pass(3e-3, 'memory', 4));
    const row = layerRow(l, 8e-3);
    expect(row).toMatchObject({
      key: 'conv1',
      name: 'conv1',
      kind: 'conv2d',
      calls: 1,
      kernels: 6,
      seconds: 4e-3,
      share: 0.5,
      bound: 'memory',
      boundShare: 0.75,
    });
    expect(row.flops).toBeCloseTo(4e9);
    expect(row.bytes).toBeCloseTo(4e6);
  });

  it('takes only the forward pass at inference', () => {
    const row = layerRow(layer('fc', 'linear', pass(2e-3, 'compute')), 4e-3);
    expect(row.seconds).toBe(2e-3);
    expect(row.share).toBe(0.5);
  });

  it('lists every layer and then the optimizer', () => {
    const s = step(
      [layer('a', 'linear', pass(1, 'compute')), layer('b', 'activation', pass(2, 'memory'))],
      0,
      1,
    );
    const opt = optimizerRow(
      { seconds: 1, bytes: 100, kernels: 8, memorySeconds: 0.9 },
      'Optimizer.step#AdamW.step',
      s.seconds,
    );
    expect(profileRows(s, opt).map((r) => r.key)).toEqual(['a', 'b', 'optimizer']);
    expect(profileRows(s, null)).toHaveLength(2);
  });
});

describe('the optimizer row', () => {
  it('is memory bound unless the gaps between its kernels take longer than its bytes', () => {
    const memory = optimizerRow(
      { seconds: 1e-3, bytes: 1e9, kernels: 8, memorySeconds: 9e-4 },
      'opt',
      2e-3,
    );
    expect(memory).toMatchObject({ bound: 'memory', share: 0.5, flops: 0, kernels: 8, calls: 1 });
    const overhead = optimizerRow(
      { seconds: 2e-5, bytes: 1e3, kernels: 8, memorySeconds: 1e-6 },
      'opt',
      1,
    );
    expect(overhead.bound).toBe('overhead');
  });
});

describe('sorting and grouping', () => {
  const layers = [
    layer('h.0.fc', 'linear', pass(2, 'compute')),
    layer('h.0.attn', 'attention', pass(1, 'memory')),
    layer('h.1.fc', 'linear', pass(3, 'compute')),
    layer('h.1.attn', 'attention', pass(1, 'compute')),
    layer('ln', 'layernorm', pass(0.5, 'overhead')),
  ];
  const s = step(layers);
  const rows = profileRows(s, null);

  it('sorts by time, longest first, ties by name', () => {
    expect(sortByTime(rows).map((r) => r.key)).toEqual([
      'h.1.fc',
      'h.0.fc',
      'h.0.attn',
      'h.1.attn',
      'ln',
    ]);
  });

  it('groups layers of one kind into one row: calls, time, share and the bound of most time', () => {
    const groups = sortByTime(groupByKind(rows, s.seconds));
    expect(groups.map((g) => [g.name, g.calls, g.seconds])).toEqual([
      ['linear', 2, 5],
      ['attention', 2, 2],
      ['layernorm', 1, 0.5],
    ]);
    expect(groups[0]?.share).toBeCloseTo(5 / 7.5);
    expect(groups.reduce((sum, g) => sum + g.share, 0)).toBeCloseTo(1);
    expect(groups[1]).toMatchObject({ bound: 'compute', boundShare: 0.5 });
  });

  it('keeps the optimizer’s own name when grouped', () => {
    const opt = optimizerRow(
      { seconds: 1, bytes: 1, kernels: 4, memorySeconds: 1 },
      'Optimizer.step#SGD.step',
      1,
    );
    expect(groupByKind([opt], 1)[0]?.name).toBe('Optimizer.step#SGD.step');
  });

  it('limits the table to the first rows, or shows them all', () => {
    expect(tableRows(rows, s.seconds, false, 2).map((r) => r.key)).toEqual(['h.1.fc', 'h.0.fc']);
    expect(tableRows(rows, s.seconds, true, Number.POSITIVE_INFINITY)).toHaveLength(3);
  });
});

describe('the step summary', () => {
  it('counts the time the GPU waits for a slower host', () => {
    const slowHost = stepSummary(step([layer('a', 'linear', pass(1e-3, 'compute'))], 3e-3));
    expect(slowHost).toMatchObject({ pace: 'host', seconds: 3e-3, gpuSeconds: 1e-3 });
    expect(slowHost.idleSeconds).toBeCloseTo(2e-3);
    const busyGpu = stepSummary(step([layer('a', 'linear', pass(1e-3, 'compute'))], 1e-4));
    expect(busyGpu).toMatchObject({ pace: 'gpu', idleSeconds: 0 });
  });
});

describe('ties', () => {
  it('orders layers of equal time by name, numbers read as numbers', () => {
    const tied = ['h.10.fc', 'h.2.fc', 'h.1.fc'].map((name) =>
      layerRow(layer(name, 'linear', pass(1, 'compute')), 3),
    );
    expect(sortByTime(tied).map((r) => r.name)).toEqual(['h.1.fc', 'h.2.fc', 'h.10.fc']);
  });
});
