import { useRef } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import * as d3 from 'd3';
import { formatCount, formatRatio, formatSeconds } from '../../format/units';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { logTicks } from '../../ui/plot/ticks';
import { useElementWidth } from '../../ui/useElementWidth';
import type { SeqSweep, SweepPoint } from './sweep';
import '../../ui/panel.css';
import { fieldLabel } from '../../ui/field';
import { networkProfileSchema } from './settings';
import '../../ui/data-table.css';

/** Props of the attention sweep. */
export interface SweepPanelProps {
  sweep: SeqSweep;
  networkName: string;
  idBase: string;
}

const MARGIN = { top: 12, right: 16, bottom: 40, left: 64 };

/** Tick labels. */
const secondsLabel = (s: number): string => formatSeconds(s);
const seqLabel = (n: number): string => formatCount(n);

/** The SVG path through the points of one series. */
function pathOf(
  points: readonly SweepPoint[],
  x: (v: number) => number,
  y: (v: number) => number,
  field: 'attentionSeconds' | 'linearSeconds',
): string {
  return points
    .filter((p) => p[field] > 0)
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.seq).toFixed(1)},${y(p[field]).toFixed(1)}`)
    .join('');
}

/**
 * Attention time and linear-layer time against the sequence length, on log-log axes where a
 * power law is a straight line (slope 1: linear, slope 2: quadratic), with the chosen length
 * marked, a sentence on the last doubling, and the numbers in a table.
 */
export function SweepPanel({ sweep, networkName, idBase }: SweepPanelProps) {
  const holder = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(holder, 640);
  const narrow = isNarrowPlot(widthPx);
  const layout = plotLayout(widthPx, MARGIN, {
    aspect: 0.45,
    minHeightPx: 200,
    maxHeightPx: 280,
    minInnerWidthPx: 160,
  });
  const { points } = sweep;
  const seqs = points.map((p) => p.seq);
  const values = points.flatMap((p) => [p.attentionSeconds, p.linearSeconds]).filter((v) => v > 0);
  const xDomain: [number, number] = [Math.min(...seqs), Math.max(...seqs)];
  const yDomain: [number, number] = [Math.min(...values) / 1.3, Math.max(...values) * 1.3];
  const x = d3.scaleLog().base(2).domain(xDomain).range([0, layout.innerWidthPx]);
  const y = d3.scaleLog().domain(yDomain).range([layout.innerHeightPx, 0]);
  const xTicks = logTicks(xDomain, 2, narrow ? 2 : 1);
  const decades = logTicks(yDomain, 10);
  const yTicks = decades.length >= 2 ? decades : y.ticks(3);
  const headingId = `${idBase}-sweep`;
  if (points.length < 2 || values.length === 0) return null;
  const doubling = sweep.lastDoubling;
  const description = points
    .map(
      (p) =>
        `${formatCount(p.seq)} tokens: attention ${formatSeconds(p.attentionSeconds)}, linear ${formatSeconds(p.linearSeconds)}`,
    )
    .join('; ');

  return (
    <section className="ui-panel np-sweep" aria-labelledby={headingId} data-sweep>
      <h4 id={headingId}>
        Attention against sequence length <span className="tag-modeled">modeled</span>
      </h4>
      <p data-sweep-summary>
        {doubling
          ? `From ${formatCount(doubling.fromSeq)} to ${formatCount(doubling.toSeq)} tokens, ${networkName}'s attention time grows ${formatRatio(doubling.attention)} and its linear layers' ${formatRatio(doubling.linear)}. `
          : ''}
        Every query meets every key, so attention&apos;s arithmetic grows with the square of the
        length, while a linear layer does the same work for each token. Where the fused attention
        kernel is limited by moving its inputs (short sequences), its time grows only linearly; once
        its arithmetic dominates, it grows quadratically: a slope of 2 on these log-log axes.
      </p>
      <div className="np-sweep-holder" ref={holder}>
        <PlotFrame
          layout={layout}
          className="np-sweep-plot"
          name={{
            idPrefix: `${idBase}-sweep-plot`,
            title: `Attention and linear-layer time against sequence length, ${networkName}`,
            description: `${description}.`,
          }}
          x={{
            scale: x,
            ticks: xTicks,
            format: seqLabel,
            title: 'sequence length (tokens, log scale)',
          }}
          y={{ scale: y, ticks: yTicks, format: secondsLabel, title: 'time per step (log)' }}
        >
          <line
            className="np-sweep-chosen"
            x1={x(sweep.chosenSeq)}
            x2={x(sweep.chosenSeq)}
            y1={0}
            y2={layout.innerHeightPx}
          />
          <path className="plot-line plot-line--dashed" d={pathOf(points, x, y, 'linearSeconds')} />
          <path
            className="plot-line plot-line--solid"
            d={pathOf(points, x, y, 'attentionSeconds')}
          />
          {points.map((p) => (
            <g key={p.seq}>
              {p.linearSeconds > 0 && (
                <rect
                  className="plot-dot--dashed"
                  x={x(p.seq) - 3}
                  y={y(p.linearSeconds) - 3}
                  width={6}
                  height={6}
                />
              )}
              {p.attentionSeconds > 0 && (
                <circle
                  className="plot-dot--solid"
                  cx={x(p.seq)}
                  cy={y(p.attentionSeconds)}
                  r={3.5}
                />
              )}
            </g>
          ))}
        </PlotFrame>
      </div>
      <ul className="np-legend" aria-label="Lines">
        <li>
          <span className="np-key np-key--attention" aria-hidden="true" />
          attention layers (circles)
        </li>
        <li>
          <span className="np-key np-key--linear" aria-hidden="true" />
          linear layers (squares)
        </li>
        <li>
          <span className="np-key np-key--chosen" aria-hidden="true" />
          {`your sequence length, ${formatCount(sweep.chosenSeq)}`}
        </li>
      </ul>
      <details className="np-details">
        <summary>The numbers behind the plot</summary>
        <table className="ui-data-table np-table np-sweep-table">
          <caption className="visually-hidden">
            Attention and linear-layer time per step at each sequence length
          </caption>
          <ColumnHeads
            names={[fieldLabel(networkProfileSchema.fields.seq), 'Attention', 'Linear layers']}
          />
          <tbody>
            {points.map((p) => (
              <tr key={p.seq} data-seq={p.seq}>
                <th scope="row">{formatCount(p.seq)}</th>
                <td>{formatSeconds(p.attentionSeconds)}</td>
                <td>{formatSeconds(p.linearSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
