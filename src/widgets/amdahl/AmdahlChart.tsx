import { useMemo, useRef, useState, type PointerEvent } from 'react';
import * as d3 from 'd3';
import { amdahlSpeedup } from '../../engine/models';
import { formatCount } from '../../format/units';
import { isNarrowPlot, plotLayout, type PlotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { HoverTooltip } from './HoverTooltip';
import type { ChartSeries, CurvePoint, ReferenceCoreCount } from './model';
import { coreTickValues, speedupTickValues } from './axis-ticks';
import { spreadLabels } from './label-placement';
import { formatCeiling } from './readout';

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

/** The chart's frame at a given width: one row above the plot per reference machine. */
function chartLayout(widthPx: number, referenceCount: number): PlotLayout {
  const narrow = isNarrowPlot(widthPx);
  const margin = {
    top: 12 + referenceCount * REFERENCE_ROW_PX,
    right: narrow ? 58 : 92,
    bottom: 42,
    left: narrow ? 48 : 58,
  };
  return plotLayout(widthPx, margin, {
    aspect: 0.62,
    minHeightPx: 300,
    maxHeightPx: 440,
    minInnerWidthPx: 80,
  });
}

/** A speedup tick: "20×". */
function speedupTick(speedup: number): string {
  return `${formatCeiling(speedup)}×`;
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
  const layout = chartLayout(widthPx, references.length);
  const { margin, innerWidthPx, innerHeightPx } = layout;
  const narrow = isNarrowPlot(widthPx);
  const svgRef = useRef<SVGSVGElement>(null);
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
    <PlotFrame
      layout={layout}
      name={{ idPrefix, title, description }}
      className="amdahl__svg"
      svgRef={svgRef}
      x={{
        scale: xScale,
        ticks: xTicks,
        format: formatCount,
        title: narrow ? 'Cores N (log scale)' : 'Number of cores N (log scale)',
      }}
      y={{ scale: yScale, ticks: yTicks, format: speedupTick, title: 'Speedup S (log scale)' }}
    >
      {references.map((ref, i) => {
        const x = xScale(ref.coreCount);
        const rowY = -margin.top + 10 + i * REFERENCE_ROW_PX;
        const onLeft = x < innerWidthPx / 2;
        return (
          <g key={ref.label} className="amdahl__reference" data-reference-cores={ref.coreCount}>
            <line x1={x} x2={x} y1={rowY + 3} y2={innerHeightPx} />
            <text x={onLeft ? x + 3 : x - 3} y={rowY} textAnchor={onLeft ? 'start' : 'end'}>
              {`${ref.label} · ${formatCount(ref.coreCount)}`}
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
          {`N = ${formatCount(markerCoreCount)}`}
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
    </PlotFrame>
  );
}
