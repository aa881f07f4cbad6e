import { describe, expect, it } from 'vitest';
import { getGpu } from '../../engine/catalog';
import { BENCH_MAX_CHOICES_BYTES } from './bench-sizes';
import { checkState } from '../../state/schema';
import { serializeState } from '../../state/pairs';
import { maxBytesOf, maxChoiceOf, transferSchema } from './settings';

describe('the transfer simulator’s settings', () => {
  it('start on a GPU over its own link, with a largest size the bench offers', () => {
    // What the widget shows at first is checked in TransferSimulator.test.tsx.
    const { gpu, link, maxMiB } = transferSchema.defaults;
    expect(link).toBe(getGpu(gpu).hostLink);
    expect(BENCH_MAX_CHOICES_BYTES).toContain(maxBytesOf(maxMiB));
    expect(serializeState(transferSchema, transferSchema.defaults)).toEqual([]);
  });

  it('write every largest-size choice as whole MiB and read it back', () => {
    for (const bytes of BENCH_MAX_CHOICES_BYTES) {
      const { state, notices } = checkState(transferSchema, { maxMiB: maxChoiceOf(bytes) });
      expect(notices).toEqual([]);
      expect(maxBytesOf(state.maxMiB)).toBe(bytes);
    }
    expect(checkState(transferSchema, { maxMiB: '3' }).state.maxMiB).toBe('64');
  });

  it('use short keys in the link', () => {
    const state = { ...transferSchema.defaults, pinned: true, nonBlocking: true, maxMiB: '256' };
    expect(serializeState(transferSchema, state)).toEqual([
      ['transfer.pinned', 'true'],
      ['transfer.nb', 'true'],
      ['transfer.max', '256'],
    ]);
  });
});
