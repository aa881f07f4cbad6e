import { useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { getLink } from '../../engine';
import type { BandwidthPoint } from '../../gpu/transfer-bench';
import { formatSize } from '../../torch';
import { useContainerWidth } from '../amdahl/useContainerWidth';
import { logSizes, modeledCurve, MODELED_LINKS, type CurvePoint } from './bandwidth-model';

/** Props of the bandwidth chart. */
export interface BandwidthChartProps {
  points: readonly BandwidthPoint[];
  /** Right end of the size axis. */
  maxBytes: number;
}

const MIN_BYTES = 4096;
const MARGIN = { top: 12, right: 22, bottom: 40, left: 66 };

function sizeTick(bytes: number): string {
  return formatSize(bytes).replace('.00', '').replace(' bytes', ' B');
}

/** Measured upload and readback rates against size, beside the modeled pinned PCIe curves (log-log). */
export function BandwidthChart({ points, maxBytes }: BandwidthChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const widthPx = useContainerWidth(ref, 640);
  const heightPx = Math.round(Math.min(Math.max(widthPx * 0.55, 240), 380));
  const innerW = Math.max(widthPx - MARGIN.left - MARGIN.right, 120);
  const innerH = heightPx - MARGIN.top - MARGIN.bottom;
  const curves = useMemo(
    () =>
      MODELED_LINKS.map((link) => ({
        link,
        points: modeledCurve(link, logSizes(MIN_BYTES, Math.max(maxBytes, MIN_BYTES * 4))),
      })),
    [maxBytes],
  );
  const rates = [
    ...points.map((p) => p.bytesPerSecond),
    ...curves.flatMap((c) => c.points.map((p) => p.bytesPerSecond)),
  ];
  const x = d3
    .scaleLog()
    .domain([MIN_BYTES, Math.max(maxBytes, MIN_BYTES * 4)])
    .range([0, innerW]);
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
  const xTicks: number[] = [];
  const step = widthPx < 480 ? 64 : 16;
  for (let t = MIN_BYTES; t <= (x.domain()[1] ?? MIN_BYTES); t *= step) xTicks.push(t);
  const yTicks = y.ticks(5).filter((t) => Number.isInteger(Math.log10(t)));

  return (
    <div className="bandwidth-chart" ref={ref}>
      <svg
        width={widthPx}
        height={heightPx}
        role="img"
        aria-label="Bandwidth against transfer size: your measured upload and readback beside the modeled PCIe 3.0, 4.0 and 5.0 pinned uploads. The table below lists the measured values."
      >
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {yTicks.map((t) => (
            <g key={t} transform={`translate(0,${y(t)})`}>
              <line x2={innerW} className="chart-grid" />
              <text x={-6} dy="0.32em" textAnchor="end" className="chart-tick">
                {t >= 1e9 ? `${t / 1e9} GB/s` : `${t / 1e6} MB/s`}
              </text>
            </g>
          ))}
          {xTicks.map((t) => (
            <text key={t} x={x(t)} y={innerH + 16} textAnchor="middle" className="chart-tick">
              {sizeTick(t)}
            </text>
          ))}
          <text x={innerW / 2} y={innerH + 34} textAnchor="middle" className="chart-axis-label">
            transfer size
          </text>
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
                    <title>{`${direction} ${formatSize(p.bytes)}: ${(p.bytesPerSecond / 1e9).toFixed(2)} GB/s`}</title>
                  </circle>
                ))}
              </g>
            );
          })}
        </g>
      </svg>
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
