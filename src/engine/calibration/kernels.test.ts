import { describe, it, expect } from 'vitest';
import { CALIBRATION_CASES, relativeError } from '.';

/**
 * The measured results listed in shared/design/hardware-figures.md, as explicit (measured
 * value, source) pairs. The test checks both that calibration.ts carries exactly these numbers
 * and that the engine's prediction of each lands within 10 %.
 */
const FROM_HARDWARE_FIGURES: ReadonlyArray<[id: string, measured: number, source: string]> = [
  ['a100-bf16-matmul', 271.2, 'ml-engineering MAMF table: A100 SXM best bf16 matmul, TFLOP/s'],
  ['h100-fp8-matmul', 1402.6, 'ml-engineering MAMF table: H100 SXM best fp8 matmul, TFLOP/s'],
  ['rtx4090-fp32-fma', 79.1, 'RTX 4090 FP32 FMA microbenchmark reports, TFLOP/s'],
  ['h200-hbm-stream', 4255, 'tile-ai/TileOPs h200.yaml: HBM bandwidth of a streaming kernel, GB/s'],
  ['pcie4-pinned-h2d', 25.2, 'CUDA bandwidth example on an A10 (PCIe 4.0), pinned H2D, GB/s'],
  ['pcie3-pinned-h2d', 12.2, 'gearshifft PR #82, P100 (PCIe 3.0), pinned H2D, GB/s'],
  ['pcie3-pinned-d2h', 12.9, 'gearshifft PR #82, P100 (PCIe 3.0), pinned D2H, GB/s'],
  ['pcie3-pageable-h2d', 5.5, 'rapidsai/dask-cuda PR #98: pageable 5-6 GB/s on PCIe 3.0'],
  ['kernel-launch', 5, 'public measurements: kernel launch about 4-6 us'],
  ['small-copy-latency', 15, 'public measurements: small copy with API call and sync, tens of us'],
  ['a100-nvswitch-allreduce-8gib', 64.07, 'ml-engineering: 8 GiB all-reduce, 8x A100 NVSwitch, ms'],
];

describe('calibration against measured results', () => {
  it('covers every measured row of hardware-figures.md with the same numbers', () => {
    for (const [id, measured] of FROM_HARDWARE_FIGURES) {
      const found = CALIBRATION_CASES.find((c) => c.id === id);
      expect(found, id).toBeDefined();
      expect(found?.measured, id).toBe(measured);
      expect(found?.usedForFitting, id).toBe(true);
    }
  });

  for (const [id, measured, source] of FROM_HARDWARE_FIGURES) {
    it(`predicts ${id} within 10 % of ${measured} (${source})`, () => {
      const found = CALIBRATION_CASES.find((c) => c.id === id)!;
      const predicted = found.predict();
      expect(Number.isFinite(predicted)).toBe(true);
      expect(Math.abs(predicted - measured) / measured).toBeLessThanOrEqual(0.1);
    });
  }

  it('keeps the launch and small-copy latencies inside the ranges the table gives', () => {
    const launch = CALIBRATION_CASES.find((c) => c.id === 'kernel-launch')!.predict();
    expect(launch).toBeGreaterThanOrEqual(4);
    expect(launch).toBeLessThanOrEqual(6);
    const smallCopy = CALIBRATION_CASES.find((c) => c.id === 'small-copy-latency')!.predict();
    expect(smallCopy).toBeGreaterThanOrEqual(10);
    expect(smallCopy).toBeLessThan(100);
    const pageable = CALIBRATION_CASES.find((c) => c.id === 'pcie3-pageable-h2d')!.predict();
    expect(pageable).toBeGreaterThanOrEqual(5);
    expect(pageable).toBeLessThanOrEqual(6);
  });

  it('predicts held-out shapes (not used to set any fraction) within their tolerance', () => {
    const heldOut = CALIBRATION_CASES.filter((c) => !c.usedForFitting);
    expect(heldOut.length).toBeGreaterThanOrEqual(4);
    for (const c of heldOut) expect(relativeError(c), c.id).toBeLessThanOrEqual(c.tolerance);
  });
});
