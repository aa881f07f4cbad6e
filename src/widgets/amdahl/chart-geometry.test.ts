import { describe, expect, it } from 'vitest';
import { boxesOverlap, wordCollisions, type LabelBox } from '../../ui/plot/label-placement';
import { amdahlGeometry, type AmdahlGeometry } from './chart-geometry';
import { chartSeries } from './chart-series';
import {
  axisMaxCores,
  buildCurve,
  DEFAULT_FRACTIONS,
  DEFAULT_MAX_CORES,
  speedupAxisMax,
  visibleReferences,
} from './model';

/** Plot widths: a phone (the lesson column at 375 px is 349), a laptop's column, a full width. */
const WIDTHS = [300, 349, 480, 640, 768, 1000, 1300];

function geometry(
  widthPx: number,
  yourFraction = 0.95,
  fractions: readonly number[] = DEFAULT_FRACTIONS,
  maxCores = DEFAULT_MAX_CORES,
): AmdahlGeometry {
  const axisMax = axisMaxCores(maxCores);
  const series = chartSeries(
    fractions.map((p) => buildCurve(p, axisMax)),
    buildCurve(yourFraction, axisMax),
  );
  return amdahlGeometry({
    series,
    axisMaxCores: axisMax,
    speedupAxisMax: speedupAxisMax(fractions),
    references: visibleReferences(maxCores),
    widthPx,
  });
}

/** Every word on the chart, any two that overlap and any that a line crosses. */
function problems(g: AmdahlGeometry) {
  return wordCollisions([...g.references, ...g.endLabels, ...g.ceilingLabels], g.lines);
}

/** Whether a box lies inside the SVG (the plot area's origin is at the margins). */
function insideSvg(box: LabelBox, g: AmdahlGeometry): boolean {
  const { margin, widthPx, heightPx } = g.layout;
  return (
    box.x + margin.left >= 0 &&
    box.x + box.width + margin.left <= widthPx &&
    box.y + margin.top >= 0 &&
    box.y + box.height + margin.top <= heightPx
  );
}

describe('the Amdahl chart’s words', () => {
  it.each(WIDTHS)('overlap nothing and no line crosses them at %i px', (width) => {
    for (const yours of [0.95, 0.9, 0.5, 0.97, 0.99, 0.999, 0]) {
      expect({ yours, ...problems(geometry(width, yours)) }).toEqual({
        yours,
        overlapping: [],
        crossed: [],
      });
    }
  });

  it.each(WIDTHS)('all fit inside the drawing at %i px', (width) => {
    const g = geometry(width);
    for (const label of [...g.references, ...g.endLabels, ...g.ceilingLabels]) {
      expect(insideSvg(label.box, g), label.text).toBe(true);
    }
  });

  it('stacks "p = 0.95" and "your p = 0.95" (same fraction, same end) apart, in that order', () => {
    for (const width of [349, 768]) {
      const g = geometry(width);
      const lesson = g.endLabels.find((l) => l.key === 'p-0.95')!;
      const yours = g.endLabels.find((l) => l.key === 'yours')!;
      expect(boxesOverlap(lesson.box, yours.box)).toBe(false);
      expect(yours.y - lesson.y).toBeGreaterThanOrEqual(lesson.box.height);
    }
  });

  it('keeps the A100 and H100 names apart and off each other’s lines', () => {
    for (const width of [349, 768, 1300]) {
      const g = geometry(width);
      const a100 = g.references.find((r) => r.key === 'A100')!;
      const h100 = g.references.find((r) => r.key === 'H100 SXM')!;
      expect(boxesOverlap(a100.box, h100.box)).toBe(false);
      const crosses = (line: { lineX: number; lineTopY: number }, box: LabelBox) =>
        line.lineX > box.x && line.lineX < box.x + box.width && line.lineTopY < box.y + box.height;
      expect(crosses(a100, h100.box)).toBe(false);
      expect(crosses(h100, a100.box)).toBe(false);
      // Each line still starts just under its own name.
      for (const r of [a100, h100]) expect(r.lineTopY).toBeGreaterThan(r.box.y);
    }
  });

  it('leaves a plot with one reference and two curves as it was', () => {
    const g = geometry(768, 0.7, [0.6, 0.8], 1024);
    expect(g.references.map((r) => r.key)).toEqual(['i9-14900K']);
    expect(problems(g)).toEqual({ overlapping: [], crossed: [] });
    for (const label of g.ceilingLabels) expect(label.x).toBe(4);
  });
});
