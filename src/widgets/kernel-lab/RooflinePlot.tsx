import { useLayoutEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import {
  formatIntensity,
  formatRateTick,
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
function layout(widthPx: number) {
  const narrow = widthPx < 480;
  const margin = { top: 14, right: narrow ? 12 : 20, bottom: 46, left: narrow ? 46 : 58 };
  const heightPx = Math.round(Math.min(Math.max(widthPx * 0.62, 260), 420));
  return {
    narrow,
    margin,
    heightPx,
    innerWidthPx: Math.max(widthPx - margin.left - margin.right, 60),
    innerHeightPx: heightPx - margin.top - margin.bottom,
  };
}

/** The roofline: log-log axes, roofs as polylines, kernels as points. d3 scales, React DOM. */
export function RooflinePlot({
  geometry,
  widthPx,
  idPrefix,
  title,
  description,
}: RooflinePlotProps) {
  const { narrow, margin, heightPx, innerWidthPx, innerHeightPx } = layout(widthPx);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const x = useMemo(
    () => d3.scaleLog().base(2).domain(geometry.xDomain).range([0, innerWidthPx]).clamp(true),
    [geometry.xDomain, innerWidthPx],
  );
  const y = useMemo(
    () => d3.scaleLog().domain(geometry.yDomain).range([innerHeightPx, 0]).clamp(true),
    [geometry.yDomain, innerHeightPx],
  );
  const xTicks = useMemo(
    () => (narrow ? geometry.xTicks.filter((_, i) => i % 2 === 0) : geometry.xTicks),
    [geometry.xTicks, narrow],
  );

  useLayoutEffect(() => {
    if (xAxisRef.current) {
      d3.select(xAxisRef.current).call(
        d3
          .axisBottom<number>(x)
          .tickValues(xTicks)
          .tickFormat((v) => formatIntensity(v))
          .tickSizeOuter(0),
      );
    }
    if (yAxisRef.current) {
      d3.select(yAxisRef.current).call(
        d3
          .axisLeft<number>(y)
          .tickValues(geometry.yTicks)
          .tickFormat((v) => formatRateTick(v))
          .tickSizeOuter(0),
      );
    }
  }, [x, y, xTicks, geometry.yTicks]);

  const line = d3
    .line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));

  return (
    <svg
      className="kl-plot__svg"
      width={widthPx}
      height={heightPx}
      viewBox={`0 0 ${widthPx} ${heightPx}`}
      role="img"
      aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`}
    >
      <title id={`${idPrefix}-title`}>{title}</title>
      <desc id={`${idPrefix}-desc`}>{description}</desc>
      <g transform={`translate(${margin.left},${margin.top})`}>
        <g className="kl-plot__grid" aria-hidden="true">
          {geometry.yTicks.map((v) => (
            <line key={v} x1={0} x2={innerWidthPx} y1={y(v)} y2={y(v)} />
          ))}
        </g>
        <g ref={xAxisRef} className="kl-plot__axis" transform={`translate(0,${innerHeightPx})`} />
        <g ref={yAxisRef} className="kl-plot__axis" />
        <text
          className="kl-plot__axis-title"
          x={innerWidthPx / 2}
          y={innerHeightPx + 38}
          textAnchor="middle"
        >
          {narrow ? 'FLOP per byte (log)' : 'Arithmetic intensity: FLOP per byte moved (log scale)'}
        </text>
        <text
          className="kl-plot__axis-title"
          transform={`translate(${-margin.left + 12},${innerHeightPx / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          FLOP/s (log scale)
        </text>
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
      </g>
    </svg>
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
