/**
 * The Amdahl chart's geometry at a width: its frame (the right margin as wide as the longest
 * curve name), its log scales and ticks, and where its words go: the reference machines' names
 * in rows above the plot (each with its line down to the axis), each curve's name at its end
 * and each ceiling's value above its dashed line. The shared label placement keeps every word off
 * the others and off the lines. Pure: d3's scales are arithmetic, no DOM.
 */
import { formatCount } from '../../format/units';
import { isNarrowPlot, plotLayout, type PlotLayout } from '../../ui/plot/layout';
import { logLogScales, type LogLogAxes } from '../../ui/plot/log-scales';
import {
  baselineOf,
  estimateTextWidthPx,
  placeLabels,
  polylineSegments,
  textBox,
  type LabelRequest,
  type PlotWord,
  type Segment,
} from '../../ui/plot/label-placement';
import { coreTickValues, speedupTickValues } from './axis-ticks';
import type { ChartSeries, ReferenceCoreCount } from './model';
import { formatCeiling } from './readout';

/** Height of one row of reference names above the plot, in px. */
export const REFERENCE_ROW_PX = 13;
/** Font sizes (amdahl.css and plot.css): curve and ceiling names, reference names. */
export const CURVE_LABEL_FONT_PX = 11;
export const REFERENCE_FONT_PX = 10;
/** Gap between the plot area and the curve names in the right margin, in px. */
export const END_LABEL_GAP_PX = 5;

/** What the chart shows, as far as its geometry depends on it. */
export interface AmdahlGeometryInput {
  series: readonly ChartSeries[];
  axisMaxCores: number;
  speedupAxisMax: number;
  references: readonly ReferenceCoreCount[];
  widthPx: number;
}

/** A word on the chart where the placement put it: its anchor, its baseline and its box. */
export type ChartLabel = PlotWord;

/** A reference machine's name and the line from it down to the axis. */
export interface ReferenceMark extends ChartLabel {
  coreCount: number;
  lineX: number;
  lineTopY: number;
}

/** Everything the chart draws that does not follow the pointer or the marker. */
export interface AmdahlGeometry extends LogLogAxes {
  layout: PlotLayout;
  narrow: boolean;
  references: ReferenceMark[];
  /** Curve names, in the order of `series`. */
  endLabels: ChartLabel[];
  /** Ceiling values, for the series that show one, in their order. */
  ceilingLabels: ChartLabel[];
  /** Every line drawn (curves, ceilings, reference lines), which no word may cross. */
  lines: Segment[];
}

/** The text at a curve's end at this width. */
function endText(s: ChartSeries, narrow: boolean): string {
  return narrow ? s.shortLabel : s.label;
}

/** A reference machine's name on the chart: "A100 · 6,912". */
function referenceText(ref: ReferenceCoreCount): string {
  return `${ref.label} · ${formatCount(ref.coreCount)}`;
}

/** The chart's frame: a row above the plot per reference machine, a right margin for the names. */
function chartLayout(input: AmdahlGeometryInput): PlotLayout {
  const narrow = isNarrowPlot(input.widthPx);
  const longest = Math.max(
    0,
    ...input.series.map((s) => estimateTextWidthPx(endText(s, narrow), CURVE_LABEL_FONT_PX)),
  );
  const margin = {
    top: 12 + input.references.length * REFERENCE_ROW_PX,
    right: Math.max(narrow ? 40 : 60, END_LABEL_GAP_PX + longest + 4),
    bottom: 42,
    left: narrow ? 48 : 58,
  };
  return plotLayout(input.widthPx, margin, {
    aspect: 0.62,
    minHeightPx: 300,
    maxHeightPx: 440,
    minInnerWidthPx: 80,
  });
}

