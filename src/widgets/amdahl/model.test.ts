import { describe, expect, it } from 'vitest';
import { amdahlLimit, amdahlSpeedup } from '../../engine/models';
import {
  axisMaxCores,
  buildCurve,
  buildCurves,
  DEFAULT_FRACTIONS,
  DEFAULT_MAX_CORES,
  readSpeedup,
  sampleCoreCounts,
  speedupAxisMax,
  visibleReferences,
} from './model';
import { coreTickValues, speedupTickValues } from './axis-ticks';
import { formatCeiling, formatFraction, formatSpeedup, readoutSentence } from './readout';
import {
  coreCountStops,
  fractionStops,
  nearestFractionStopIndex,
  nearestStopIndex,
} from './slider-stops';
import { speedupTable, tableCoreCounts } from './speedup-table';

describe('axis range and reference core counts', () => {
  it('stretches the default axis to include the H100 SXM (16,896 cores)', () => {
    expect(axisMaxCores(DEFAULT_MAX_CORES)).toBe(16896);
    expect(visibleReferences(DEFAULT_MAX_CORES).map((r) => r.coreCount)).toEqual([24, 6912, 16896]);
  });

  it('leaves a small axis alone and drops references far beyond it', () => {
    expect(axisMaxCores(64)).toBe(64);
    expect(visibleReferences(64).map((r) => r.coreCount)).toEqual([24]);
  });

  it('rejects a core maximum that is not an integer >= 2', () => {
    expect(() => axisMaxCores(1)).toThrow(RangeError);
    expect(() => axisMaxCores(100.5)).toThrow(RangeError);
    expect(() => axisMaxCores(Number.NaN)).toThrow(RangeError);
  });
});

describe('curve sampling', () => {
  it('samples evenly in log2 from 1 to the end of the axis', () => {
    const counts = sampleCoreCounts(16, 2);
    expect(counts).toHaveLength(9);
    expect(counts[0]).toBe(1);
    expect(counts[2]).toBe(2);
    expect(counts[1]).toBeCloseTo(Math.SQRT2, 12);
    expect(counts[counts.length - 1]).toBe(16);
  });

  it('ends exactly at an axis maximum that is not a power of two', () => {
    const counts = sampleCoreCounts(16896);
    expect(counts[counts.length - 1]).toBe(16896);
    expect(counts[counts.length - 2]).toBeLessThan(16896);
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThan(counts[i - 1]!);
  });

  it('builds each curve from amdahlSpeedup with its ceiling from amdahlLimit', () => {
    const curve = buildCurve(0.95, 16896);
    expect(curve.limitSpeedup).toBe(amdahlLimit(0.95));
    for (const point of curve.points) {
      expect(point.speedup).toBe(amdahlSpeedup(0.95, point.coreCount));
      expect(point.speedup).toBeLessThan(curve.limitSpeedup);
    }
    expect(curve.points[0]).toEqual({ coreCount: 1, speedup: 1 });
  });

  it('builds one curve per fraction, in order', () => {
    const curves = buildCurves(DEFAULT_FRACTIONS, 16896);
    expect(curves.map((c) => c.fraction)).toEqual([0.5, 0.9, 0.95, 0.99, 0.999]);
    expect(curves.map((c) => Math.round(c.limitSpeedup))).toEqual([2, 10, 20, 100, 1000]);
  });

  it('rejects fractions with no finite ceiling or outside [0, 1)', () => {
    expect(() => buildCurve(1, 64)).toThrow(/\[0, 1\)/);
    expect(() => buildCurve(-0.1, 64)).toThrow(RangeError);
    expect(() => buildCurves([0.5, Number.NaN], 64)).toThrow(RangeError);
  });

  it('leaves room on the speedup axis above the highest ceiling', () => {
    expect(speedupAxisMax([0.5])).toBeGreaterThan(1000);
    expect(speedupAxisMax([0.9999])).toBeGreaterThan(10000);
  });
});

describe('core count stops', () => {
  it('holds powers of two and the reference counts, sorted', () => {
    const stops = coreCountStops(DEFAULT_MAX_CORES);
    expect(stops.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 24]);
    expect(stops).toContain(6912);
    expect(stops.slice(-3)).toEqual([8192, 16384, 16896]);
    expect(new Set(stops).size).toBe(stops.length);
  });

  it('includes a maximum that is not a power of two', () => {
    expect(coreCountStops(100)).toEqual([1, 2, 4, 8, 16, 24, 32, 64, 100]);
  });

  it('finds the nearest stop on a log scale', () => {
    const stops = [1, 2, 4, 8];
    expect(nearestStopIndex(stops, 1)).toBe(0);
    expect(nearestStopIndex(stops, 5)).toBe(2);
    expect(nearestStopIndex(stops, 6)).toBe(3);
    expect(nearestStopIndex(stops, 1000)).toBe(3);
  });
});

