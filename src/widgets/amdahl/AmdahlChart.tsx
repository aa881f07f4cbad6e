import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import * as d3 from 'd3';
import { amdahlSpeedup } from '../../engine/amdahl';
import {
  coreTickValues,
  formatCeiling,
  formatCoreCount,
  formatCoresPhrase,
  formatSpeedup,
  speedupTickValues,
  spreadLabels,
  type AmdahlCurve,
  type CurvePoint,
  type ReferenceCoreCount,
} from './model';

/** One curve as the chart draws it: the data plus how it looks and is named. */
export interface ChartSeries {
  /** Stable React key. */
  key: string;
  /** Sampled curve and ceiling. */
  curve: AmdahlCurve;
  /** CSS class choosing colour and dash pattern (see amdahl.css). */
  className: string;
  /** Label on the plot and in the tooltip, e.g. "p = 0.95". */
  label: string;
  /** Shorter label for the curve's end on narrow plots. */
  shortLabel: string;
  /** A lesson curve, or the learner's own. */
  kind: 'default' | 'yours';
  /** Whether to draw a ceiling label (skipped when another curve already shows the same one). */
  showCeilingLabel: boolean;
}

/** Props of the SVG chart. */
export interface AmdahlChartProps {
  series: ChartSeries[];
  /** Right end of the x axis, in cores. */
  axisMaxCores: number;
  /** Top of the y axis, as a speedup. */
  speedupAxisMax: number;
  /** Core count where the marker stands. */
  markerCoreCount: number;
  /** Real machines marked on the x axis. */
  references: ReferenceCoreCount[];
  /** Width of the drawing in CSS pixels. */
  widthPx: number;
  /** Text of the SVG's `<title>`. */
  title: string;
  /** Text of the SVG's `<desc>`. */
  description: string;
  /** Id prefix for the title and description. */
  idPrefix: string;
}

const REFERENCE_ROW_PX = 13;
const LABEL_GAP_PX = 12;
const TOOLTIP_LINE_PX = 15;

/** Margins and sizes of the chart at a given width. */
function chartLayout(widthPx: number, referenceCount: number) {
  const narrow = widthPx < 480;
  const margin = {
    top: 12 + referenceCount * REFERENCE_ROW_PX,
    right: narrow ? 58 : 92,
    bottom: 42,
    left: narrow ? 48 : 58,
  };
  const heightPx = Math.round(Math.min(Math.max(widthPx * 0.62, 300), 440));
  return {
    narrow,
    margin,
    heightPx,
    innerWidthPx: Math.max(widthPx - margin.left - margin.right, 80),
    innerHeightPx: heightPx - margin.top - margin.bottom,
  };
}