/** The chart's scales, ticks and word places. */
export function amdahlGeometry(input: AmdahlGeometryInput): AmdahlGeometry {
  const layout = chartLayout(input);
  const { margin, innerWidthPx, innerHeightPx } = layout;
  const narrow = isNarrowPlot(input.widthPx);
  const { x: xScale, y: yScale } = logLogScales(
    layout,
    [1, input.axisMaxCores],
    [1, input.speedupAxisMax],
  );
  const xTicks = coreTickValues(input.axisMaxCores, innerWidthPx);
  const yTicks = speedupTickValues(input.speedupAxisMax);

  const curves = input.series.flatMap((s) =>
    polylineSegments(s.curve.points.map((p) => [xScale(p.coreCount), yScale(p.speedup)] as const)),
  );
  const ceilings = input.series.map((s): Segment => ({
    x1: 0,
    y1: yScale(s.curve.limitSpeedup),
    x2: innerWidthPx,
    y2: yScale(s.curve.limitSpeedup),
  }));

  // References: names in rows above the plot, each beside its line (on the side towards the
  // plot's middle if it can). The rightmost is placed first, in the top row; each next one takes
  // the highest row where it neither overlaps a name nor crosses a line already drawn down from
  // one, so a line never runs through another machine's name.
  const referenceOrder = input.references
    .map((ref, i) => ({ ref, i, x: xScale(ref.coreCount) }))
    .sort((a, b) => b.x - a.x || a.i - b.i);
  const referenceRequests = referenceOrder.map(({ ref, x }): LabelRequest => {
    const text = referenceText(ref);
    const baseline = -margin.top + 10;
    const right = textBox(text, x + 3, baseline, REFERENCE_FONT_PX, 'start');
    const left = textBox(text, x - 3, baseline, REFERENCE_FONT_PX, 'end');
    return {
      boxes: x < innerWidthPx / 2 ? [right, left] : [left, right],
      leader: { x, toY: innerHeightPx, gapPx: 0.5 },
      prefer: 'down',
      stepPx: REFERENCE_ROW_PX,
      maxShiftPx: (input.references.length - 1) * REFERENCE_ROW_PX,
    };
  });
  // Curve names in the right margin, top first, each giving way downwards.
  const endOrder = input.series
    .map((s, i) => ({ s, i, y: yScale(s.curve.points.at(-1)?.speedup ?? 1) }))
    .sort((a, b) => a.y - b.y || a.i - b.i);
  const endRequests = endOrder.map(({ s, y }): LabelRequest => ({
    boxes: [
      textBox(
        endText(s, narrow),
        innerWidthPx + END_LABEL_GAP_PX,
        y + 0.35 * CURVE_LABEL_FONT_PX,
        CURVE_LABEL_FONT_PX,
      ),
    ],
    prefer: 'down',
  }));
  // Ceiling values at the left, just above their dashed lines, or at the right, where the curves
  // have flattened out (or further in), when a curve's start or a machine's line is in the way.
  const ceilingSeries = input.series.filter((s) => s.showCeilingLabel);
  const ceilingRequests = ceilingSeries.map((s): LabelRequest => {
    const text = `${formatCeiling(s.curve.limitSpeedup)}×`;
    const baseline = yScale(s.curve.limitSpeedup) - 5.5;
    return {
      boxes: [
        textBox(text, 4, baseline, CURVE_LABEL_FONT_PX),
        textBox(text, innerWidthPx - 4, baseline, CURVE_LABEL_FONT_PX, 'end'),
        ...[0.75, 0.5].map((share) =>
          textBox(text, innerWidthPx * share, baseline, CURVE_LABEL_FONT_PX, 'middle'),
        ),
      ],
      prefer: 'up',
    };
  });

  const requests = [...referenceRequests, ...endRequests, ...ceilingRequests];
  const placed = placeLabels(
    requests,
    { segments: [...curves, ...ceilings] },
    {
      gapPx: 1.5,
      stepPx: 1,
      maxShiftPx: Math.max(40, input.references.length * REFERENCE_ROW_PX),
      bounds: {
        top: -margin.top,
        bottom: innerHeightPx,
        left: -margin.left + 2,
        right: innerWidthPx + margin.right,
      },
    },
  );
  const at = (k: number) => placed[k]!;

  const references = new Array<ReferenceMark>(input.references.length);
  referenceOrder.forEach(({ ref, i, x }, k) => {
    const { box, leader } = at(k);
    const anchor = box.x >= x ? 'start' : 'end';
    references[i] = {
      key: ref.label,
      text: referenceText(ref),
      x: anchor === 'start' ? box.x : box.x + box.width,
      y: baselineOf(box, REFERENCE_FONT_PX),
      anchor,
      box,
      coreCount: ref.coreCount,
      lineX: x,
      lineTopY: leader?.y1 ?? box.y + box.height,
    };
  });
  const endLabels = new Array<ChartLabel>(input.series.length);
  endOrder.forEach(({ s, i }, k) => {
    const { box } = at(input.references.length + k);
    endLabels[i] = {
      key: s.key,
      text: endText(s, narrow),
      x: box.x,
      y: baselineOf(box, CURVE_LABEL_FONT_PX),
      anchor: 'start',
      box,
    };
  });
  const ceilingLabels = ceilingSeries.map((s, k): ChartLabel => {
    const { box } = at(input.references.length + endOrder.length + k);
    return {
      key: s.key,
      text: `${formatCeiling(s.curve.limitSpeedup)}×`,
      x: box.x,
      y: baselineOf(box, CURVE_LABEL_FONT_PX),
      anchor: 'start',
      box,
    };
  });
  const referenceLines = references.map((r): Segment => ({
    x1: r.lineX,
    y1: r.lineTopY,
    x2: r.lineX,
    y2: innerHeightPx,
  }));
  return {
    layout,
    x: xScale,
    y: yScale,
    xTicks,
    yTicks,
    narrow,
    references,
    endLabels,
    ceilingLabels,
    lines: [...curves, ...ceilings, ...referenceLines],
  };
}
