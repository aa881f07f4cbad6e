import { describe, expect, it } from 'vitest';
import { CachingAllocator } from '../../../torch/allocator';
import { allocatorView } from './allocator-view';
import { stepModel } from './step-model';
import { PLAIN_LOOP } from './loop-code';
import { resolveStepSetup } from './step-setup';
import { nextPhaseStart, phaseAt, previousPhaseStart } from './timeline';

const MIB = 2 ** 20;
const GIB = 2 ** 30;

describe('the caching-allocator view', () => {
  it('draws tensors, unused tails and cached free blocks, small and large pools apart', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    a.allocate(1000);
    const x = a.allocate(3 * MIB);
    a.allocate(10 * MIB);
    a.free(x);
    const view = allocatorView(a.segmentViews());
    expect(view.small.bars).toHaveLength(1);
    expect(view.small.bars[0]?.pieces).toEqual([
      { kind: 'tensor', offsetBytes: 0, sizeBytes: 1000 },
      { kind: 'tail', offsetBytes: 1000, sizeBytes: 24 },
      { kind: 'free', offsetBytes: 1024, sizeBytes: 2 * MIB - 1024 },
    ]);
    // 3 MiB freed, then 10 MiB placed after it; the 20 MiB segment keeps 7 MiB free at its end.
    expect(view.large.bars[0]?.pieces.map((p) => [p.kind, p.sizeBytes / MIB])).toEqual([
      ['free', 3],
      ['tensor', 10],
      ['free', 7],
    ]);
    expect(view.large).toMatchObject({
      segments: 1,
      reservedBytes: 20 * MIB,
      allocatedBytes: 10 * MIB,
      cachedFreeBytes: 10 * MIB,
      freeBlocks: 2,
      largestFreeBlockBytes: 7 * MIB,
      releasableBytes: 0,
    });
    expect(view.fragmentation).toBeCloseTo(1 - 7 / (10 + 2 - 1024 / MIB), 6);
  });

  it('says what empty_cache() returns (whole free segments) and what it cannot', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const big = a.allocate(64 * MIB);
    a.allocate(4 * MIB);
    a.free(big);
    const view = allocatorView(a.segmentViews());
    expect(view.emptyCacheReturnsBytes).toBe(64 * MIB);
    expect(view.emptyCacheKeepsBytes).toBe(16 * MIB);
    expect(view.large.bars.find((b) => b.sizeBytes === 64 * MIB)?.wholeFree).toBe(true);
    a.emptyCache();
    expect(a.stats().reservedBytes).toBe(20 * MIB);
    expect(allocatorView(a.segmentViews()).emptyCacheReturnsBytes).toBe(0);
  });

  it('draws a bounded number of bars, segments with free memory first', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const ids = Array.from({ length: 30 }, () => a.allocate(12 * MIB));
    a.free(ids[29] ?? null);
    const view = allocatorView(a.segmentViews(), 5);
    expect(view.large.bars).toHaveLength(5);
    expect(view.large.hiddenSegments).toBe(25);
    expect(view.large.hiddenBytes).toBe(25 * 12 * MIB);
    expect(view.large.bars.some((b) => b.wholeFree)).toBe(true);
  });
});

describe('phases of the trace', () => {
  it('groups events by line and iteration and jumps between phases', () => {
    const result = resolveStepSetup({
      model: 'mlp-mnist',
      gpu: 'a100-sxm-80gb',
      batch: 64,
      precision: 'fp32',
      optimizer: 'sgd',
    });
    if (!result.ok) throw new Error(result.message);
    const { phases, trace } = stepModel(result.setup, PLAIN_LOOP);
    expect(phases.map((p) => `${p.iteration}:${p.line}`)).toEqual([
      '0:model',
      '0:optimizer',
      '1:forward',
      '1:loss',
      '1:backward',
      '1:step',
      '1:zero-grad',
      '1:log-loss',
      '2:forward',
      '2:loss',
      '2:backward',
      '2:step',
      '2:zero-grad',
      '2:log-loss',
    ]);
    const backward = phases[4];
    expect(backward?.maxAllocatedBytes).toBeGreaterThanOrEqual(backward?.endAllocatedBytes ?? 0);
    expect(phaseAt(phases, 3)).toBe(2);
    expect(nextPhaseStart(phases, 3)).toBe(phases[3]?.firstEvent);
    expect(previousPhaseStart(phases, 4)).toBe(2);
    expect(previousPhaseStart(phases, 2)).toBe(1);
    expect(nextPhaseStart(phases, trace.counters.length - 1)).toBe(trace.counters.length - 1);
  });
});
