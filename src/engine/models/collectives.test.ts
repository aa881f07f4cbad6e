import { describe, it, expect } from 'vitest';
import {
  predictAllGather,
  predictAllReduce,
  predictBroadcast,
  predictGather,
  predictMultiNodeAllReduce,
  predictMultiNodeRing,
  predictReduce,
  predictReduceScatter,
  predictScatter,
} from './collectives';

const GIB = 2 ** 30;
/** NVLink step latency: 17.92 us / 14 steps. */
const NVLINK_STEP = 1.28e-6;
/** PCIe step latency: 43.47 us / 14 steps. */
const PCIE_STEP = 43.47e-6 / 14;
/** InfiniBand step latency. */
const IB_STEP = 4e-6;

describe('predictAllReduce (one ring)', () => {
  it('times 8 GiB over 8x A100 on NVLink 3 like nccl-tests', () => {
    // bytes = 8 x 2^30 = 8,589,934,592; sent per GPU = 2 x 7 / 8 x bytes = 15,032,385,536.
    // transfer = 15,032,385,536 / (300 GB/s x 0.782 = 234.6 GB/s) = 64.0767 ms.
    // latency = 14 steps x 1.28 us = 17.92 us, plus the pipeline's fill, 14 x 4 MiB at
    // 234.6 GB/s = 250.3 us; total = 64.3449 ms (measured 64.07 ms).
    const p = predictAllReduce({ bytes: 8 * GIB, gpus: 8, link: 'nvlink3' });
    expect(p.steps).toBe(14);
    expect(p.bytesSentPerGpu).toBe(15_032_385_536);
    expect(p.latencySeconds).toBeCloseTo(14 * NVLINK_STEP + (14 * 4 * 2 ** 20) / 234.6e9, 15);
    expect(p.transferSeconds).toBeCloseTo(15_032_385_536 / 234.6e9, 12);
    expect(p.seconds).toBeCloseTo(0.0643449, 6);
    expect(p.algorithmBytesPerSecond).toBeCloseTo((8 * GIB) / p.seconds, 0);
    // busbw = algbw x 1.75 = 233.6 GB/s, under the link's 234.6 because of latency and fill.
    expect(p.busBytesPerSecond / 1e9).toBeCloseTo(233.6, 1);
    expect(p.bottleneck).toBe('nvlink3');
  });

  it('is pure latency for a tiny message and pure bandwidth for a huge one', () => {
    // 8 bytes on 8 GPUs over PCIe 4.0: 14 x 3.105 us = 43.47 us, the measurement it came from,
    // plus 1.75 x 8 B / 24 GB/s = 0.6 ns and a fill of 14 x 1 B (a step moves one GPU's slice
    // of the message at most).
    const tiny = predictAllReduce({ bytes: 8, gpus: 8, link: 'pcie4' });
    expect(tiny.seconds).toBeCloseTo(43.47e-6 + 14 / 24e9 + 14 / 24e9, 12);
    // 2 GPUs: 2 steps, each GPU sends 2 x 1 / 2 = 1x the bytes at 24 GB/s.
    const two = predictAllReduce({ bytes: 24e9, gpus: 2, link: 'pcie4' });
    expect(two.transferSeconds).toBeCloseTo(1, 12);
    expect(two.latencySeconds).toBeCloseTo(2 * PCIE_STEP + (2 * 4 * 2 ** 20) / 24e9, 15);
    // A 4 MiB message on 2 GPUs: each step's slice is 2 MiB, so the fill is 2 x 2 MiB.
    const mid = predictAllReduce({ bytes: 4 * 2 ** 20, gpus: 2, link: 'pcie4' });
    expect(mid.latencySeconds).toBeCloseTo(2 * PCIE_STEP + (2 * 2 * 2 ** 20) / 24e9, 15);
    expect(two.busBytesPerSecond).toBeCloseTo(two.algorithmBytesPerSecond, 6);
  });

  it('costs nothing on one GPU and only latency for zero bytes', () => {
    const alone = predictAllReduce({ bytes: GIB, gpus: 1, link: 'nvlink4' });
    expect(alone).toMatchObject({ seconds: 0, steps: 0, bytesSentPerGpu: 0, bottleneck: null });
    expect(alone.busBytesPerSecond).toBe(0);
    const empty = predictAllReduce({ bytes: 0, gpus: 4, link: 'nvlink4' });
    // 2 x 3 = 6 steps x 1.28 us.
    expect(empty.seconds).toBeCloseTo(6 * NVLINK_STEP, 15);
    expect(empty.algorithmBytesPerSecond).toBe(0);
  });

  it('rejects impossible input with the bad value in the message', () => {
    expect(() => predictAllReduce({ bytes: -1, gpus: 8, link: 'nvlink3' })).toThrow(/bytes.*-1/);
    expect(() => predictAllReduce({ bytes: 1.5, gpus: 8, link: 'nvlink3' })).toThrow(/bytes.*1.5/);
    expect(() => predictAllReduce({ bytes: NaN, gpus: 8, link: 'nvlink3' })).toThrow(RangeError);
    expect(() => predictAllReduce({ bytes: 1, gpus: 0, link: 'nvlink3' })).toThrow(/gpus.*0/);
    expect(() => predictAllReduce({ bytes: 1, gpus: 2.5, link: 'nvlink3' })).toThrow(/gpus.*2.5/);
    expect(() => predictAllReduce({ bytes: 1, gpus: 2, link: 'nvlink9' })).toThrow(
      /unknown interconnect id "nvlink9"; known: nvlink3/,
    );
  });
});

