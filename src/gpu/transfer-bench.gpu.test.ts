import { afterAll, describe, expect, it } from 'vitest';
import { measureTransferBandwidth, type BandwidthPoint } from './transfer-bench';
import { acquireNodeGpu, warnIfUnavailable } from './testing/node-gpu';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'transfer bench');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

describe.skipIf(!gpu)('measureTransferBandwidth on a real WebGPU device', () => {
  it('measures upload and readback for each size, verifies the bytes and reports as it goes', async () => {
    // Powers of four from 4 KiB to 4 MiB, as the transfer widget plans them.
    const sizes = [4, 16, 64, 256, 1024, 4096].map((kib) => kib * 1024);
    const seen: BandwidthPoint[] = [];
    // Each batch of transfers lasts 10 ms on the injected clock, whatever the machine does.
    let now = 0;
    const result = await measureTransferBandwidth(gpu!, {
      sizes,
      measure: { samples: 5, minSamples: 3, minBatchSeconds: 0.005, budgetSeconds: 0.25 },
      clock: () => (now += 0.01),
      onPoint: (p) => seen.push(p),
    });
    expect(result.points).toHaveLength(sizes.length * 2);
    expect(seen).toEqual(result.points);
    for (const p of result.points) {
      expect(p.verified).toBe(true);
      expect(p.seconds).toBeCloseTo(0.01, 12);
      expect(p.bytesPerSecond).toBeCloseTo(p.bytes / 0.01, 3);
      expect(p.repeats).toBeGreaterThanOrEqual(3);
    }
    expect(result.points.map((p) => p.direction)).toEqual(
      sizes.flatMap(() => ['upload', 'readback']),
    );
    expect(result.fallback).toBe(gpu!.adapter.isFallback);
  });

  it('refuses sizes the adapter cannot hold, and stops when aborted', async () => {
    const tooBig = gpu!.device.limits.maxBufferSize + 4;
    await expect(measureTransferBandwidth(gpu!, { sizes: [tooBig] })).rejects.toThrow(RangeError);
    const controller = new AbortController();
    controller.abort();
    await expect(
      measureTransferBandwidth(gpu!, { sizes: [4096], signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
