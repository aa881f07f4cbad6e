import { describe, expect, it } from 'vitest';
import { predictTransfer } from '../../engine/models';
import {
  BATCH_BYTES,
  compareModes,
  equivalentCopyBytes,
  overlapTimeline,
} from './overlap-timeline';
import { logSizes, modeledCurve } from './bandwidth-model';

describe('copy/compute overlap timeline', () => {
  it('overlaps copies with compute only for pinned memory with non_blocking', () => {
    const [fast, blocking, pageable] = compareModes('a100-sxm-80gb', 'pcie4');
    // Four steps: copy 1, then copy i+1 under forward i three times, then the last forward. The
    // overlapped steps last max(copy, forward) instead of their sum: min(copy, forward) saved each.
    const t = overlapTimeline({
      gpu: 'a100-sxm-80gb',
      link: 'pcie4',
      pinned: true,
      nonBlocking: true,
    });
    const copy = t.events.find((e) => e.label === 'copy batch 1')!.seconds;
    const forward = t.events.find((e) => e.label === 'forward batch 1')!.seconds;
    expect(fast!.seconds).toBeCloseTo(copy + 3 * Math.max(copy, forward) + forward, 12);
    expect(fast!.savedSeconds).toBeCloseTo(3 * Math.min(copy, forward), 12);
    expect(blocking!.savedSeconds).toBe(0);
    expect(pageable!.savedSeconds).toBe(0);
    expect(fast!.seconds).toBeLessThan(blocking!.seconds);
    expect(blocking!.seconds).toBeLessThan(pageable!.seconds);
  });

  it('places copy i+1 under compute i when they overlap', () => {
    const t = overlapTimeline({
      gpu: 'a100-sxm-80gb',
      link: 'pcie4',
      pinned: true,
      nonBlocking: true,
    });
    const copy2 = t.events.find((e) => e.label === 'copy batch 2')!;
    const forward1 = t.events.find((e) => e.label === 'forward batch 1')!;
    expect(copy2.startSeconds).toBeCloseTo(forward1.startSeconds, 12);
    expect(copy2.overlapsWith).toContain(forward1.index);
    const copies = t.events.filter((e) => e.engine === 'copy-h2d');
    expect(copies).toHaveLength(4);
  });

  it('lets the link switch set copy times, even off the GPU’s own link', () => {
    const wanted = predictTransfer({
      link: 'pcie3',
      bytes: BATCH_BYTES,
      direction: 'h2d',
      pinned: true,
    }).seconds;
    const t = overlapTimeline({
      gpu: 'a100-sxm-80gb',
      link: 'pcie3',
      pinned: true,
      nonBlocking: true,
    });
    expect(t.events.find((e) => e.label === 'copy batch 1')!.seconds).toBeCloseTo(wanted, 8);
    expect(equivalentCopyBytes('a100-sxm-80gb', 'pcie4', 1000, true)).toBe(1000);
  });

  it('models rates that grow with size toward the link’s bandwidth', () => {
    const sizes = logSizes(4096, 256 * 1024 ** 2);
    expect(sizes[0]).toBe(4096);
    expect(sizes.at(-1)).toBe(256 * 1024 ** 2);
    const curve = modeledCurve('pcie4', sizes);
    for (let i = 1; i < curve.length; i++)
      expect(curve[i]!.bytesPerSecond).toBeGreaterThan(curve[i - 1]!.bytesPerSecond);
    expect(curve.at(-1)!.bytesPerSecond / 1e9).toBeGreaterThan(24);
  });
});
