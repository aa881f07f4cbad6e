import { describe, expect, it } from 'vitest';
import { GPU_IDS, getGpu } from '../../engine/catalog';
import { catalogCoresPerSm, explorerHardware, smWord } from './hardware';
import { SM_ANATOMY } from '../../engine/catalog';

describe('explorerHardware from a catalog preset', () => {
  it('totals an A100: 108 SMs x 64 cores = 6,912 CUDA cores, 432 tensor cores', () => {
    const hw = explorerHardware('a100-sxm-80gb');
    expect(hw.custom).toBe(false);
    expect(hw.name).toBe('NVIDIA A100 SXM 80 GB');
    expect([hw.sms, hw.coresPerSm, hw.cudaCores]).toEqual([108, 64, 6912]);
    expect([hw.tensorCoresPerSm, hw.tensorCores]).toEqual([4, 432]);
    expect(hw.peaks.map((p) => [p.label, p.flopsPerSecond.value / 1e12])).toEqual([
      ['FP32 (CUDA cores)', 19.5],
      ['TF32 (tensor cores)', 156],
      ['FP16 (tensor cores)', 312],
      ['BF16 (tensor cores)', 312],
    ]);
    expect(hw.gpu.memoryBytesPerSecond.value).toBe(2039e9);
    expect(hw.peaks.every((p) => p.flopsPerSecond.kind === 'vendor-peak')).toBe(true);
  });

  it('totals an H100 SXM: 132 SMs, 16,896 cores, 528 tensor cores, fp8 included', () => {
    const hw = explorerHardware('h100-sxm');
    expect([hw.sms, hw.coresPerSm, hw.cudaCores, hw.tensorCores]).toEqual([132, 128, 16896, 528]);
    expect(hw.peaks.map((p) => p.label)).toContain('FP8 (tensor cores)');
  });

  it('gives every catalog GPU whole cores per SM and an anatomy entry', () => {
    for (const id of GPU_IDS) {
      const hw = explorerHardware(id);
      expect(Number.isInteger(catalogCoresPerSm(getGpu(id))), id).toBe(true);
      expect(hw.cudaCores).toBe(getGpu(id).fp32Cores.value);
      expect(hw.tensorCores).toBe(getGpu(id).tensorCores.value);
    }
    expect(Object.keys(SM_ANATOMY).sort()).toEqual([...GPU_IDS].sort());
  });

  it('keeps the A100 SM anatomy with its sources: 192 KB L1/shared, up to 164 KB shared', () => {
    const anatomy = explorerHardware('a100-sxm-40gb').anatomy;
    expect(anatomy.l1SharedBytes?.value).toBe(192 * 1024);
    expect(anatomy.maxSharedBytes?.value).toBe(164 * 1024);
    expect(anatomy.warpSchedulers?.value).toBe(4);
    expect(anatomy.registerBytes?.value).toBe(256 * 1024);
    expect(anatomy.l1SharedBytes?.source).toMatch(/A100/);
    expect(explorerHardware('apple-m2').anatomy.warpSchedulers).toBeNull();
  });

  it('calls Apple GPU cores by their name', () => {
    expect(smWord(getGpu('apple-m2'))).toBe('GPU core');
    expect(smWord(getGpu('h100-sxm'))).toBe('SM');
  });
});

describe('explorerHardware with SMs and cores set by hand', () => {
  it('multiplies the hand-set counts and scales the peaks from the base GPU', () => {
    const hw = explorerHardware('a100-sxm-80gb', 54, 128);
    expect(hw.custom).toBe(true);
    expect(hw.name).toBe('Custom GPU based on NVIDIA A100 SXM 80 GB');
    expect(hw.cudaCores).toBe(6912);
    expect(hw.tensorCores).toBe(216);
    const fp32 = hw.peaks[0]!.flopsPerSecond;
    expect(fp32.value).toBeCloseTo(19.5e12, 0);
    expect(hw.peaks[1]!.flopsPerSecond.value).toBeCloseTo(78e12, 0);
    expect(hw.peaks[1]!.flopsPerSecond.kind).toBe('estimate');
    expect(hw.peaks[1]!.flopsPerSecond.note).toMatch(/54 SMs \/ 108/);
  });

  it('doubles FP32 peak with twice the cores, leaving memory alone', () => {
    const hw = explorerHardware('h100-sxm', 132, 256);
    expect(hw.cudaCores).toBe(33792);
    expect(hw.peaks[0]!.flopsPerSecond.value).toBeCloseTo(134e12, -9);
    expect(hw.gpu.memoryBytesPerSecond.value).toBe(3350e9);
    expect(hw.gpu.memoryBytes.value).toBe(getGpu('h100-sxm').memoryBytes.value);
  });

  it('is not custom when the hand-set counts equal the catalog', () => {
    expect(explorerHardware('rtx-4090', 128, 128).custom).toBe(false);
  });

  it('rejects impossible counts', () => {
    expect(() => explorerHardware('h100-sxm', 0, 128)).toThrow(RangeError);
    expect(() => explorerHardware('h100-sxm', 4, 1.5)).toThrow(RangeError);
  });
});
