import { describe, expect, it } from 'vitest';
import {
  formatIntensity,
  intensityDomain,
  rateDomain,
  roofPath,
  rooflineGeometry,
  type KernelPoint,
  type Roof,
} from './roofline';

const roof: Roof = {
  id: 'r',
  label: 'r',
  source: 'measured',
  bytesPerSecond: 1e9,
  flopsPerSecond: 8e9,
};

describe('roofline geometry', () => {
  it('spans powers of two around every intensity, at least 1/16 to 64', () => {
    expect(intensityDomain([])).toEqual([1 / 16, 64]);
    expect(intensityDomain([0.125, 2048])).toEqual([1 / 16, 4096]);
    expect(intensityDomain([0, 0.01])).toEqual([1 / 256, 64]);
  });

  it('spans powers of ten, at least two decades', () => {
    expect(rateDomain([2e9, 3e9])).toEqual([1e8, 1e10]);
    expect(rateDomain([])).toEqual([1e9, 1e12]);
  });

  it('draws a slope up to the ridge, then the flat ceiling', () => {
    const { path, ridge } = roofPath(roof, [1 / 16, 64], [1e7, 1e11]);
    expect(ridge).toBe(8);
    expect(path).toEqual([
      [1 / 16, 1e9 / 16],
      [8, 8e9],
      [64, 8e9],
    ]);
  });

  it('clips a memory-only line at the top of the plot', () => {
    const line = { ...roof, flopsPerSecond: Number.POSITIVE_INFINITY };
    const { path, ridge } = roofPath(line, [1 / 16, 64], [1e7, 1e10]);
    expect(ridge).toBeNull();
    expect(path).toEqual([
      [1 / 16, 1e9 / 16],
      [10, 1e10],
    ]);
  });

  it('places a kernel without arithmetic at the left edge, at its bandwidth there', () => {
    const copy: KernelPoint = {
      id: 'copy',
      label: 'copy',
      source: 'measured',
      intensity: 0,
      flopsPerSecond: 0,
      bytesPerSecond: 5e8,
    };
    const relu: KernelPoint = { ...copy, id: 'relu', intensity: 0.125, flopsPerSecond: 6e7 };
    const g = rooflineGeometry([roof], [copy, relu]);
    const edge = g.points.find((p) => p.id === 'copy')!;
    expect(edge).toMatchObject({ x: 1 / 16, y: 5e8 / 16, atEdge: true });
    expect(g.points.find((p) => p.id === 'relu')).toMatchObject({
      x: 0.125,
      y: 6e7,
      atEdge: false,
    });
    for (const p of g.points) {
      expect(p.y).toBeGreaterThanOrEqual(g.yDomain[0]);
      expect(p.y).toBeLessThanOrEqual(g.yDomain[1]);
    }
  });

  it('ticks every other power of two across, every power of ten up', () => {
    const g = rooflineGeometry([roof], []);
    expect(g.xTicks[0]).toBe(g.xDomain[0]);
    expect(g.xTicks.slice(1).map((t, i) => t / g.xTicks[i]!)).toEqual(
      g.xTicks.slice(1).map(() => 4),
    );
    expect(g.yTicks.map((t) => Math.log10(t))).toEqual(
      g.yTicks.map((_, i) => Math.log10(g.yDomain[0]) + i),
    );
    expect(g.yTicks.at(-1)).toBe(g.yDomain[1]);
  });

  it('labels the intensity axis', () => {
    expect(formatIntensity(1 / 16)).toBe('1/16');
    expect(formatIntensity(4096)).toBe('4Ki');
  });
});