describe('fraction slider stops', () => {
  it('runs from 0 to 0.999 with finer steps near 1', () => {
    const stops = fractionStops();
    expect(stops[0]).toBe(0);
    expect(stops[stops.length - 1]).toBe(0.999);
    expect(stops).toHaveLength(37);
    for (const p of [0.5, 0.9, 0.95, 0.99, 0.995, 0.999]) expect(stops).toContain(p);
    for (let i = 1; i < stops.length; i++) expect(stops[i]!).toBeGreaterThan(stops[i - 1]!);
  });

  it('finds the nearest stop to any fraction', () => {
    const stops = fractionStops();
    expect(stops[nearestFractionStopIndex(stops, 0.95)]).toBe(0.95);
    expect(stops[nearestFractionStopIndex(stops, 0.123)]).toBe(0.1);
    expect(stops[nearestFractionStopIndex(stops, 0.9984)]).toBe(0.998);
  });
});

describe('readings and formatting', () => {
  it('reads the speedup, ceiling and share of the ceiling', () => {
    const r = readSpeedup(0.95, 6912);
    expect(r.speedup).toBeCloseTo(19.945, 3);
    expect(r.limitSpeedup).toBeCloseTo(20, 10);
    expect(r.shareOfLimit).toBeCloseTo(0.99725, 4);
  });

  it('formats numbers for people', () => {
    expect(formatSpeedup(19.945)).toBe('19.9');
    expect(formatSpeedup(1.99988)).toBe('2.00');
    expect(formatSpeedup(944.2)).toBe('944');
    expect(formatCeiling(amdahlLimit(0.95))).toBe('20');
    expect(formatCeiling(amdahlLimit(0.999))).toBe('1,000');
    expect(formatFraction(0.95)).toBe('0.95');
    expect(formatFraction(0)).toBe('0');
  });

  it('writes the worked example sentence', () => {
    expect(readoutSentence(0.95, 6912)).toBe(
      'With p = 0.95 and 6,912 cores the speedup is 19.9×, just under the 20× ceiling.',
    );
  });

  it('says how far from the ceiling other readings are', () => {
    expect(readoutSentence(0.99, 256)).toBe(
      'With p = 0.99 and 256 cores the speedup is 72.1×, 72% of the way to the 100× ceiling.',
    );
    expect(readoutSentence(0.999, 24)).toBe(
      'With p = 0.999 and 24 cores the speedup is 23.5×, far below the 1,000× ceiling, so more cores still pay off.',
    );
    expect(readoutSentence(0.5, 16384)).toBe(
      'With p = 0.5 and 16,384 cores the speedup is 2.00×, practically at the 2× ceiling; more cores cannot help.',
    );
    expect(readoutSentence(0, 64)).toMatch(
      /^With p = 0 and 64 cores the speedup is 1\.00×: nothing/,
    );
    expect(readoutSentence(0.9, 1)).toMatch(
      /^With p = 0.9 and 1 core the speedup is 1\.00×: one core/,
    );
  });
});

describe('screen-reader table', () => {
  it('lists powers of eight, reference counts and the axis end', () => {
    expect(tableCoreCounts(DEFAULT_MAX_CORES)).toEqual([8, 24, 64, 512, 4096, 6912, 16896]);
    expect(tableCoreCounts(100)).toEqual([8, 24, 64, 100]);
  });

  it('fills each row from amdahlSpeedup', () => {
    const rows = speedupTable([0.9, 0.99], [24, 6912]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.speedups).toEqual([amdahlSpeedup(0.9, 24), amdahlSpeedup(0.9, 6912)]);
    expect(rows[1]!.limitSpeedup).toBe(amdahlLimit(0.99));
    expect(rows[1]!.speedups[0]).toBeCloseTo(19.51, 2);
  });
});

describe('axis ticks', () => {
  it('labels every doubling on a wide plot and thins them on a narrow one', () => {
    expect(coreTickValues(16, 800)).toEqual([1, 2, 4, 8, 16]);
    const narrow = coreTickValues(16896, 260);
    expect(narrow).toEqual([1, 16, 256, 4096]);
  });

  it('places speedup gridlines at 1, 2, 5 per decade', () => {
    expect(speedupTickValues(60)).toEqual([1, 2, 5, 10, 20, 50]);
  });
});
