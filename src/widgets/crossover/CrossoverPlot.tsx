import { useMemo } from 'react';
import * as d3 from 'd3';
import { formatSeconds } from '../../format/units';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import type { CrossoverPlotData, Series, SeriesId } from './plot-data';
import { crossoverGeometry, MARKER_RADIUS_PX } from './plot-geometry';
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
  const geometry = useMemo(() => crossoverGeometry(op, data, widthPx), [op, data, widthPx]);
  const { frame, x, y, xTicks, yTicks, endLabels, markLabels } = geometry;
  const { innerHeightPx } = frame;
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
      {data.marks.map((mark, i) => {
        const label = markLabels[i];
        return (
          <g key={mark.kind} className={`xo-mark xo-mark--${mark.kind}`} data-mark={mark.kind}>
            <line x1={x(mark.size)} x2={x(mark.size)} y1={0} y2={innerHeightPx} />
            {label && (
              <text x={label.x} y={label.y} textAnchor={label.anchor}>
                {mark.label}
              </text>
            )}
          </g>
        );
      })}
      {data.series.map((s) => (
        <SeriesMarks key={s.id} series={s} d={line(s.points) ?? ''} x={x} y={y} />
      ))}
      {endLabels.map((label) => (
        <text
          key={`${label.key}-label`}
          className={`xo-end-label xo-end-label--${data.series.find((s) => s.id === label.key)?.kind ?? 'modeled'}`}
          x={label.x}
          y={label.y}
          textAnchor={label.anchor}
          data-end-label={label.key}
          aria-hidden="true"
        >
          {label.text}
        </text>
      ))}
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
  const r = MARKER_RADIUS_PX;
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
