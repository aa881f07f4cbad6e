/** The scales of a log-log plot: powers of two across, powers of ten up. Pure: d3's scales are arithmetic. */
import * as d3 from 'd3';
import type { PlotLayout } from './layout';

/** A log scale from data to plot-area pixels. */
export type LogScale = d3.ScaleLogarithmic<number, number>;

/** A log-log plot's axes: its two scales and where their ticks go, in data units. */
export interface LogLogAxes {
  x: LogScale;
  y: LogScale;
  xTicks: number[];
  yTicks: number[];
}

/**
 * The x scale (base 2, left to right) and y scale (base 10, bottom to top) of a plot area, both
 * clamped so that a value outside its domain lands on the area's edge.
 */
export function logLogScales(
  area: Pick<PlotLayout, 'innerWidthPx' | 'innerHeightPx'>,
  xDomain: readonly [number, number],
  yDomain: readonly [number, number],
): Pick<LogLogAxes, 'x' | 'y'> {
  return {
    x: d3.scaleLog().base(2).domain(xDomain).range([0, area.innerWidthPx]).clamp(true),
    y: d3.scaleLog().domain(yDomain).range([area.innerHeightPx, 0]).clamp(true),
  };
}
