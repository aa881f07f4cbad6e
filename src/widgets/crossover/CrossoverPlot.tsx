import { useMemo } from 'react';
import * as d3 from 'd3';
import { formatSeconds } from '../../format/units';
import { isNarrowPlot, plotLayout, type PlotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { logTicks } from '../../ui/plot/ticks';
import type { CrossoverPlotData, Series, SeriesId } from './plot-data';
import type { Op } from './settings';

/** Props of the plot. */
export interface CrossoverPlotProps {
  op: Op;
  data: CrossoverPlotData;
  widthPx: number;
  idPrefix: string;
  title: string;
  description: string;
}

/** A size on the x axis: 4Ki, 1Mi for elements, plain n for a matmul. */
export function formatSizeTick(op: Op, value: number): string {
  if (op === 'matmul') return String(value);
  const units: Array<[number, string]> = [
    [2 ** 30, 'Gi'],
    [2 ** 20, 'Mi'],
    [2 ** 10, 'Ki'],
  ];
  const unit = units.find(([scale]) => value >= scale);
  return unit ? `${value / unit[0]}${unit[1]}` : String(value);
}

function layout(widthPx: number): PlotLayout {
  const narrow = isNarrowPlot(widthPx);
  const margin = { top: 16, right: narrow ? 12 : 24, bottom: 46, left: narrow ? 56 : 64 };
  return plotLayout(widthPx, margin, {
    aspect: 0.6,
    minHeightPx: 280,
    maxHeightPx: 420,
    minInnerWidthPx: 60,
  });
}

/** The words written at the end of each curve, so no curve is told apart by colour alone. */
const SHORT_LABELS: Record<SeriesId, string> = {
  'cpu-measured': 'your CPU',
  'gpu-measured': 'your GPU',
  'gpu-kernel': 'kernel alone',
  'cpu-modeled': 'CPU model',
  'gpu-modeled': 'GPU model',
};

/** Which marker each measured curve uses. */
const MARKERS: Partial<Record<SeriesId, 'circle' | 'square' | 'triangle'>> = {
  'cpu-measured': 'circle',
  'gpu-measured': 'square',
  'gpu-kernel': 'triangle',
};

/** Time against size on log-log axes: measured curves with markers, modeled ones dashed. */
export function CrossoverPlot({
  op,
  data,
  widthPx,
  idPrefix,
  title,
  description,
}: CrossoverPlotProps) {
  const frame = layout(widthPx);
  const { innerWidthPx, innerHeightPx } = frame;
  const narrow = isNarrowPlot(widthPx);
  const x = useMemo(
    () => d3.scaleLog().base(2).domain(data.xDomain).range([0, innerWidthPx]).clamp(true),
    [data.xDomain, innerWidthPx],
  );
  const y = useMemo(
    () => d3.scaleLog().domain(data.yDomain).range([innerHeightPx, 0]).clamp(true),
    [data.yDomain, innerHeightPx],
  );
  const xTicks = useMemo(() => {
    const every = op === 'relu' ? (narrow ? 6 : 4) : narrow ? 2 : 1;
    return logTicks(data.xDomain, 2, every);
  }, [data.xDomain, op, narrow]);
  const yTicks = useMemo(() => logTicks(data.yDomain, 10, narrow ? 2 : 1), [data.yDomain, narrow]);
  const line = d3
    .line<readonly [number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  const formatX = useMemo(() => (v: number) => formatSizeTick(op, v), [op]);

  return (
    <PlotFrame
      layout={frame}
      name={{ idPrefix, title, description }}
      className="xo-plot__svg"
      x={{
        scale: x,
        ticks: xTicks,
        format: formatX,
        title: op === 'relu' ? 'Elements N (log scale)' : 'Matrix edge n (log scale)',
        titleOffsetPx: 38,
      }}
      y={{ scale: y, ticks: yTicks, format: formatSeconds, title: 'Time (log scale)' }}
    >
      {data.marks.map((mark) => (
        <g key={mark.kind} className={`xo-mark xo-mark--${mark.kind}`} data-mark={mark.kind}>
          <line x1={x(mark.size)} x2={x(mark.size)} y1={0} y2={innerHeightPx} />
          <text
            x={x(mark.size) + (x(mark.size) > innerWidthPx * 0.5 ? -4 : 4)}
            y={innerHeightPx - (mark.kind === 'measured' ? 22 : 8)}
            textAnchor={x(mark.size) > innerWidthPx * 0.5 ? 'end' : 'start'}
          >
            {mark.label}
          </text>
        </g>
      ))}
      {data.series.map((s) => (
        <SeriesMarks key={s.id} series={s} d={line(s.points) ?? ''} x={x} y={y} />
      ))}
      {data.series.map((s) => {
        const end = s.points.at(-1);
        if (!end) return null;
        return (
          <text
            key={`${s.id}-label`}
            className={`xo-end-label xo-end-label--${s.kind}`}
            x={x(end[0]) - 6}
            y={y(end[1]) - 8}
            textAnchor="end"
            aria-hidden="true"
          >
            {SHORT_LABELS[s.id]}
          </text>
        );
      })}
    </PlotFrame>
  );
}

function SeriesMarks({
  series,
  d,
  x,
  y,
}: {
  series: Series;
  d: string;
  x: (v: number) => number;
  y: (v: number) => number;
}) {
  const marker = MARKERS[series.id];
  const r = 4.5;
  return (
    <g
      className={`xo-series xo-series--${series.id}`}
      data-series={series.id}
      data-points={series.points.length}
    >
      {series.points.length > 1 && <path className="xo-line" d={d} />}
      {marker &&
        series.points.map(([px, py]) => {
          const cx = x(px);
          const cy = y(py);
          const tip = `${series.label}: ${formatSeconds(py)}`;
          if (marker === 'circle') {
            return (
              <circle key={px} className="xo-marker" cx={cx} cy={cy} r={r}>
                <title>{tip}</title>
              </circle>
            );
          }
          const shape =
            marker === 'square'
              ? `M ${cx - r} ${cy - r} h ${2 * r} v ${2 * r} h ${-2 * r} Z`
              : `M ${cx} ${cy - r - 1} L ${cx + r + 1} ${cy + r} L ${cx - r - 1} ${cy + r} Z`;
          return (
            <path key={px} className="xo-marker" d={shape}>
              <title>{tip}</title>
            </path>
          );
        })}
    </g>
  );
}
