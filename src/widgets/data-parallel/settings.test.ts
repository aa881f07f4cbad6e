import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { fuzzSchema } from '../../state/testing/fuzz';
import { dataParallelSchema, NETWORK_LINKS, NODE_LINKS, totalGpus } from './settings';

describe('dataParallelSchema', () => {
  it('defaults to ResNet-50 on four A100s joined by NVLink 3, 32 samples each in AMP bf16', () => {
    expect(dataParallelSchema.defaults).toEqual({
      network: 'resnet50',
      gpu: 'a100-sxm-80gb',
      gpusPerNode: 4,
      nodes: 1,
      link: 'nvlink3',
      nodeLink: 'ib-hdr',
      batch: 32,
      precision: 'amp-bf16',
      sharding: 'replicate',
    });
    expect(totalGpus(dataParallelSchema.defaults)).toBe(4);
    expect(NODE_LINKS).toEqual(['nvlink3', 'nvlink4', 'pcie3', 'pcie4', 'pcie5']);
    expect(NETWORK_LINKS).toEqual(['ib-hdr', 'ib-ndr']);
  });

  it('clamps 9 GPUs to 8 and 5 nodes to 4, saying so', () => {
    const checked = checkState(dataParallelSchema, { gpusPerNode: '9', nodes: '5' });
    expect(checked.state.gpusPerNode).toBe(8);
    expect(checked.state.nodes).toBe(4);
    expect(checked.notices).toEqual([
      'GPUs per node can be at most 8; using 8.',
      'Nodes can be at most 4; using 4.',
    ]);
  });

  it('replaces an unknown link with the default and names it', () => {
    const checked = checkState(dataParallelSchema, { link: 'nvlink9', nodeLink: 'ethernet' });
    expect(checked.state.link).toBe('nvlink3');
    expect(checked.state.nodeLink).toBe('ib-hdr');
    expect(checked.notices).toEqual([
      'Link inside a node: "nvlink9" is not one of the choices; using nvlink3.',
      'Link between nodes: "ethernet" is not one of the choices; using ib-hdr.',
    ]);
  });

  it('falls back to the fastest link a GPU can use', () => {
    const t4 = checkState(dataParallelSchema, { gpu: 't4', precision: 'amp-fp16' });
    expect(t4.state.link).toBe('pcie3');
    expect(t4.notices).toEqual([
      'The NVIDIA T4 cannot use NVLink 3 (A100, NVSwitch); using PCIe 3.0 x16, peer to peer.',
    ]);
    const h100 = checkState(dataParallelSchema, { gpu: 'h100-sxm', link: 'nvlink3' });
    expect(h100.state.link).toBe('nvlink4');
    const pcie = checkState(dataParallelSchema, { gpu: 'h100-sxm', link: 'pcie5' });
    expect(pcie.state.link).toBe('pcie5');
    expect(pcie.notices).toEqual([]);
  });

  it('falls back to a precision the GPU can train in', () => {
    const checked = checkState(dataParallelSchema, { gpu: 't4', link: 'pcie3' });
    expect(checked.state.precision).toBe('amp-fp16');
    expect(checked.notices).toEqual(['The NVIDIA T4 cannot train in amp-bf16; using amp-fp16.']);
  });

  it('reads the strategy from the link and replaces an unknown one', () => {
    expect(checkState(dataParallelSchema, { sharding: 'zero3' }).state.sharding).toBe('zero3');
    const bad = checkState(dataParallelSchema, { sharding: 'zero4' });
    expect(bad.state.sharding).toBe('replicate');
    expect(bad.notices).toEqual([
      'Model state: "zero4" is not one of the choices; using replicate.',
    ]);
  });

  it('reads a hostile link without throwing and round-trips valid ones', () => {
    expect(fuzzSchema(dataParallelSchema, 300, 7).failures).toEqual([]);
  });
});
