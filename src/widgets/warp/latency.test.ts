import { describe, expect, it } from 'vitest';
import { getGpu, MEMORY_LATENCY_CYCLES } from '../../engine/catalog';
import { achievableMemoryBytesPerSecond } from '../../engine/models';
import { latencyHiding } from './latency';

describe('latency hiding by Little’s law', () => {
  it('needs bandwidth × latency bytes in flight, spread over the SMs', () => {
    const gpu = getGpu('h100-sxm');
    const h = latencyHiding('h100-sxm', 4);
    const latency = MEMORY_LATENCY_CYCLES.value / gpu.boostClockHz.value;
    expect(h.latency.value).toBeCloseTo(latency, 15);
    expect(h.latency.kind).toBe('estimate');
    expect(h.bytesInFlightNeeded).toBeCloseTo(achievableMemoryBytesPerSecond(gpu) * latency, 3);
    expect(h.bytesInFlightPerSmNeeded).toBeCloseTo(h.bytesInFlightNeeded / gpu.sms.value, 6);
    expect(h.warpsPerSmNeeded).toBeCloseTo(h.bytesInFlightPerSmNeeded / 128, 9);
    expect(h.maxWarpsPerSm).toBe(64);
  });

  it('grows with resident warps until the need is met, then stays at 100 %', () => {
    const h = latencyHiding('a100-sxm-80gb', 4);
    const fractions = h.rows.map((r) => r.bandwidthFraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(h.rows[0]!.bandwidthFraction).toBeCloseTo(128 / h.bytesInFlightPerSmNeeded, 12);
    expect(h.rows.at(-1)).toMatchObject({ warpsPerSm: 64, bandwidthFraction: 1 });
    expect(h.fullOccupancyHides).toBe(true);
    expect(h.warpsPerSmNeeded).toBeGreaterThan(32);
  });

  it('needs a quarter of the warps when each lane loads 16 bytes', () => {
    const narrow = latencyHiding('a100-sxm-80gb', 4);
    const wide = latencyHiding('a100-sxm-80gb', 16);
    expect(wide.warpsPerSmNeeded).toBeCloseTo(narrow.warpsPerSmNeeded / 4, 12);
    expect(wide.rows.find((r) => r.warpsPerSm === 16)?.bandwidthFraction).toBe(1);
  });

  it('lists warp counts up to the GPU’s own maximum', () => {
    expect(latencyHiding('t4', 4).rows.at(-1)?.warpsPerSm).toBe(32);
    expect(latencyHiding('rtx-4090', 4).rows.at(-1)?.warpsPerSm).toBe(48);
  });
});
