import { describe, it, expect } from 'vitest';
import { getGpu, GPU_IDS } from '../catalog/hardware';
import { peerLinksOf, requirePeerLink } from './peer-links';

describe('peer links of catalog GPUs', () => {
  it('gives SXM boards their NVLink first, then PCIe down from their own generation', () => {
    expect(peerLinksOf(getGpu('a100-sxm-80gb'))).toEqual(['nvlink3', 'pcie4', 'pcie3']);
    expect(peerLinksOf(getGpu('h200-sxm'))).toEqual(['nvlink4', 'pcie5', 'pcie4', 'pcie3']);
    expect(peerLinksOf(getGpu('h100-pcie'))).toEqual(['pcie5', 'pcie4', 'pcie3']);
    expect(peerLinksOf(getGpu('t4'))).toEqual(['pcie3']);
    expect(peerLinksOf(getGpu('apple-m2'))).toEqual([]);
  });

  it('accepts every link a GPU lists and nothing else', () => {
    for (const id of GPU_IDS) {
      const gpu = getGpu(id);
      for (const link of peerLinksOf(gpu)) expect(requirePeerLink(gpu, link).id).toBe(link);
    }
    expect(() => requirePeerLink(getGpu('rtx-4090'), 'nvlink4')).toThrow(
      /rtx-4090 cannot use link "nvlink4"; it can use pcie4, pcie3/,
    );
    expect(() => requirePeerLink(getGpu('t4'), 'pcie4')).toThrow(/t4 cannot use link "pcie4"/);
    expect(() => requirePeerLink(getGpu('h100-sxm'), 'ib-hdr')).toThrow(/joins nodes/);
    expect(() => requirePeerLink(getGpu('h100-sxm'), 'nvlink9')).toThrow(/unknown interconnect/);
  });
});
