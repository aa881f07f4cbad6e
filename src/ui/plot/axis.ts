/** Drawing one chart axis with d3 into an SVG group that React owns. */
import * as d3 from 'd3';

/** One axis of a chart: its d3 scale, where the ticks go and how they read. */
export interface PlotAxis {
  /** A d3 scale (linear or log) from data to pixels within the plot area. */
  scale: d3.AxisScale<number>;
  /** Tick values, in data units. */
  ticks: readonly number[];
  /** A tick's label; pass a stable function (module-level) to avoid needless redraws. */
  format: (value: number) => string;
  /** Axis title, drawn beside the axis. */
  title?: string;
  /** Distance from the plot area's edge to the title, in px (default: the margin less 6 for x, less 12 for y). */
  titleOffsetPx?: number;
  /** Length of the tick marks (d3's 6 by default; 0 for labels only). */
  tickSizePx?: number;
  /** Gap between a tick mark and its label (d3's 3 by default). */
  tickPaddingPx?: number;
  /** Whether to draw the axis line itself (default true). */
  line?: boolean;
}

/** Draws `axis` into `group` (placed by the caller), along the bottom or the left of the plot. */
export function drawAxis(group: SVGGElement, axis: PlotAxis, side: 'bottom' | 'left'): void {
  const generator = (
    side === 'bottom' ? d3.axisBottom<number>(axis.scale) : d3.axisLeft<number>(axis.scale)
  )
    .tickValues([...axis.ticks])
    .tickFormat((value) => axis.format(value))
    .tickSizeOuter(0);
  if (axis.tickSizePx !== undefined) generator.tickSizeInner(axis.tickSizePx);
  if (axis.tickPaddingPx !== undefined) generator.tickPadding(axis.tickPaddingPx);
  const selection = d3.select(group);
  selection.call(generator);
  if (axis.line === false) selection.select('.domain').remove();
}
