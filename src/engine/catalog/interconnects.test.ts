import { describe, it, expect } from 'vitest';
import { figuresIn } from './figure';
import { getLink } from './hardware';
import {
  achievableBusBytesPerSecond,
  getInterconnect,
  INTERCONNECT_IDS,
  INTERCONNECTS,
  isInterconnectId,
  listInterconnects,
} from './interconnects';

const figures = figuresIn;

describe('interconnect catalog', () => {
  it('holds the seven links, in order, each with its scope', () => {
    expect(listInterconnects().map((l) => [l.id, l.scope])).toEqual([
      ['nvlink3', 'intra-node'],
      ['nvlink4', 'intra-node'],
      ['pcie3', 'intra-node'],
      ['pcie4', 'intra-node'],
      ['pcie5', 'intra-node'],
      ['ib-hdr', 'inter-node'],
      ['ib-ndr', 'inter-node'],
    ]);
    expect(INTERCONNECT_IDS).toEqual(listInterconnects().map((l) => l.id));
  });

  it('carries the vendor rates per GPU and direction, and both directions', () => {
    const rates = listInterconnects().map((l) => [
      l.bytesPerSecondPerDirection.value / 1e9,
      l.bytesPerSecondBothDirections.value / 1e9,
    ]);
    expect(rates).toEqual([
      [300, 600],
      [450, 900],
      [15.75, 31.5],
      [31.5, 63],
      [63, 126],
      [25, 50],
      [50, 100],
    ]);
    for (const link of listInterconnects()) {
      expect(link.bytesPerSecondPerDirection.kind, link.id).toBe('vendor-peak');
    }
  });

  it('gives every figure a finite value, a unit, a source and a kind', () => {
    const all = figures(INTERCONNECTS, 'INTERCONNECTS');
    expect(all.length).toBe(7 * 4);
    for (const [path, figure] of all) {
      expect(Number.isFinite(figure.value) && figure.value > 0, path).toBe(true);
      expect(figure.unit.length, path).toBeGreaterThan(0);
      expect(figure.source.length, path).toBeGreaterThan(10);
      expect(['vendor-peak', 'measured', 'estimate'], path).toContain(figure.kind);
    }
  });

  it('derives every achievable share from its source, with the division in the note', () => {
    const share = (id: string) => getInterconnect(id).allReduceBusFraction;
    expect(share('nvlink3').value).toBeCloseTo(234.6 / 300, 12);
    expect(share('nvlink3').kind).toBe('measured');
    expect(share('nvlink4').value).toBeCloseTo(367.61 / 450, 12);
    expect(share('pcie3').value).toBeCloseTo(12 / 15.75, 12);
    expect(share('pcie4').value).toBeCloseTo(24 / 31.5, 12);
    expect(share('pcie5').value).toBeCloseTo(48 / 63, 12);
    expect(share('pcie4').kind).toBe('estimate');
    expect(share('ib-hdr').value).toBeCloseTo(192 / 200, 12);
    expect(share('ib-ndr').value).toBeCloseTo(47 / 50, 12);
    for (const link of listInterconnects()) {
      const f = link.allReduceBusFraction;
      expect(f.unit, link.id).toBe('fraction');
      expect(f.value, link.id).toBeGreaterThan(0.7);
      expect(f.value, link.id).toBeLessThan(1);
      expect(f.note, link.id).toBeTruthy();
      expect(f.kind, link.id).not.toBe('vendor-peak');
    }
    // 300 GB/s x 0.782 = 234.6 GB/s of bus bandwidth on NVLink 3.
    expect(achievableBusBytesPerSecond(getInterconnect('nvlink3'))).toBeCloseTo(234.6e9, 0);
  });

  it('charges a step latency of microseconds, more across the network', () => {
    // 32 KiB / (3.20 GB/s / 1.75) = 17.92 us over 14 steps = 1.28 us per step.
    expect(getInterconnect('nvlink4').stepLatencySeconds.value).toBeCloseTo(1.28e-6, 12);
    expect(getInterconnect('nvlink3').stepLatencySeconds.kind).toBe('estimate');
    // 43.47 us over 14 steps = 3.105 us per step.
    expect(getInterconnect('pcie4').stepLatencySeconds.value).toBeCloseTo(43.47e-6 / 14, 12);
    expect(getInterconnect('ib-hdr').stepLatencySeconds.value).toBe(4e-6);
    for (const link of listInterconnects()) {
      expect(link.stepLatencySeconds.unit, link.id).toBe('s');
    }
  });

  it('keeps its pcie4 apart from the host link of the same name', () => {
    expect(isInterconnectId('pcie4')).toBe(true);
    expect(isInterconnectId('unified')).toBe(false);
    expect(getLink('pcie4').bytesPerSecond.value).toBe(
      getInterconnect('pcie4').bytesPerSecondPerDirection.value,
    );
    expect(getLink('pcie4')).not.toHaveProperty('allReduceBusFraction');
  });

  it('rejects unknown ids with the id and the known ones in the message', () => {
    expect(() => getInterconnect('nvlink5')).toThrow(RangeError);
    expect(() => getInterconnect('nvlink5')).toThrow(
      /unknown interconnect id "nvlink5"; known: nvlink3, nvlink4, pcie3, pcie4, pcie5, ib-hdr, ib-ndr/,
    );
    expect(() => getInterconnect(undefined as unknown as string)).toThrow(
      /unknown interconnect id undefined/,
    );
  });
});
