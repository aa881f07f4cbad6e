import { useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import { drawAxis, type PlotAxis } from './axis';
import type { PlotLayout } from './layout';
import './plot.css';

/**
 * How a chart is named for assistive technology: an SVG `<title>` and `<desc>` referenced by id
 * (`idPrefix`-title, `idPrefix`-desc), or a single `aria-label`.
 */
export type PlotName = { idPrefix: string; title: string; description: string } | { label: string };

/** Props of the chart frame. */
export interface PlotFrameProps {
  layout: PlotLayout;
  name: PlotName;
  x: PlotAxis;
  y: PlotAxis;
  /** Extra class on the `<svg>` (the chart's own styles). */
  className?: string;
  /** Draw a horizontal grid line at each y tick (default true). */
  grid?: boolean;
  /** The `<svg>` element, for charts that read pointer positions. */
  svgRef?: Ref<SVGSVGElement>;
  /** The chart's marks, drawn in plot-area coordinates over the grid and the axes. */
  children?: ReactNode;
}

/**
 * A chart's frame: the SVG at its layout's size with its accessible name, the plot area inside
 * the margins, grid lines, both axes (drawn by d3 into groups React owns) and the axis titles.
 * d3 for the math, React for the DOM: the chart passes scales and draws its marks as children.
 */
export function PlotFrame({
  layout,
  name,
  x,
  y,
  className,
  grid = true,
  svgRef,
  children,
}: PlotFrameProps) {
  const { widthPx, heightPx, margin, innerWidthPx, innerHeightPx } = layout;
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  useAxis(xAxisRef, x, 'bottom');
  useAxis(yAxisRef, y, 'left');
  const named =
    'label' in name
      ? { 'aria-label': name.label }
      : { 'aria-labelledby': `${name.idPrefix}-title ${name.idPrefix}-desc` };

  return (
    <svg
      ref={svgRef}
      className={`plot-frame${className ? ` ${className}` : ''}`}
      width={widthPx}
      height={heightPx}
      viewBox={`0 0 ${widthPx} ${heightPx}`}
      role="img"
      {...named}
    >
      {'title' in name && (
        <>
          <title id={`${name.idPrefix}-title`}>{name.title}</title>
          <desc id={`${name.idPrefix}-desc`}>{name.description}</desc>
        </>
      )}
      <g transform={`translate(${margin.left},${margin.top})`}>
        {grid && (
          <g className="plot-frame__grid" aria-hidden="true">
            {y.ticks.map((v) => (
              <line key={v} x1={0} x2={innerWidthPx} y1={y.scale(v)} y2={y.scale(v)} />
            ))}
          </g>
        )}
        <g
          ref={xAxisRef}
          className="plot-frame__axis plot-frame__axis--x"
          transform={`translate(0,${innerHeightPx})`}
        />
        <g ref={yAxisRef} className="plot-frame__axis plot-frame__axis--y" />
        {x.title && (
          <text
            className="plot-frame__axis-title"
            x={innerWidthPx / 2}
            y={innerHeightPx + (x.titleOffsetPx ?? margin.bottom - 6)}
            textAnchor="middle"
          >
            {x.title}
          </text>
        )}
        {y.title && (
          <text
            className="plot-frame__axis-title"
            transform={`translate(${-(y.titleOffsetPx ?? margin.left - 12)},${innerHeightPx / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {y.title}
          </text>
        )}
        {children}
      </g>
    </svg>
  );
}

/** Redraws an axis with d3 whenever what it shows changes. */
function useAxis(ref: { current: SVGGElement | null }, axis: PlotAxis, side: 'bottom' | 'left') {
  const { scale, ticks, format, tickSizePx, tickPaddingPx, line } = axis;
  // What the group was last drawn with: a chart that builds its scales afresh on each render
  // gets an equal axis, and d3 need not write the same ticks into the DOM again.
  const drawn = useRef<{ group: SVGGElement; key: string } | null>(null);
  useLayoutEffect(() => {
    const group = ref.current;
    if (!group) return;
    const key = axisKey({ scale, ticks, format, tickSizePx, tickPaddingPx, line }, side);
    if (drawn.current?.group === group && drawn.current.key === key) return;
    drawAxis(group, { scale, ticks, format, tickSizePx, tickPaddingPx, line }, side);
    drawn.current = { group, key };
  }, [ref, side, scale, ticks, format, tickSizePx, tickPaddingPx, line]);
}

/**
 * Everything d3 draws an axis from: the side, the range (the domain line), each tick's place and
 * label, a band's width, and the tick sizes. Equal keys draw equal axes.
 */
function axisKey(axis: PlotAxis, side: 'bottom' | 'left'): string {
  const { scale } = axis;
  const band =
    'bandwidth' in scale && typeof scale.bandwidth === 'function' ? scale.bandwidth() : '';
  return JSON.stringify([
    side,
    scale.range(),
    band,
    axis.ticks.map((t) => [scale(t), axis.format(t)]),
    axis.tickSizePx,
    axis.tickPaddingPx,
    axis.line,
  ]);
}
