import { describe, expect, it } from 'vitest';
import type { LabKernelId, LabSize } from '../../gpu';
import { measuredFrom } from './lab-results';
import type { MeasuredRoofs } from './lab-results';
import { stepRows, tileOfDescriptorName } from './matmul-steps';
import { fakeResult } from './test-fixtures';

const shape = { m: 256, n: 256, k: 256 };
// 2 · 256³ = 33,554,432 FLOPs: 1 ms is 33.6 GFLOP/s.
const run = (kernel: LabKernelId, seconds: number, size: LabSize = shape) =>
  measuredFrom(fakeResult(kernel, size, seconds));
const roofs: MeasuredRoofs = {
  memoryBytesPerSecond: 100e9,
  copyEngineBytesPerSecond: 50e9,
  flopsPerSecond: 335.54432e9,
  launchOverheadSeconds: 1e-5,
  verified: true,
  method: 'timestamp-query',
};

describe('the matmul steps table', () => {
  it('lists the steps in order with their share of the FMA roof and what each step bought', () => {
    const rows = stepRows(
      [
        run('matmul-tuned', 0.0005),
        run('matmul-naive', 0.01),
        run('matmul-tiled', 0.004),
        run('matmul-blocked', 0.001),
      ],
      roofs,
    );
    expect(rows.map((r) => r.kernel)).toEqual([
      'matmul-naive',
      'matmul-tiled',
      'matmul-blocked',
      'matmul-tuned',
    ]);
    expect(rows[0]).toMatchObject({ unit: 'GFLOP/s', overPrevious: null, verified: true });
    expect(rows[0]!.rate).toBeCloseTo(3.3554432);
    expect(rows[0]!.ofRoof).toBeCloseTo(0.01);
    expect(rows[1]!.overPrevious).toBeCloseTo(2.5);
    expect(rows[2]!.overPrevious).toBeCloseTo(4);
    expect(rows[3]!.overPrevious).toBeCloseTo(2);
    expect(rows[3]!.ofRoof).toBeCloseTo(0.2);
    expect(rows[3]!.tile).toBe('128x128x8-8x8');
  });

  it('gives no gain across different shapes or a missing step, and no share before the roofs', () => {
    const rows = stepRows(
      [
        run('matmul-naive', 0.01),
        run('matmul-blocked', 0.001),
        run('matmul-tuned', 0.001, { m: 128, n: 128, k: 128 }),
      ],
      null,
    );
    expect(rows.map((r) => r.overPrevious)).toEqual([null, null, null]);
    expect(rows.every((r) => r.ofRoof === null)).toBe(true);
  });

  it('sets the streaming kernels against the copy kernel’s bandwidth', () => {
    const rows = stepRows([run('relu', 0.001, { elements: 1 << 20 })], roofs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kernel: 'relu', unit: 'GB/s' });
    // 8 MiB moved in 1 ms: 8.39 GB/s of a 100 GB/s roof.
    expect(rows[0]!.ofRoof).toBeCloseTo(0.0838861, 5);
  });

  it('reads the tile from a tuned descriptor’s name', () => {
    expect(tileOfDescriptorName('tuned matmul 64x128x16-4x8 300x129x31 fp32')).toBe(
      '64x128x16-4x8',
    );
    expect(tileOfDescriptorName('register-blocked matmul 3x3x3 fp32')).toBeNull();
  });
});
