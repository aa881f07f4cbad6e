import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import {
  computeCapabilityMajor,
  CUBLAS_WORKSPACE_DEFAULT_BYTES,
  libraryWorkspaces,
} from './library-workspaces';

const MIB = 2 ** 20;

describe('cuBLAS workspaces', () => {
  it('holds two 32 MiB cuBLAS workspaces and a 1 MiB cuBLASLt one in a Hopper training step', () => {
    expect(libraryWorkspaces(getGpu('h200-sxm'), true)).toEqual([32 * MIB, 32 * MIB, MIB]);
    expect(libraryWorkspaces(getGpu('h100-pcie'), false)).toEqual([32 * MIB, MIB]);
  });

  it('uses the :4096:2:16:8 default before Hopper, and none without CUDA', () => {
    expect(CUBLAS_WORKSPACE_DEFAULT_BYTES.value).toBe(8 * MIB + 128 * 1024);
    expect(libraryWorkspaces(getGpu('a100-sxm-80gb'), true)).toEqual([
      8 * MIB + 128 * 1024,
      8 * MIB + 128 * 1024,
      MIB,
    ]);
    expect(computeCapabilityMajor(getGpu('rtx-4090'))).toBe(8);
    expect(libraryWorkspaces(getGpu('apple-m2'), true)).toEqual([]);
  });
});