/** The SVG plot: curves, ceilings, reference marks, the core-count marker and a hover tooltip. */
export function AmdahlChart({
  series,
  axisMaxCores,
  speedupAxisMax,
  markerCoreCount,
  references,
  widthPx,
  title,
  description,
  idPrefix,
}: AmdahlChartProps) {
  const { narrow, margin, heightPx, innerWidthPx, innerHeightPx } = chartLayout(
    widthPx,
    references.length,
  );
  const svgRef = useRef<SVGSVGElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const [hoverCoreCount, setHoverCoreCount] = useState<number | null>(null);

  const xScale = useMemo(
    () => d3.scaleLog().base(2).domain([1, axisMaxCores]).range([0, innerWidthPx]).clamp(true),
    [axisMaxCores, innerWidthPx],
  );
  const yScale = useMemo(
    () => d3.scaleLog().domain([1, speedupAxisMax]).range([innerHeightPx, 0]).clamp(true),
    [speedupAxisMax, innerHeightPx],
  );
  const xTicks = useMemo(
    () => coreTickValues(axisMaxCores, innerWidthPx),
    [axisMaxCores, innerWidthPx],
  );
  const yTicks = useMemo(() => speedupTickValues(speedupAxisMax), [speedupAxisMax]);
  const linePath = useMemo(
    () =>
      d3
        .line<CurvePoint>()
        .x((d) => xScale(d.coreCount))
        .y((d) => yScale(d.speedup)),
    [xScale, yScale],
  );

  // d3 draws the two axes into their React-owned groups; React owns everything else.
  useLayoutEffect(() => {
    if (xAxisRef.current) {
      d3.select(xAxisRef.current).call(
        d3
          .axisBottom<number>(xScale)
          .tickValues(xTicks)
          .tickFormat((v) => formatCoreCount(v))
          .tickSizeOuter(0),
      );
    }
    if (yAxisRef.current) {
      d3.select(yAxisRef.current).call(
        d3
          .axisLeft<number>(yScale)
          .tickValues(yTicks)
          .tickFormat((v) => `${formatCeiling(v)}×`)
          .tickSizeOuter(0),
      );
    }
  }, [xScale, yScale, xTicks, yTicks]);

  const endLabelY = spreadLabels(
    series.map((s) => yScale(s.curve.points[s.curve.points.length - 1]?.speedup ?? 1)),
    LABEL_GAP_PX,
    6,
    innerHeightPx,
  );
  const ceilingSeries = series.filter((s) => s.showCeilingLabel);
  const ceilingLabelY = spreadLabels(
    ceilingSeries.map((s) => yScale(s.curve.limitSpeedup) - 4),
    LABEL_GAP_PX,
    10,
    innerHeightPx - 4,
  );

  const markerX = xScale(markerCoreCount);
  const markerOnRight = markerX > innerWidthPx / 2;

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    const box = svgRef.current?.getBoundingClientRect();
    const px = event.clientX - (box?.left ?? 0) - margin.left;
    if (!Number.isFinite(px)) return;
    const clampedPx = Math.min(Math.max(px, 0), innerWidthPx);
    setHoverCoreCount(Math.max(1, Math.round(xScale.invert(clampedPx))));
  };

  return (
    <svg
      ref={svgRef}
      className="amdahl__svg"
      width={widthPx}
      height={heightPx}
      viewBox={`0 0 ${widthPx} ${heightPx}`}
      role="img"
      aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`}
    >
      <title id={`${idPrefix}-title`}>{title}</title>
      <desc id={`${idPrefix}-desc`}>{description}</desc>
      <g transform={`translate(${margin.left},${margin.top})`}>
        <g className="amdahl__grid" aria-hidden="true">
          {yTicks.map((v) => (
            <line key={v} x1={0} x2={innerWidthPx} y1={yScale(v)} y2={yScale(v)} />
          ))}
        </g>
        <g ref={xAxisRef} className="amdahl__axis" transform={`translate(0,${innerHeightPx})`} />
        <g ref={yAxisRef} className="amdahl__axis" />
        <text
          className="amdahl__axis-title"
          x={innerWidthPx / 2}
          y={innerHeightPx + 36}
          textAnchor="middle"
        >
          {narrow ? 'Cores N (log scale)' : 'Number of cores N (log scale)'}
        </text>
        <text
          className="amdahl__axis-title"
          transform={`translate(${-margin.left + 12},${innerHeightPx / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          Speedup S (log scale)
        </text>

        {references.map((ref, i) => {
          const x = xScale(ref.coreCount);
          const rowY = -margin.top + 10 + i * REFERENCE_ROW_PX;
          const onLeft = x < innerWidthPx / 2;
          return (
            <g key={ref.label} className="amdahl__reference" data-reference-cores={ref.coreCount}>
              <line x1={x} x2={x} y1={rowY + 3} y2={innerHeightPx} />
              <text x={onLeft ? x + 3 : x - 3} y={rowY} textAnchor={onLeft ? 'start' : 'end'}>
                {`${ref.label} · ${formatCoreCount(ref.coreCount)}`}
              </text>
            </g>
          );
        })}

        {series.map((s) => (
          <line
            key={`ceiling-${s.key}`}
            className={`amdahl__asymptote ${s.className}`}
            x1={0}
            x2={innerWidthPx}
            y1={yScale(s.curve.limitSpeedup)}
            y2={yScale(s.curve.limitSpeedup)}
          />
        ))}
        {ceilingSeries.map((s, i) => (
          <text
            key={`ceiling-label-${s.key}`}
            className={`amdahl__ceiling-label ${s.className}`}
            x={4}
            y={ceilingLabelY[i]}
          >
            {`${formatCeiling(s.curve.limitSpeedup)}×`}
          </text>
        ))}

        {series.map((s, i) => (
          <g key={`curve-${s.key}`} className={s.className}>
            <path
              className={`amdahl__curve${s.kind === 'yours' ? ' amdahl__curve--yours' : ''}`}
              d={linePath(s.curve.points) ?? ''}
              data-series={s.kind}
              data-fraction={s.curve.fraction}
            />
            <text className="amdahl__end-label" x={innerWidthPx + 5} y={endLabelY[i]} dy="0.35em">
              {narrow ? s.shortLabel : s.label}
            </text>
          </g>
        ))}

        <g
          className="amdahl__marker"
          style={{ transform: `translate(${markerX}px, 0px)` }}
          data-marker-cores={markerCoreCount}
        >
          <line x1={0} x2={0} y1={0} y2={innerHeightPx} />
          <text
            x={markerOnRight ? -4 : 4}
            y={innerHeightPx - 6}
            textAnchor={markerOnRight ? 'end' : 'start'}
          >
            {`N = ${formatCoreCount(markerCoreCount)}`}
          </text>
          {series.map((s) => (
            <circle
              key={`dot-${s.key}`}
              className={`amdahl__dot ${s.className}`}
              r={s.kind === 'yours' ? 5 : 4}
              style={{
                transform: `translate(0px, ${yScale(amdahlSpeedup(s.curve.fraction, markerCoreCount))}px)`,
              }}
            />
          ))}
        </g>

        <rect
          className="amdahl__hover-target"
          width={innerWidthPx}
          height={innerHeightPx}
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          onPointerLeave={() => setHoverCoreCount(null)}
          data-testid="amdahl-hover-target"
        />

        {hoverCoreCount !== null && (
          <HoverTooltip
            coreCount={hoverCoreCount}
            series={series}
            xPx={xScale(hoverCoreCount)}
            innerWidthPx={innerWidthPx}
            innerHeightPx={innerHeightPx}
            boxWidthPx={narrow ? 132 : 150}
            yOf={(speedup) => yScale(speedup)}
          />
        )}
      </g>
    </svg>
  );
}

/** Props of the hover tooltip. */
interface HoverTooltipProps {
  coreCount: number;
  series: ChartSeries[];
  xPx: number;
  innerWidthPx: number;
  innerHeightPx: number;
  boxWidthPx: number;
  yOf: (speedup: number) => number;
}

/** The crosshair and value box shown while the pointer is over the plot. */
function HoverTooltip({
  coreCount,
  series,
  xPx,
  innerWidthPx,
  innerHeightPx,
  boxWidthPx,
  yOf,
}: HoverTooltipProps) {
  const boxHeightPx = (series.length + 1) * TOOLTIP_LINE_PX + 10;
  const rightOfPointer = xPx + 10 + boxWidthPx <= innerWidthPx;
  const boxX = rightOfPointer ? xPx + 10 : Math.max(xPx - 10 - boxWidthPx, 0);
  return (
    <g className="amdahl__tooltip" data-testid="amdahl-tooltip" pointerEvents="none">
      <line className="amdahl__crosshair" x1={xPx} x2={xPx} y1={0} y2={innerHeightPx} />
      {series.map((s) => (
        <circle
          key={s.key}
          className={`amdahl__dot ${s.className}`}
          cx={xPx}
          cy={yOf(amdahlSpeedup(s.curve.fraction, coreCount))}
          r={3}
        />
      ))}
      <g transform={`translate(${boxX},4)`}>
        <rect className="amdahl__tooltip-box" width={boxWidthPx} height={boxHeightPx} rx={4} />
        <text x={8} y={TOOLTIP_LINE_PX} className="amdahl__tooltip-heading">
          {`At ${formatCoresPhrase(coreCount)}`}
        </text>
        {series.map((s, i) => (
          <text
            key={s.key}
            x={8}
            y={(i + 2) * TOOLTIP_LINE_PX}
            data-fraction={s.curve.fraction}
            className="amdahl__tooltip-row"
          >
            {`${s.label}: ${formatSpeedup(amdahlSpeedup(s.curve.fraction, coreCount))}×`}
          </text>
        ))}
      </g>
    </g>
  );
}