/** Two DGX A100 nodes: 8 GPUs each on NVLink 3, one HDR card per GPU, 1 GiB on every GPU. */
const TWO_DGX_A100 = {
  bytes: GIB,
  gpusPerNode: 8,
  nodes: 2,
  intraNodeLink: 'nvlink3',
  interNodeLink: 'ib-hdr',
};

/** H100 nodes of 8 on NVLink 4, joined by NDR. */
const H100_NODES = { ...TWO_DGX_A100, intraNodeLink: 'nvlink4', interNodeLink: 'ib-ndr' };

describe('predictMultiNodeAllReduce (NCCL rings across nodes)', () => {
  it('is capped by the node network when eight HDR cards are slower than NVLink', () => {
    // 2 nodes x 8 GPUs = 16; steps = 2 x 15 = 30, of which 2 x (2 - 1) = 2 cross the network.
    // network: 8 cards x 25 GB/s x 0.96 = 192 GB/s < NVLink 3's 234.6 GB/s.
    // sent per GPU = 30 / 16 x 1 GiB = 2,013,265,920 B; / 192 GB/s = 10.48576 ms.
    // latency = 28 x 1.28 us + 2 x 4 us = 43.84 us, plus the fill 30 x 4 MiB / 192 GB/s =
    // 655.4 us; total = 11.18496 ms.
    const p = predictMultiNodeAllReduce(TWO_DGX_A100);
    expect(p.steps).toBe(30);
    expect(p.bytesSentPerGpu).toBe(2_013_265_920);
    expect(p.transferSeconds).toBeCloseTo(2_013_265_920 / 192e9, 12);
    expect(p.latencySeconds).toBeCloseTo(
      28 * NVLINK_STEP + 2 * IB_STEP + (30 * 4 * 2 ** 20) / 192e9,
      15,
    );
    expect(p.seconds).toBeCloseTo(0.01118496, 6);
    expect(p.bottleneck).toBe('ib-hdr');
  });

  it('uses only as many rings as network cards', () => {
    // 4 cards x 24 GB/s = 96 GB/s of bus bandwidth.
    const p = predictMultiNodeAllReduce({ ...TWO_DGX_A100, bytes: 8 * GIB, nicsPerNode: 4 });
    expect(p.transferSeconds).toBeCloseTo(((30 / 16) * 8 * GIB) / 96e9, 12);
  });

  it('is capped by NVLink when eight NDR cards are faster than it', () => {
    // network: 8 x 50 GB/s x 0.94 = 376 GB/s > NVLink 4's 450 x 0.8169 = 367.61 GB/s.
    const p = predictMultiNodeAllReduce({ ...H100_NODES, bytes: 8 * GIB, nodes: 4 });
    expect(p.bottleneck).toBe('nvlink4');
    expect(p.transferSeconds).toBeCloseTo(((62 / 32) * 8 * GIB) / 367.61e9, 12);
  });

  it('runs all steps over the network with one GPU per node', () => {
    // 4 nodes x 1 GPU: 6 steps, all network: 6 x 4 us; bus = 1 card x 47 GB/s.
    const p = predictMultiNodeAllReduce({ ...H100_NODES, bytes: 47e9, gpusPerNode: 1, nodes: 4 });
    expect(p.latencySeconds).toBeCloseTo(6 * IB_STEP + (6 * 4 * 2 ** 20) / 47e9, 15);
    expect(p.transferSeconds).toBeCloseTo(1.5, 12);
  });

  it('is the one-node ring when there is one node', () => {
    const multi = predictMultiNodeAllReduce({ ...H100_NODES, nodes: 1 });
    expect(multi).toEqual(predictAllReduce({ bytes: GIB, gpus: 8, link: 'nvlink4' }));
  });

  it('rejects links of the wrong kind and impossible counts', () => {
    expect(() => predictMultiNodeAllReduce({ ...TWO_DGX_A100, intraNodeLink: 'ib-hdr' })).toThrow(
      /intraNodeLink "ib-hdr" is an inter-node link; use one of nvlink3, nvlink4, pcie3, pcie4, pcie5/,
    );
    expect(() => predictMultiNodeAllReduce({ ...TWO_DGX_A100, interNodeLink: 'pcie5' })).toThrow(
      /interNodeLink "pcie5" is an intra-node link; use one of ib-hdr, ib-ndr/,
    );
    expect(() => predictMultiNodeAllReduce({ ...TWO_DGX_A100, nodes: 0 })).toThrow(/nodes.*0/);
    expect(() => predictMultiNodeAllReduce({ ...TWO_DGX_A100, gpusPerNode: -8 })).toThrow(
      /gpusPerNode/,
    );
    expect(() => predictMultiNodeAllReduce({ ...TWO_DGX_A100, nicsPerNode: 0 })).toThrow(
      /nicsPerNode/,
    );
    expect(() => predictMultiNodeAllReduce({ ...TWO_DGX_A100, bytes: -5 })).toThrow(/bytes.*-5/);
  });
});

