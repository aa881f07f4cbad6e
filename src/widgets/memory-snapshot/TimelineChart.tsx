import { useCallback, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { formatBytesBinary } from '../../format/units';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { useElementWidth } from '../../ui/useElementWidth';
import type { TimelineReport } from './analysis/report';
import type { SeriesPoint } from './analysis/series';
import { byteTicks, formatX, formatXTick, timelineDescription, xAxisTitle } from './view-text';

/** Props of the chart. */
export interface TimelineChartProps {
  timeline: TimelineReport;
  /** Id prefix for the SVG's title and description. */
  idPrefix: string;
}

/** The chart's frame at a width. */
function chartLayout(widthPx: number) {
  return plotLayout(
    widthPx,
    { top: 24, right: 24, bottom: 42, left: 72, narrow: { right: 12, left: 62 } },
    { aspect: 0.4, minHeightPx: 220, maxHeightPx: 320, minInnerWidthPx: 120 },
  );
}

/** Allocated memory over the recorded trace, as a step line, with the peak marked. */
export function TimelineChart({ timeline, idPrefix }: TimelineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(box, 640);
  const layout = chartLayout(widthPx);
  const { innerWidthPx, innerHeightPx } = layout;
  const kind = timeline.xKind;
  const x = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0, timeline.endX || 1])
        .range([0, innerWidthPx]),
    [timeline.endX, innerWidthPx],
  );
  const yTicks = useMemo(() => byteTicks(timeline.peakBytes * 1.12), [timeline.peakBytes]);
  const y = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0, Math.max(yTicks.at(-1) ?? 1, timeline.peakBytes * 1.12, 1)])
        .range([innerHeightPx, 0]),
    [yTicks, timeline.peakBytes, innerHeightPx],
  );
  const line = d3
    .line<SeriesPoint>()
    .x((p) => x(p.x))
    .y((p) => y(p.bytes))
    .curve(d3.curveStepAfter);
  const area = d3
    .area<SeriesPoint>()
    .x((p) => x(p.x))
    .y0(innerHeightPx)
    .y1((p) => y(p.bytes))
    .curve(d3.curveStepAfter);
  const points = [...timeline.points, { x: timeline.endX, bytes: timeline.endBytes }];
  const peakX = x(timeline.peakX);
  const peakY = y(timeline.peakBytes);
  const labelLeft = peakX > innerWidthPx * 0.6;
  const xTicks = x.ticks(isNarrowPlot(widthPx) ? 3 : 6);
  const formatTick = useCallback((v: number) => formatXTick(v, kind), [kind]);
  return (
    <div ref={box} className="snap-chart">
      <PlotFrame
        layout={layout}
        name={{
          idPrefix,
          title: 'Allocated memory over the recorded trace',
          description: timelineDescription(timeline),
        }}
        className="snap-chart-svg"
        x={{ scale: x, ticks: xTicks, format: formatTick, title: xAxisTitle(kind) }}
        y={{ scale: y, ticks: yTicks, format: formatBytesBinary, title: 'Allocated' }}
      >
        <path className="snap-area" d={area(points) ?? ''} />
        <path className="snap-line" d={line(points) ?? ''} data-testid="timeline-line" />
        {timeline.ooms.map((o, i) => (
          <path
            key={i}
            className="snap-oom"
            d={`M${x(o.x)},${innerHeightPx} l-5,-9 l10,0 z`}
            aria-hidden="true"
          />
        ))}
        <g
          className="snap-peak-mark"
          data-testid="peak-marker"
          data-peak-bytes={timeline.peakBytes}
        >
          <line x1={peakX} x2={peakX} y1={peakY} y2={innerHeightPx} />
          <circle cx={peakX} cy={peakY} r={4.5} />
          <text
            x={labelLeft ? peakX - 8 : peakX + 8}
            y={Math.max(peakY - 8, -10)}
            textAnchor={labelLeft ? 'end' : 'start'}
          >
            {`peak ${formatBytesBinary(timeline.peakBytes)} at ${formatX(timeline.peakX, kind)}`}
          </text>
        </g>
      </PlotFrame>
    </div>
  );
}
