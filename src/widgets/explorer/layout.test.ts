import { describe, expect, it } from 'vitest';
import {
  gridShape,
  layoutGpu,
  layoutSmDetail,
  MIN_CORE_CELL_PX,
  splitEvenly,
  tileAt,
  zoomTransform,
  type Rect,
} from './layout';

const inside = (r: Rect, w: number, h: number) =>
  r.x >= -1e-9 && r.y >= -1e-9 && r.x + r.w <= w + 1e-9 && r.y + r.h <= h + 1e-9;
const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.w - 1e-9 &&
  b.x < a.x + a.w - 1e-9 &&
  a.y < b.y + b.h - 1e-9 &&
  b.y < a.y + a.h - 1e-9;

describe('layoutGpu', () => {
  for (const [widthPx, sms, cores] of [
    [736, 132, 128],
    [736, 108, 64],
    [325, 132, 128],
    [325, 160, 256],
    [1200, 10, 128],
    [300, 1, 32],
  ] as const) {
    it(`fits ${sms} SMs of ${cores} cores in ${widthPx} px without overlap`, () => {
      const layout = layoutGpu({ widthPx, sms, coresPerSm: cores, tensorCoresPerSm: 4 });
      expect(layout.tiles).toHaveLength(sms);
      for (const tile of layout.tiles) expect(inside(tile, widthPx, layout.heightPx)).toBe(true);
      for (let i = 1; i < layout.tiles.length; i++) {
        expect(overlap(layout.tiles[i - 1]!, layout.tiles[i]!)).toBe(false);
      }
      const { interior, tilePx } = layout;
      expect(interior.coreColumns * interior.coreRows).toBeGreaterThanOrEqual(cores);
      const gridRight = interior.coreOrigin.x + interior.coreColumns * interior.coreCellPx;
      const gridBottom = interior.coreOrigin.y + interior.coreRows * interior.coreCellPx;
      expect(gridRight).toBeLessThanOrEqual(tilePx + 1e-9);
      expect(gridBottom).toBeLessThanOrEqual(interior.tensorStrip?.y ?? interior.occupancyBar.y);
      expect(inside(interior.occupancyBar, tilePx, tilePx)).toBe(true);
    });
  }

  it('draws an H100’s 16,896 cores one by one at desktop width', () => {
    const layout = layoutGpu({ widthPx: 736, sms: 132, coresPerSm: 128, tensorCoresPerSm: 4 });
    expect(layout.interior.drawCores).toBe(true);
    expect(layout.interior.coreCellPx).toBeGreaterThanOrEqual(MIN_CORE_CELL_PX);
    expect(layout.heightPx).toBeLessThanOrEqual(460);
  });

  it('falls back to a filled share when cores get too small on a phone', () => {
    const layout = layoutGpu({ widthPx: 325, sms: 132, coresPerSm: 128, tensorCoresPerSm: 4 });
    expect(layout.interior.drawCores).toBe(false);
    expect(layout.heightPx).toBeGreaterThanOrEqual(260);
  });

  it('finds the tile under a point', () => {
    const layout = layoutGpu({ widthPx: 736, sms: 108, coresPerSm: 64, tensorCoresPerSm: 4 });
    const t = layout.tiles[17]!;
    expect(tileAt(layout, t.x + 1, t.y + 1)).toBe(17);
    expect(tileAt(layout, -5, -5)).toBe(-1);
  });

  it('rejects a zero width or SM count', () => {
    expect(() => layoutGpu({ widthPx: 0, sms: 4, coresPerSm: 32, tensorCoresPerSm: 0 })).toThrow(
      RangeError,
    );
    expect(() => layoutGpu({ widthPx: 100, sms: 0, coresPerSm: 32, tensorCoresPerSm: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('layoutSmDetail', () => {
  for (const [widthPx, heightPx, cores, tensor, partitions] of [
    [736, 420, 128, 4, 4],
    [325, 260, 64, 4, 4],
    [325, 260, 128, 0, 1],
  ] as const) {
    it(`fits one SM of ${cores} cores in ${partitions} partition(s) at ${widthPx}x${heightPx}`, () => {
      const d = layoutSmDetail({
        widthPx,
        heightPx,
        coresPerSm: cores,
        tensorCoresPerSm: tensor,
        partitions,
      });
      expect(d.partitions).toHaveLength(partitions);
      expect(d.partitions.flatMap((p) => p.cores)).toHaveLength(cores);
      expect(d.partitions.flatMap((p) => p.tensorCores)).toHaveLength(tensor);
      expect(inside(d.sharedMemory, widthPx, heightPx)).toBe(true);
      for (const part of d.partitions) {
        expect(inside(part.box, widthPx, heightPx)).toBe(true);
        expect(overlap(part.box, d.sharedMemory)).toBe(false);
        for (const r of [part.scheduler, part.registers, ...part.cores, ...part.tensorCores]) {
          expect(inside(r, widthPx, heightPx)).toBe(true);
          expect(r.x >= part.box.x - 1e-9 && r.x + r.w <= part.box.x + part.box.w + 1e-9).toBe(
            true,
          );
        }
        for (const core of part.cores)
          for (const tc of part.tensorCores) expect(overlap(core, tc)).toBe(false);
      }
    });
  }
});

describe('helpers', () => {
  it('shapes grids near the wanted aspect', () => {
    expect(gridShape(64, 1)).toEqual({ columns: 8, rows: 8 });
    expect(gridShape(128, 2)).toEqual({ columns: 16, rows: 8 });
  });

  it('splits counts evenly', () => {
    expect(splitEvenly(64, 4)).toEqual([16, 16, 16, 16]);
    expect(splitEvenly(10, 4)).toEqual([3, 3, 2, 2]);
  });

  it('zooms from the whole view to the tile filling the canvas', () => {
    const tile = { x: 100, y: 50, w: 40, h: 40 };
    const canvas = { widthPx: 400, heightPx: 300 };
    expect(zoomTransform(tile, canvas, 0)).toEqual({ scale: 1, x: 0, y: 0 });
    const end = zoomTransform(tile, canvas, 1);
    expect(end.scale).toBe(7.5);
    expect(tile.x * end.scale + end.x).toBeCloseTo((400 - 300) / 2);
    expect(tile.y * end.scale + end.y).toBeCloseTo(0);
  });
});
