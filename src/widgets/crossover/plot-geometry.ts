/**
 * The crossover plot's geometry at a width: its frame, its log scales, its ticks and where its
 * words go (each curve's name at its end, each crossover mark's name beside its line), placed by
 * the shared label placement so that no name sits on another or is crossed by a curve. Pure:
 * d3's scales are arithmetic, no DOM.
 */
import { isNarrowPlot, plotLayout, type PlotLayout } from '../../ui/plot/layout';
import { logLogScales, type LogLogAxes } from '../../ui/plot/log-scales';
import {
  baselineOf,
  placeLabels,
  pointsAlongFromEnd,
  polylineSegments,
  textBox,
  type LabelBox,
  type LabelRequest,
  type PlotWord,
  type Segment,
} from '../../ui/plot/label-placement';
import { logTicks } from '../../ui/plot/ticks';
import type { CrossoverPlotData, SeriesId } from './plot-data';
import type { Op } from './settings';

/** Font size of the curve and mark names, in px (crossover.css). */
export const PLOT_LABEL_FONT_PX = 11;

/** Distance between the places along a curve its name may take, in px. */
const LABEL_SPACING_PX = 8;

/** How many places along a curve (from its end) its name may take. */
const MAX_PLACES_ALONG = 60;

/** Radius of a measured point's marker, in px. */
export const MARKER_RADIUS_PX = 4.5;

/** The words written at the end of each curve, so no curve is told apart by colour alone. */
export const SHORT_LABELS: Record<SeriesId, string> = {
  'cpu-measured': 'your CPU',
  'gpu-measured': 'your GPU',
  'gpu-kernel': 'kernel alone',
  'cpu-modeled': 'CPU model',
  'gpu-modeled': 'GPU model',
};

/** The plot's frame at `widthPx`. */
export function crossoverFrame(widthPx: number): PlotLayout {
  return plotLayout(
    widthPx,
    { top: 16, right: 24, bottom: 46, left: 64, narrow: { right: 12, left: 56 } },
    { aspect: 0.6, minHeightPx: 280, maxHeightPx: 420, minInnerWidthPx: 60 },
  );
}

/** A word drawn on the plot, where the placement put it. */
export type PlacedPlotLabel = PlotWord;

/** Everything the plot draws, in plot-area pixels. */
export interface CrossoverGeometry extends LogLogAxes {
  frame: PlotLayout;
  /**
   * Names at the curves' ends, one per curve with points that has a free place near it; a name
   * with none is left out (the legend under the plot names every curve, and its markers or dashes
   * tell it apart).
   */
  endLabels: PlacedPlotLabel[];
  /** Names of the crossover marks, one per mark. */
  markLabels: PlacedPlotLabel[];
  /** The lines drawn (curves and marks), which no label may cross. */
  lines: Segment[];
}

/** The plot's scales, ticks and label places for `data` at `widthPx`. */
export function crossoverGeometry(
  op: Op,
  data: CrossoverPlotData,
  widthPx: number,
): CrossoverGeometry {
  const frame = crossoverFrame(widthPx);
  const { innerWidthPx, innerHeightPx } = frame;
  const narrow = isNarrowPlot(widthPx);
  const { x, y } = logLogScales(frame, data.xDomain, data.yDomain);
  const every = op === 'relu' ? (narrow ? 6 : 4) : narrow ? 2 : 1;
  const xTicks = logTicks(data.xDomain, 2, every);
  const yTicks = logTicks(data.yDomain, 10, narrow ? 2 : 1);

  const curves = data.series.map((s) =>
    polylineSegments(s.points.map(([px, py]) => [x(px), y(py)] as const)),
  );
  const markLines: Segment[] = data.marks.map((m) => ({
    x1: x(m.size),
    y1: 0,
    x2: x(m.size),
    y2: innerHeightPx,
  }));
  const markers: LabelBox[] = data.series.flatMap((s) =>
    s.kind === 'measured'
      ? s.points.map(([px, py]) => ({
          x: x(px) - MARKER_RADIUS_PX,
          y: y(py) - MARKER_RADIUS_PX,
          width: 2 * MARKER_RADIUS_PX,
          height: 2 * MARKER_RADIUS_PX,
        }))
      : [],
  );
  const lines = [...curves.flat(), ...markLines];

  // Curve names first (the highest end first, so lower names give way downwards), then marks.
  const ends = data.series
    .map((s) => ({ s, end: s.points.at(-1) }))
    .filter((e): e is { s: (typeof data.series)[number]; end: readonly [number, number] } =>
      Boolean(e.end),
    )
    .sort((a, b) => y(a.end[1]) - y(b.end[1]));
  // Each name may sit above-left of its curve's end or below-right of it, or of a point further
  // back along the curve, before it is nudged up or down a little.
  const endRequests = ends.map(({ s }, i): LabelRequest => {
    const text = SHORT_LABELS[s.id];
    const pixels = s.points.map(([px, py]) => [x(px), y(py)] as const);
    const places = pointsAlongFromEnd(pixels, LABEL_SPACING_PX).slice(0, MAX_PLACES_ALONG);
    return {
      boxes: places.flatMap(([px, py]) => [
        textBox(text, px - 6, py - 8, PLOT_LABEL_FONT_PX, 'end'),
        textBox(text, px + 6, py + 8 + PLOT_LABEL_FONT_PX * 0.8, PLOT_LABEL_FONT_PX, 'start'),
      ]),
      prefer: i === 0 ? 'up' : 'down',
      maxShiftPx: 8,
    };
  });
  const markRequests: LabelRequest[] = data.marks.map((mark) => {
    const mx = x(mark.size);
    const onRight = mx > innerWidthPx * 0.5;
    const baseline = innerHeightPx - (mark.kind === 'measured' ? 22 : 8);
    return {
      boxes: [
        textBox(
          mark.label,
          onRight ? mx - 4 : mx + 4,
          baseline,
          PLOT_LABEL_FONT_PX,
          onRight ? 'end' : 'start',
        ),
        textBox(
          mark.label,
          onRight ? mx + 4 : mx - 4,
          baseline,
          PLOT_LABEL_FONT_PX,
          onRight ? 'start' : 'end',
        ),
      ],
      prefer: 'up',
    };
  });
  const placed = placeLabels(
    [...endRequests, ...markRequests],
    { segments: lines, boxes: markers },
    {
      gapPx: 2,
      stepPx: 2,
      maxShiftPx: Math.max(60, innerHeightPx / 3),
      bounds: { top: 0, bottom: innerHeightPx, left: 0, right: innerWidthPx },
    },
  );

  const endLabels = ends.flatMap(({ s }, i): PlacedPlotLabel[] => {
    const { box, clear, choice } = placed[i]!;
    if (!clear) return [];
    const anchor = choice % 2 === 0 ? 'end' : 'start';
    return [
      {
        key: s.id,
        text: SHORT_LABELS[s.id],
        x: anchor === 'end' ? box.x + box.width : box.x,
        y: baselineOf(box, PLOT_LABEL_FONT_PX),
        anchor,
        box,
      },
    ];
  });
  const markLabels = data.marks.map((mark, i): PlacedPlotLabel => {
    const { box } = placed[ends.length + i]!;
    const mx = x(mark.size);
    const anchor = box.x + box.width <= mx ? 'end' : 'start';
    return {
      key: mark.kind,
      text: mark.label,
      x: anchor === 'end' ? box.x + box.width : box.x,
      y: baselineOf(box, PLOT_LABEL_FONT_PX),
      anchor,
      box,
    };
  });
  return { frame, x, y, xTicks, yTicks, endLabels, markLabels, lines };
}
