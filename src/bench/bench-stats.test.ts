import { describe, expect, it } from 'vitest';
import {
  adapterSlug,
  repetitionSpread,
  reportDestination,
  reportFileName,
  slug,
} from './bench-stats';

const h100 = {
  vendor: 'nvidia',
  architecture: '',
  device: 'NVIDIA H100 80GB HBM3',
  description: 'NVIDIA: 580.159.04 580.159.4.0',
  isFallback: false,
};
const swiftshader = {
  vendor: 'google',
  architecture: 'swiftshader',
  device: 'swiftshader-device-subzero-',
  description: 'SwiftShader driver 5.0.0',
  isFallback: true,
};
const day = new Date('2026-12-01T23:30:00Z');

describe('spread across repetitions', () => {
  it('gives the median, extremes, quartiles and half the range over the median', () => {
    expect(repetitionSpread([3, 1, 2])).toEqual({
      median: 2,
      min: 1,
      max: 3,
      q1: 1.5,
      q3: 2.5,
      relativeHalfRange: 0.5,
    });
    expect(repetitionSpread([4, 4])).toMatchObject({ median: 4, relativeHalfRange: 0 });
    expect(repetitionSpread([7])).toMatchObject({ median: 7, min: 7, max: 7, q1: 7, q3: 7 });
  });

  it('refuses no repetitions and non-finite values', () => {
    expect(() => repetitionSpread([])).toThrow(RangeError);
    expect(() => repetitionSpread([1, Number.NaN])).toThrow(/finite/);
  });
});

describe('report file names', () => {
  it('names the file after the adapter’s device and the UTC day', () => {
    expect(slug('  NVIDIA H100 80GB HBM3 ')).toBe('nvidia-h100-80gb-hbm3');
    expect(reportFileName(h100, day)).toBe('kernel-bench-nvidia-h100-80gb-hbm3-2026-12-01.json');
    expect(adapterSlug({ ...h100, device: '' })).toBe('nvidia-580-159-04-580-159-4-0');
    expect(adapterSlug({ ...h100, device: '', description: '' })).toBe('nvidia');
    expect(adapterSlug({ ...h100, vendor: '', device: '', description: '' })).toBe(
      'unknown-adapter',
    );
    expect(adapterSlug({ ...h100, device: 'x'.repeat(80) })).toHaveLength(60);
  });

  it('puts a hardware adapter’s report under the directory', () => {
    expect(reportDestination('docs/runs/', h100, day)).toEqual({
      ok: true,
      path: 'docs/runs/kernel-bench-nvidia-h100-80gb-hbm3-2026-12-01.json',
    });
  });

  it('refuses to write a report for a fallback adapter, saying why', () => {
    const taken = new Set([
      'docs/runs/kernel-bench-nvidia-h100-80gb-hbm3-2026-12-01.json',
      'docs/runs/kernel-bench-nvidia-h100-80gb-hbm3-2026-12-01-2.json',
    ]);
    expect(reportDestination('docs/runs', h100, day, (p) => taken.has(p))).toEqual({
      ok: true,
      path: 'docs/runs/kernel-bench-nvidia-h100-80gb-hbm3-2026-12-01-3.json',
    });
    const refused = reportDestination('docs/runs', swiftshader, day);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/software fallback/);
    // A fallback adapter that reports a hardware GPU's name is still refused.
    expect(reportDestination('docs/runs', { ...h100, isFallback: true }, day).ok).toBe(false);
  });
});
