import { useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { formatPercent, formatSeconds } from '../../format/units';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { useElementWidth } from '../../ui/useElementWidth';
import { BOUND_LABELS } from './labels';
import { BOUNDS, type ProfileRow } from './profile';

/** Props of the top-rows bar chart. */
export interface TopBarsProps {
  rows: readonly ProfileRow[];
  title: string;
  idBase: string;
}

/** Bars the chart shows at most. */
export const TOP_BARS = 8;

const MARGIN = { top: 8, right: 18, bottom: 34, left: 14 };
/** Height of one bar's band: its label above, the bar below. */
const BAND_PX = 36;
const BAR_PX = 14;

/** A tick's label. */
const tickLabel = (seconds: number): string => formatSeconds(seconds);

/**
 * The rows that take the longest, as horizontal bars coloured by what bounds them, each labelled
 * with its name and time. Its text equivalent is the table below it.
 */
export function TopBars({ rows, title, idBase }: TopBarsProps) {
  const holder = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(holder, 720);
  const top = rows.slice(0, TOP_BARS);
  const heightPx = MARGIN.top + MARGIN.bottom + top.length * BAND_PX;
  const layout = plotLayout(widthPx, MARGIN, {
    aspect: 0,
    minHeightPx: heightPx,
    maxHeightPx: heightPx,
    minInnerWidthPx: 160,
  });
  const longest = top[0]?.seconds ?? 0;
  const narrow = isNarrowPlot(widthPx);
  const x = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0, longest > 0 ? longest : 1])
        .nice(narrow ? 3 : 5)
        .range([0, layout.innerWidthPx]),
    [longest, narrow, layout.innerWidthPx],
  );
  const ticks = useMemo(() => x.ticks(narrow ? 3 : 5), [x, narrow]);
  const y = useMemo(
    () => d3.scaleLinear().domain([0, 1]).range([layout.innerHeightPx, 0]),
    [layout.innerHeightPx],
  );
  const description = top
    .map((r) => `${r.name}: ${formatSeconds(r.seconds)}, ${BOUND_LABELS[r.bound]} bound`)
    .join('; ');

  return (
    <figure className="np-bars">
      <div className="np-bars-holder" ref={holder}>
        <PlotFrame
          layout={layout}
          className="np-bars-plot"
          name={{ idPrefix: `${idBase}-bars`, title, description: `${description}.` }}
          x={{ scale: x, ticks, format: tickLabel, title: 'GPU time per step (modeled)' }}
          y={{ scale: y, ticks: [], format: tickLabel, line: false, tickSizePx: 0 }}
          grid={false}
        >
          {top.map((row, i) => {
            const bandTop = i * BAND_PX;
            const width = Math.max(1, x(row.seconds));
            return (
              <g key={row.key} data-bar={row.key}>
                <text className="np-bar-label" x={0} y={bandTop + 12}>
                  {row.name}
                </text>
                <rect
                  className={`np-bar np-bar--${row.bound}`}
                  x={0}
                  y={bandTop + 17}
                  width={width}
                  height={BAR_PX}
                />
                <text
                  className="np-bar-value"
                  x={layout.innerWidthPx}
                  y={bandTop + 12}
                  textAnchor="end"
                >
                  {`${formatSeconds(row.seconds)} · ${formatPercent(row.share)}`}
                </text>
              </g>
            );
          })}
        </PlotFrame>
      </div>
      <figcaption>
        <ul className="np-legend" aria-label="Bar colours">
          {BOUNDS.map((b) => (
            <li key={b}>
              <span className={`np-bound np-bound--${b}`} aria-hidden="true" />
              {`${BOUND_LABELS[b]} bound`}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
