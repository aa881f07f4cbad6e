import { describe, expect, it } from 'vitest';
import { BENCH_MAX_CHOICES_BYTES } from '../../gpu';
import { checkState } from '../../state/schema';
import { serializeState } from '../../state/pairs';
import { maxBytesOf, maxChoiceOf, transferSchema } from './settings';

describe('the transfer simulator’s settings', () => {
  it('start on the A100 over its own PCIe 4.0 link, pageable, blocking, up to 64 MiB', () => {
    expect(transferSchema.defaults).toEqual({
      gpu: 'a100-sxm-80gb',
      link: 'pcie4',
      pinned: false,
      nonBlocking: false,
      maxMiB: '64',
    });
    expect(maxBytesOf(transferSchema.defaults.maxMiB)).toBe(64 * 1024 ** 2);
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