describe('broadcast, reduce, scatter and gather (DataParallel)', () => {
  it('pipelines the whole buffer for broadcast and reduce', () => {
    // 1e9 bytes on 4 GPUs over PCIe 4.0: 1e9 / 24 GB/s = 41.6667 ms, plus 3 x 3.105 us.
    for (const predict of [predictBroadcast, predictReduce]) {
      const p = predict({ bytes: 1e9, gpus: 4, link: 'pcie4' });
      expect(p.steps).toBe(3);
      expect(p.bytesSentPerGpu).toBe(1e9);
      expect(p.transferSeconds).toBeCloseTo(1e9 / 24e9, 12);
      expect(p.seconds).toBeCloseTo(1e9 / 24e9 + 3 * PCIE_STEP, 12);
      // nccl-tests' bus factor for broadcast and reduce is 1.
      expect(p.busBytesPerSecond).toBe(p.algorithmBytesPerSecond);
    }
  });

  it('sends (N-1)/N of the bytes through GPU 0 for scatter and gather', () => {
    // 1e9 bytes over 4 GPUs: GPU 0 keeps 1/4 and moves 0.75e9 at 24 GB/s = 31.25 ms.
    for (const predict of [predictScatter, predictGather]) {
      const p = predict({ bytes: 1e9, gpus: 4, link: 'pcie4' });
      expect(p.bytesSentPerGpu).toBe(0.75e9);
      expect(p.transferSeconds).toBeCloseTo(0.03125, 12);
      expect(p.seconds).toBeCloseTo(0.03125 + 3 * PCIE_STEP, 12);
      expect(p.busBytesPerSecond).toBeCloseTo(p.algorithmBytesPerSecond * 0.75, 6);
    }
  });

  it('costs nothing on one GPU and rejects impossible input', () => {
    for (const predict of [predictBroadcast, predictReduce, predictScatter, predictGather]) {
      expect(predict({ bytes: GIB, gpus: 1, link: 'pcie5' }).seconds).toBe(0);
      expect(() => predict({ bytes: GIB, gpus: 0, link: 'pcie5' })).toThrow(/gpus.*0/);
      expect(() => predict({ bytes: -1, gpus: 2, link: 'pcie5' })).toThrow(/bytes/);
      expect(() => predict({ bytes: 1, gpus: 2, link: 'nvlink2' })).toThrow(/nvlink2/);
    }
  });
});

describe('reduce-scatter and all-gather (one trip round the ring)', () => {
  it('each is half an all-reduce: N-1 steps and (N-1)/N of the bytes per GPU', () => {
    const input = { bytes: 8 * GIB, gpus: 8, link: 'nvlink3' };
    const all = predictAllReduce(input);
    const scatter = predictReduceScatter(input);
    const gather = predictAllGather(input);
    expect(scatter.steps).toBe(7);
    expect(gather.steps).toBe(7);
    // 7/8 × 8 GiB = 7 GiB each; together the all-reduce's 14 GiB.
    expect(scatter.bytesSentPerGpu).toBe(7 * GIB);
    expect(gather.bytesSentPerGpu).toBe(7 * GIB);
    expect(scatter.transferSeconds + gather.transferSeconds).toBeCloseTo(all.transferSeconds, 12);
    expect(scatter.latencySeconds + gather.latencySeconds).toBeCloseTo(all.latencySeconds, 15);
    // nccl-tests' bus factor for both is (N-1)/N.
    expect(gather.busBytesPerSecond).toBeCloseTo((gather.algorithmBytesPerSecond * 7) / 8, 3);
  });

  it('costs nothing on one GPU', () => {
    expect(predictAllGather({ bytes: GIB, gpus: 1, link: 'nvlink4' }).seconds).toBe(0);
    expect(predictReduceScatter({ bytes: GIB, gpus: 1, link: 'nvlink4' }).seconds).toBe(0);
  });

  it('across nodes crosses the network in nodes-1 of its steps, half the all-reduce’s', () => {
    const input = {
      bytes: 8 * GIB,
      gpusPerNode: 8,
      nodes: 2,
      intraNodeLink: 'nvlink4',
      interNodeLink: 'ib-ndr',
    };
    const all = predictMultiNodeAllReduce(input);
    const gather = predictMultiNodeRing('all-gather', input);
    expect(gather.steps).toBe(15);
    expect(gather.bytesSentPerGpu).toBeCloseTo(all.bytesSentPerGpu / 2, 3);
    expect(gather.bottleneck).toBe(all.bottleneck);
    expect(2 * gather.latencySeconds).toBeCloseTo(all.latencySeconds, 15);
  });
});
