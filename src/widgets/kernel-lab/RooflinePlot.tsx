import { useMemo } from 'react';
import * as d3 from 'd3';
import { formatSiShort } from '../../format/units';
import { isNarrowPlot, plotLayout, type PlotLayout } from '../../ui/plot/layout';
import { logLogScales } from '../../ui/plot/log-scales';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import {
  formatIntensity,
  type PlacedPoint,
  type PlacedRoof,
  type RooflineGeometry,
} from './roofline';

/** Props of the roofline plot. */
export interface RooflinePlotProps {
  geometry: RooflineGeometry;
  widthPx: number;
  idPrefix: string;
  /** Text of the SVG's title and description. */
  title: string;
  description: string;
}

/** Margins and height of the plot at a width. */
function layout(widthPx: number): PlotLayout {
  return plotLayout(
    widthPx,
    { top: 14, right: 20, bottom: 46, left: 58, narrow: { right: 12, left: 46 } },
    { aspect: 0.62, minHeightPx: 260, maxHeightPx: 420, minInnerWidthPx: 60 },
  );
}

/** The roofline: log-log axes, roofs as polylines, kernels as points. d3 scales, React DOM. */
export function RooflinePlot({
  geometry,
  widthPx,
  idPrefix,
  title,
  description,
}: RooflinePlotProps) {
  const frame = layout(widthPx);
  const { innerWidthPx, innerHeightPx } = frame;
  const narrow = isNarrowPlot(widthPx);
  const { x, y } = useMemo(
    () => logLogScales({ innerWidthPx, innerHeightPx }, geometry.xDomain, geometry.yDomain),
    [geometry.xDomain, geometry.yDomain, innerWidthPx, innerHeightPx],
  );
  const xTicks = useMemo(
    () => (narrow ? geometry.xTicks.filter((_, i) => i % 2 === 0) : geometry.xTicks),
    [geometry.xTicks, narrow],
  );
  const line = d3
    .line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));

  return (
    <PlotFrame
      layout={frame}
      name={{ idPrefix, title, description }}
      className="kl-plot__svg"
      x={{
        scale: x,
        ticks: xTicks,
        format: formatIntensity,
        title: narrow
          ? 'FLOP per byte (log)'
          : 'Arithmetic intensity: FLOP per byte moved (log scale)',
        titleOffsetPx: 38,
      }}
      y={{ scale: y, ticks: geometry.yTicks, format: formatSiShort, title: 'FLOP/s (log scale)' }}
    >
      {geometry.roofs.map((roof) => (
        <RoofPath key={roof.id} roof={roof} d={line(roof.path) ?? ''} />
      ))}
      {geometry.points.map((p) => (
        <PointMark
          key={`${p.source}-${p.id}`}
          point={p}
          cx={x(p.x)}
          cy={y(p.y)}
          narrow={narrow}
          labelLeft={x(p.x) > innerWidthPx * 0.7}
        />
      ))}
    </PlotFrame>
  );
}

/** One roof's polyline. */
function RoofPath({ roof, d }: { roof: PlacedRoof; d: string }) {
  const kind = roof.reference ? 'reference' : roof.source;
  return (
    <path className={`kl-roof kl-roof--${kind}`} d={d} data-roof={roof.id}>
      <title>{roof.label}</title>
    </path>
  );
}

/** A kernel: a circle when measured, a diamond when modeled, a left triangle at the edge. */
function PointMark({
  point,
  cx,
  cy,
  narrow,
  labelLeft,
}: {
  point: PlacedPoint;
  cx: number;
  cy: number;
  narrow: boolean;
  /** Puts the label left of the mark (near the right edge of the plot). */
  labelLeft: boolean;
}) {
  const r = 5.5;
  const shape = point.atEdge
    ? `M ${cx - r} ${cy} L ${cx + r} ${cy - r} L ${cx + r} ${cy + r} Z`
    : point.source === 'modeled'
      ? `M ${cx} ${cy - r} L ${cx + r} ${cy} L ${cx} ${cy + r} L ${cx - r} ${cy} Z`
      : null;
  const tip = `${point.label} (${point.source})`;
  return (
    <g
      className={`kl-point kl-point--${point.source}`}
      data-point={point.id}
      data-source={point.source}
    >
      {shape ? <path d={shape} /> : <circle cx={cx} cy={cy} r={r} />}
      <title>{tip}</title>
      {!narrow && point.source === 'measured' && (
        <text x={labelLeft ? cx - 8 : cx + 8} y={cy + 4} textAnchor={labelLeft ? 'end' : 'start'}>
          {point.label}
        </text>
      )}
    </g>
  );
}
