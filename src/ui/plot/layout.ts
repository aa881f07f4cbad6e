/** The frame of a chart at a width: margins, overall height and the plot area inside. Pure. */

/** Space around the plot area for axes and labels, in CSS pixels. */
export interface PlotMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A chart's margins, with the sides that differ in its narrow form (below NARROW_PLOT_PX). */
export interface ChartMargin extends PlotMargin {
  narrow?: Partial<PlotMargin>;
}

/** How a chart's height follows its width. */
export interface PlotSizing {
  /** Height as a share of the width, before clamping. */
  aspect: number;
  minHeightPx: number;
  maxHeightPx: number;
  /** The plot area never gets narrower than this, however small the width. */
  minInnerWidthPx: number;
}

/** Where everything goes: the whole SVG and the plot area inside the margins. */
export interface PlotLayout {
  widthPx: number;
  heightPx: number;
  margin: PlotMargin;
  innerWidthPx: number;
  innerHeightPx: number;
}

/** Below this width a chart switches to its narrow form: shorter labels, fewer ticks. */
export const NARROW_PLOT_PX = 480;

/** Whether a chart this wide should use its narrow form. */
export function isNarrowPlot(widthPx: number): boolean {
  return widthPx < NARROW_PLOT_PX;
}

/**
 * The layout of a chart `widthPx` wide: height from the aspect (clamped), plot area inside
 * `margin` (its `narrow` sides where the chart takes its narrow form).
 */
export function plotLayout(
  widthPx: number,
  chartMargin: ChartMargin,
  sizing: PlotSizing,
): PlotLayout {
  const { narrow, ...wide } = chartMargin;
  const margin: PlotMargin = isNarrowPlot(widthPx) ? { ...wide, ...narrow } : wide;
  const heightPx = Math.round(
    Math.min(Math.max(widthPx * sizing.aspect, sizing.minHeightPx), sizing.maxHeightPx),
  );
  return {
    widthPx,
    heightPx,
    margin,
    innerWidthPx: Math.max(widthPx - margin.left - margin.right, sizing.minInnerWidthPx),
    innerHeightPx: heightPx - margin.top - margin.bottom,
  };
}
