import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { serializeState } from '../../state/pairs';
import { warpSchema } from './settings';

describe('the warp view’s settings', () => {
  it('starts at step 0, the even-lane branch, stride 1, a 32-word row unpadded, H100, 4 bytes', () => {
    expect(warpSchema.defaults).toEqual({
      step: 0,
      branch: 'even',
      stride: 1,
      bankStride: 32,
      pad: false,
      gpuId: 'h100-sxm',
      laneBytes: '4',
    });
    expect(serializeState(warpSchema, warpSchema.defaults)).toEqual([]);
  });

  it('writes short keys into the link', () => {
    const state = { ...warpSchema.defaults, stride: 8, branch: 'half' as const, pad: true };
    expect(serializeState(warpSchema, state)).toEqual(
      expect.arrayContaining([
        ['warp.stride', '8'],
        ['warp.branch', 'half'],
        ['warp.pad', 'true'],
      ]),
    );
  });

  it('clamps strides and steps and replaces an unknown branch or GPU, saying so', () => {
    const checked = checkState(warpSchema, {
      stride: 1000,
      bankStride: 0,
      step: 99,
      branch: 'sideways',
      gpuId: 'h9000',
      laneBytes: '8',
    });
    expect(checked.state).toMatchObject({
      stride: 64,
      bankStride: 1,
      step: 6,
      branch: 'even',
      gpuId: 'h100-sxm',
      laneBytes: '4',
    });
    expect(checked.notices).toHaveLength(6);
  });
});
