import { describe, it, expect } from 'vitest';
import { figuresIn } from './figure';
import {
  CPU_IDS,
  GPU_IDS,
  getCpu,
  getGpu,
  getLink,
  HARDWARE,
  listCpus,
  listGpus,
  listLinks,
} from './hardware';

const figures = figuresIn;

describe('hardware catalog', () => {
  it('holds the GPUs, the CPU and the links the course names', () => {
    expect(listGpus().map((g) => g.id)).toEqual([
      'a100-sxm-40gb',
      'a100-sxm-80gb',
      'a100-pcie-40gb',
      'h100-sxm',
      'h100-pcie',
      'h200-sxm',
      'v100-sxm2-16gb',
      't4',
      'rtx-4090',
      'rtx-3080',
      'gtx-1650',
      'apple-m2',
    ]);
    expect(listCpus().map((c) => c.id)).toEqual(['i9-14900k']);
    expect(listLinks().map((l) => l.id)).toEqual(['pcie3', 'pcie4', 'pcie5', 'unified']);
    expect(GPU_IDS).toEqual(listGpus().map((g) => g.id));
    expect(CPU_IDS).toEqual(['i9-14900k']);
  });

  it('gives every figure a finite value, a unit, a source and a kind', () => {
    const all = figures(HARDWARE, 'HARDWARE');
    expect(all.length).toBeGreaterThan(200);
    for (const [path, figure] of all) {
      expect(Number.isFinite(figure.value), path).toBe(true);
      expect(figure.value, path).toBeGreaterThanOrEqual(0);
      expect(figure.unit.length, path).toBeGreaterThan(0);
      expect(figure.source.length, path).toBeGreaterThan(10);
      expect(['vendor-peak', 'measured', 'estimate'], path).toContain(figure.kind);
    }
  });

  it('keeps every achievable fraction plausible and explained', () => {
    const fractions = figures(HARDWARE, 'HARDWARE').filter(([, f]) => f.unit === 'fraction');
    expect(fractions.length).toBeGreaterThan(50);
    for (const [path, figure] of fractions) {
      expect(figure.value, path).toBeGreaterThan(0.5);
      expect(figure.value, path).toBeLessThanOrEqual(1.1);
      expect(figure.note, path).toBeTruthy();
      expect(figure.kind, path).not.toBe('vendor-peak');
    }
  });

  it('derives measured fractions from the measurements in their notes', () => {
    const a100 = getGpu('a100-sxm-80gb');
    expect(a100.achievable.tensorMatmul.bf16?.value).toBeCloseTo(271.2 / 312, 12);
    expect(a100.achievable.tensorMatmul.bf16?.kind).toBe('measured');
    expect(getGpu('h200-sxm').achievable.memory.value).toBeCloseTo(4255 / 4800, 12);
    expect(getGpu('h100-sxm').achievable.tensorMatmul.fp8?.value).toBeCloseTo(1402.6 / 1979, 12);
    expect(getGpu('rtx-4090').achievable.cudaCoreArithmetic.value).toBeCloseTo(79.1 / 82.6, 12);
    expect(getGpu('h100-pcie').achievable.tensorMatmul.bf16?.kind).toBe('estimate');
  });

  it('has peaks consistent with lanes x 2 FLOPs x clock', () => {
    for (const gpu of listGpus()) {
      const fromClock = gpu.fp32Cores.value * 2 * gpu.boostClockHz.value;
      const peak = gpu.peakFlopsPerSecond['cuda-core'].fp32.value;
      expect(Math.abs(fromClock - peak) / peak, gpu.id).toBeLessThan(0.02);
    }
  });

  it('matches the datasheet rows of the course', () => {
    const h100 = getGpu('h100-sxm');
    expect(h100.sms.value).toBe(132);
    expect(h100.peakFlopsPerSecond['tensor-core'].fp8?.value).toBe(1979e12);
    expect(h100.memoryBytesPerSecond.value).toBe(3350e9);
    expect(h100.hostLink).toBe('pcie5');
    expect(getGpu('gtx-1650').peakFlopsPerSecond['tensor-core']).toEqual({});
    expect(getGpu('apple-m2').hostLink).toBe('unified');
    expect(getGpu('apple-m2').l2Bytes).toBeNull();
    expect(getGpu('a100-sxm-40gb').peakFlopsPerSecond['tensor-core'].fp8).toBeUndefined();
    const cpu = getCpu('i9-14900k');
    expect(cpu.performanceCores.value + cpu.efficiencyCores.value).toBe(24);
    expect(getLink('pcie4').bytesPerSecond.value).toBe(31.5e9);
  });

  it('rejects unknown ids with the id in the message', () => {
    expect(() => getGpu('v100')).toThrow(/unknown gpu id "v100"; known: a100-sxm-40gb/);
    expect(() => getCpu('ryzen')).toThrow(/unknown cpu id "ryzen"/);
    expect(() => getLink('pcie6')).toThrow(/unknown link id "pcie6"/);
    expect(() => getGpu(undefined as unknown as string)).toThrow(/unknown gpu id undefined/);
  });
});
