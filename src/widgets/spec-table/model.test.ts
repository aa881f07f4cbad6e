import { describe, expect, it } from 'vitest';
import { GPU_IDS, getGpu } from '../../engine/catalog';
import { buildSpecTable, reachedBandwidth, SPEC_COLUMNS } from './model';

describe('buildSpecTable', () => {
  const table = buildSpecTable();

  it('has one row per catalog GPU, in catalog order', () => {
    expect(table.rows.map((r) => r.id)).toEqual([...GPU_IDS]);
    expect(table.columns).toEqual(SPEC_COLUMNS);
  });

  it('shows the lesson’s A100 and H100 figures from the catalog', () => {
    const a100 = table.rows.find((r) => r.id === 'a100-sxm-80gb')!;
    expect(a100.cells.sms.text).toBe('108');
    expect(a100.cells.fp32Cores.text).toBe('6,912');
    expect(a100.cells.tensorCores.text).toBe('432');
    expect(a100.cells.fp32.text).toBe('19.5 TFLOP/s');
    expect(a100.cells.fp16.text).toBe('312 TFLOP/s');
    expect(a100.cells.fp8.text).toBe('–');
    expect(a100.cells.memory.text).toBe('80 GiB HBM2e');
    expect(a100.cells.bandwidth.text).toBe('2,039 GB/s');
    expect(a100.cells.l2.text).toBe('40 MiB');
    expect(a100.cells.link.text).toBe('PCIe 4.0 x16');
    const h100 = table.rows.find((r) => r.id === 'h100-sxm')!;
    expect([h100.cells.sms.text, h100.cells.fp32Cores.text, h100.cells.tensorCores.text]).toEqual([
      '132',
      '16,896',
      '528',
    ]);
    expect(h100.cells.l2.text).toBe('50 MiB');
    expect(h100.cells.fp8.text).toBe('1,979 TFLOP/s');
  });

  it('marks vendor peaks apart from the measured bandwidth column', () => {
    for (const row of table.rows) {
      expect(row.cells.bandwidth.figure?.kind).toBe('vendor-peak');
      expect(['measured', 'estimate']).toContain(row.cells.reached.figure?.kind);
    }
    const h200 = table.rows.find((r) => r.id === 'h200-sxm')!;
    expect(h200.cells.reached.figure?.kind).toBe('measured');
    expect(h200.cells.reached.text).toBe('4,255 GB/s');
    expect(table.rows.find((r) => r.id === 'gtx-1650')!.cells.reached.figure?.kind).toBe(
      'estimate',
    );
  });

  it('numbers every source once, and every cell with a figure points at one', () => {
    expect(new Set(table.sources).size).toBe(table.sources.length);
    for (const row of table.rows) {
      expect(table.sources[row.rowSource - 1]).toBe(getGpu(row.id).sms.source);
      for (const cell of Object.values(row.cells)) {
        if (cell.figure && cell.source !== null) {
          expect(table.sources[cell.source - 1]).toBe(cell.figure.source);
        }
      }
    }
    expect(table.sources.some((s) => /TileOPs/.test(s))).toBe(true);
  });

  it('says "none" for GPUs without tensor cores', () => {
    expect(table.rows.find((r) => r.id === 'gtx-1650')!.cells.tensorCores.text).toBe('none');
  });
});

describe('reachedBandwidth', () => {
  it('is peak times the measured share, with the arithmetic in the note', () => {
    const figure = reachedBandwidth(getGpu('h200-sxm'));
    expect(figure.value).toBeCloseTo(4255e9, -7);
    expect(figure.note).toMatch(/4,800 GB\/s peak × 0\.886 \(.*4255 \/ 4800\)/);
  });
});

describe('buildSpecTable for some GPUs', () => {
  it('lists and numbers only the sources of the GPUs shown', () => {
    const all = buildSpecTable();
    const one = buildSpecTable(['gtx-1650']);
    expect(one.rows.map((r) => r.id)).toEqual(['gtx-1650']);
    expect(one.sources.length).toBeLessThan(all.sources.length);
    const row = one.rows[0]!;
    expect(row.rowSource).toBe(1);
    const used = new Set([row.rowSource]);
    for (const cell of Object.values(row.cells)) {
      if (cell.figure && cell.source !== null) {
        expect(one.sources[cell.source - 1]).toBe(cell.figure.source);
        used.add(cell.source);
      }
    }
    expect([...used].sort((a, b) => a - b)).toEqual(one.sources.map((_, i) => i + 1));
  });
});
