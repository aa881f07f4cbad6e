import { useMemo, useRef, useState, type PointerEvent } from 'react';
import * as d3 from 'd3';
import { amdahlSpeedup } from '../../engine/models';
import { formatCount } from '../../format/units';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { amdahlGeometry } from './chart-geometry';
import { HoverTooltip } from './HoverTooltip';
import type { ChartSeries, CurvePoint, ReferenceCoreCount } from './model';
import { formatCeiling } from './readout';
import { amdahlSchema } from './settings';
import { fieldLabel } from '../../ui/field';

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
  const geometry = useMemo(
    () => amdahlGeometry({ series, axisMaxCores, speedupAxisMax, references, widthPx }),
    [series, axisMaxCores, speedupAxisMax, references, widthPx],
  );
  const { layout, x: xScale, y: yScale, xTicks, yTicks, narrow } = geometry;
  const { margin, innerWidthPx, innerHeightPx } = layout;
  const svgRef = useRef<SVGSVGElement>(null);
  const [hoverCoreCount, setHoverCoreCount] = useState<number | null>(null);
  const linePath = useMemo(
    () =>
      d3
        .line<CurvePoint>()
        .x((d) => xScale(d.coreCount))
        .y((d) => yScale(d.speedup)),
    [xScale, yScale],
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
        title: narrow
          ? 'Cores N (log scale)'
          : `${fieldLabel(amdahlSchema.fields.cores)} (log scale)`,
      }}
      y={{ scale: yScale, ticks: yTicks, format: speedupTick, title: 'Speedup S (log scale)' }}
    >
      {geometry.references.map((ref) => (
        <g key={ref.key} className="amdahl__reference" data-reference-cores={ref.coreCount}>
          <line x1={ref.lineX} x2={ref.lineX} y1={ref.lineTopY} y2={innerHeightPx} />
          <text x={ref.x} y={ref.y} textAnchor={ref.anchor}>
            {ref.text}
          </text>
        </g>
      ))}

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
      {geometry.ceilingLabels.map((label) => {
        const s = series.find((c) => c.key === label.key);
        return (
          <text
            key={`ceiling-label-${label.key}`}
            className={`amdahl__ceiling-label ${s?.className ?? ''}`}
            x={label.x}
            y={label.y}
          >
            {label.text}
          </text>
        );
      })}

      {series.map((s, i) => {
        const label = geometry.endLabels[i];
        return (
          <g key={`curve-${s.key}`} className={s.className}>
            <path
              className={`amdahl__curve${s.kind === 'yours' ? ' amdahl__curve--yours' : ''}`}
              d={linePath(s.curve.points) ?? ''}
              data-series={s.kind}
              data-fraction={s.curve.fraction}
            />
            {label && (
              <text className="amdahl__end-label" x={label.x} y={label.y}>
                {label.text}
              </text>
            )}
          </g>
        );
      })}

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
