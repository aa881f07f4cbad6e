import { useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { getLink } from '../../engine/catalog';
import { formatBytesBinary, formatGigabytesPerSecond, formatRate } from '../../format/units';
import type { BandwidthPoint } from '../../gpu';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { logTicks } from '../../ui/plot/ticks';
import { useElementWidth } from '../../ui/useElementWidth';
import { logSizes, modeledCurve, MODELED_LINKS, type CurvePoint } from './bandwidth-model';
import './measure-panel.css';

/** Props of the bandwidth chart. */
export interface BandwidthChartProps {
  points: readonly BandwidthPoint[];
  /** Right end of the size axis. */
  maxBytes: number;
}

const MIN_BYTES = 4096;
const MARGIN = { top: 12, right: 22, bottom: 40, left: 66 };
const SIZING = { aspect: 0.55, minHeightPx: 240, maxHeightPx: 380, minInnerWidthPx: 120 };
const LABEL =
  'Bandwidth against transfer size: your measured upload and readback beside the modeled PCIe 3.0, 4.0 and 5.0 pinned uploads. The table below lists the measured values.';

/** A bandwidth tick: "100 MB/s", "10 GB/s". */
function rateTick(bytesPerSecond: number): string {
  return formatRate(bytesPerSecond, 'B');
}

/** Measured upload and readback rates against size, beside the modeled pinned PCIe curves (log-log). */
export function BandwidthChart({ points, maxBytes }: BandwidthChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(ref, 640);
  const layout = plotLayout(widthPx, MARGIN, SIZING);
  const { innerWidthPx: innerW, innerHeightPx: innerH } = layout;
  const topBytes = Math.max(maxBytes, MIN_BYTES * 4);
  const curves = useMemo(
    () =>
      MODELED_LINKS.map((link) => ({
        link,
        points: modeledCurve(link, logSizes(MIN_BYTES, topBytes)),
      })),
    [topBytes],
  );
  const rates = [
    ...points.map((p) => p.bytesPerSecond),
    ...curves.flatMap((c) => c.points.map((p) => p.bytesPerSecond)),
  ];
  const x = d3.scaleLog().domain([MIN_BYTES, topBytes]).range([0, innerW]);
  const y = d3
    .scaleLog()
    .domain([Math.max(1e6, (d3.min(rates) ?? 1e8) / 1.5), (d3.max(rates) ?? 1e10) * 1.5])
    .range([innerH, 0])
    .nice();
  const line = d3
    .line<CurvePoint>()
    .x((d) => x(d.bytes))
    .y((d) => y(Math.max(d.bytesPerSecond, y.domain()[0] ?? 1)));
  const measured = (direction: BandwidthPoint['direction']) =>
    points.filter((p) => p.direction === direction);
  const [yLow = 1e6, yHigh = 1e10] = y.domain();

  return (
    <div className="bandwidth-chart" ref={ref}>
      <PlotFrame
        layout={layout}
        name={{ label: LABEL }}
        x={{
          scale: x,
          ticks: logTicks([MIN_BYTES, topBytes], isNarrowPlot(widthPx) ? 64 : 16),
          format: formatBytesBinary,
          title: 'transfer size',
          tickSizePx: 0,
          tickPaddingPx: 8,
          line: false,
        }}
        y={{
          scale: y,
          ticks: logTicks([yLow, yHigh], 10),
          format: rateTick,
          tickSizePx: 0,
          tickPaddingPx: 6,
          line: false,
        }}
      >
        {curves.map((c, i) => (
          <g key={c.link}>
            <path d={line(c.points) ?? ''} className={`chart-modeled modeled-${i}`} />
            <text
              x={innerW}
              y={y(c.points.at(-1)?.bytesPerSecond ?? 1) - 5}
              textAnchor="end"
              className="chart-curve-label"
            >
              {getLink(c.link).name.replace(' x16', '')} (model)
            </text>
          </g>
        ))}
        {(['upload', 'readback'] as const).map((direction) => {
          const series = measured(direction);
          return (
            <g key={direction} className={`chart-measured measured-${direction}`}>
              <path d={line(series) ?? ''} />
              {series.map((p) => (
                <circle key={p.bytes} cx={x(p.bytes)} cy={y(p.bytesPerSecond)} r={3.5}>
                  <title>{`${direction} ${formatBytesBinary(p.bytes)}: ${formatGigabytesPerSecond(p.bytesPerSecond)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </PlotFrame>
      <ul className="chart-legend">
        <li>
          <span className="legend-swatch measured-upload" aria-hidden="true" /> your upload (
          <code>writeBuffer</code>)
        </li>
        <li>
          <span className="legend-swatch measured-readback" aria-hidden="true" /> your readback (
          <code>mapAsync</code>)
        </li>
        <li>
          <span className="legend-swatch modeled" aria-hidden="true" /> modeled pinned host → GPU
          copies
        </li>
      </ul>
    </div>
  );
}
