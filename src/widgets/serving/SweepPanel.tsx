import { memo } from 'react';
import * as d3 from 'd3';
import type { SweepPoint } from '../../engine/models';
import { formatCount, formatPercent, formatSeconds, formatSiShort } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { KNEE_SHARE, type Knee } from './sweep';
import '../../ui/panel.css';
import '../../ui/data-table.css';

const formatClients = (v: number) => formatSiShort(v);
const formatRateTick = (v: number) => formatSiShort(v);
const formatLatencyTick = (v: number) => formatSeconds(v);

/** Powers of two from 1 to `max`, thinned to at most `count`. */
function powerTicks(max: number, count: number): number[] {
  const all: number[] = [];
  for (let v = 1; v <= max; v *= 2) all.push(v);
  const stride = Math.ceil(all.length / count);
  return all.filter((_, i) => i % stride === 0);
}

/** Powers of ten inside [low, high]. */
function decadeTicks(low: number, high: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(low)); e <= Math.ceil(Math.log10(high)); e += 1) {
    const v = 10 ** e;
    if (v >= low && v <= high) ticks.push(v);
  }
  return ticks.length > 0 ? ticks : [low, high];
}

const MARGIN = { top: 16, right: 16, bottom: 44, left: 66, narrow: { left: 62 } };
const SIZING = { aspect: 0.62, minHeightPx: 210, maxHeightPx: 300, minInnerWidthPx: 140 };

/** Props of the sweep panel. */
export interface SweepPanelProps {
  sweep: readonly SweepPoint[];
  knee: Knee | null;
  maxFit: number;
  /** The settings' concurrency (clients), or the most that fit under "as many as fit". */
  current: number;
  widthPx: number;
  idBase: string;
}

/**
 * Throughput against concurrency, from one client to the most that fit, with the knee marked,
 * and TTFT and TPOT against the same; the same as a table.
 */
export const SweepPanel = memo(function SweepPanel({
  sweep,
  knee,
  maxFit,
  current,
  widthPx,
  idBase,
}: SweepPanelProps) {
  const chartPx = widthPx >= 640 ? Math.floor((widthPx - 16) / 2) : widthPx;
  const layout = plotLayout(chartPx, MARGIN, SIZING);
  const narrow = isNarrowPlot(chartPx);
  const xMax = Math.max(2, maxFit);
  const x = d3.scaleLog().base(2).domain([1, xMax]).range([0, layout.innerWidthPx]).clamp(true);
  const xTicks = powerTicks(xMax, narrow ? 4 : 7);
  const top = Math.max(1, ...sweep.map((p) => p.outputTokensPerSecond));
  const y = d3
    .scaleLinear()
    .domain([0, top * 1.1])
    .range([layout.innerHeightPx, 0])
    .nice();
  const line = d3
    .line<SweepPoint>()
    .x((p) => x(p.concurrency))
    .y((p) => y(p.outputTokensPerSecond));
  const latencies = sweep.flatMap((p) => [p.ttftSeconds, p.tpotSeconds]).filter((v) => v > 0);
  const low = Math.min(...latencies, 1e-3);
  const high = Math.max(...latencies, 1e-2);
  const yl = d3
    .scaleLog()
    .domain([low / 1.5, high * 1.5])
    .range([layout.innerHeightPx, 0])
    .clamp(true);
  const ttft = d3
    .line<SweepPoint>()
    .defined((p) => p.ttftSeconds > 0)
    .x((p) => x(p.concurrency))
    .y((p) => yl(p.ttftSeconds));
  const tpot = d3
    .line<SweepPoint>()
    .defined((p) => p.tpotSeconds > 0)
    .x((p) => x(p.concurrency))
    .y((p) => yl(p.tpotSeconds));
  const currentX = x(Math.min(current, xMax));
  const kneeX = knee ? x(knee.concurrency) : 0;
  const kneeRight = kneeX > layout.innerWidthPx / 2;
  const describe = (f: (p: SweepPoint) => string) =>
    sweep
      .filter((_, i) => i % Math.ceil(sweep.length / 8) === 0 || i === sweep.length - 1)
      .map((p) => `${p.concurrency}: ${f(p)}`)
      .join(', ');
  return (
    <section className="ui-panel sv-panel" aria-labelledby={`${idBase}-sweep-h`} data-sweep>
      <h4 id={`${idBase}-sweep-h`}>
        Throughput against concurrency <span className="tag-modeled">modeled</span>
      </h4>
      <p className="sv-legend" aria-hidden="true">
        <span className="sv-legend__item">
          <span className="sv-key sv-key--rate" /> output tokens/s
        </span>
        <span className="sv-legend__item">
          <span className="sv-key sv-key--knee" /> knee
        </span>
        <span className="sv-legend__item">
          <span className="sv-key sv-key--current" /> your setting
        </span>
        <span className="sv-legend__item">
          <span className="sv-key sv-key--ttft" /> TTFT
        </span>
        <span className="sv-legend__item">
          <span className="sv-key sv-key--tpot" /> TPOT (dashed)
        </span>
      </p>
      <div className="sv-plots">
        <PlotFrame
          layout={layout}
          className="sv-plot"
          name={{
            idPrefix: `${idBase}-rate`,
            title: 'Output tokens per second against concurrency',
            description: `From 1 to ${maxFit} clients: ${describe((p) => `${formatCount(p.outputTokensPerSecond)} tokens/s`)}.${knee ? ` Knee at ${knee.concurrency}.` : ''}`,
          }}
          x={{
            scale: x,
            ticks: xTicks,
            format: formatClients,
            title: 'concurrency (clients, log scale)',
          }}
          y={{ scale: y, ticks: y.ticks(5), format: formatRateTick, title: 'output tokens/s' }}
        >
          <line
            className="sv-plot__current"
            x1={currentX}
            x2={currentX}
            y1={0}
            y2={layout.innerHeightPx}
          />
          {knee && (
            <g className="sv-plot__knee" data-knee={knee.concurrency}>
              <line x1={kneeX} x2={kneeX} y1={0} y2={layout.innerHeightPx} />
              <circle cx={kneeX} cy={y(knee.outputTokensPerSecond)} r={5} />
              <text
                x={kneeX + (kneeRight ? -6 : 6)}
                y={12}
                textAnchor={kneeRight ? 'end' : 'start'}
              >
                {`knee: ${formatCount(knee.concurrency)}`}
              </text>
            </g>
          )}
          <path className="sv-plot__rate" d={line([...sweep]) ?? ''} />
        </PlotFrame>
        <PlotFrame
          layout={layout}
          className="sv-plot"
          name={{
            idPrefix: `${idBase}-lat`,
            title: 'Time to first token and time per output token against concurrency',
            description: `TTFT ${describe((p) => formatSeconds(p.ttftSeconds))}. TPOT ${describe((p) => formatSeconds(p.tpotSeconds))}.`,
          }}
          x={{
            scale: x,
            ticks: xTicks,
            format: formatClients,
            title: 'concurrency (clients, log scale)',
          }}
          y={{
            scale: yl,
            ticks: decadeTicks(low / 1.5, high * 1.5),
            format: formatLatencyTick,
            title: 'seconds (log scale)',
            titleOffsetPx: 54,
          }}
        >
          <line
            className="sv-plot__current"
            x1={currentX}
            x2={currentX}
            y1={0}
            y2={layout.innerHeightPx}
          />
          {knee && (
            <line
              className="sv-plot__knee-line"
              x1={kneeX}
              x2={kneeX}
              y1={0}
              y2={layout.innerHeightPx}
            />
          )}
          <path className="sv-plot__ttft" d={ttft([...sweep]) ?? ''} />
          <path className="sv-plot__tpot" d={tpot([...sweep]) ?? ''} />
        </PlotFrame>
      </div>
      <p data-knee-text>
        {knee
          ? `The knee (the fewest clients reaching ${formatPercent(KNEE_SHARE)} of the plateau, ${formatCount(knee.plateauTokensPerSecond)} tokens/s at ${formatCount(knee.plateauConcurrency)}): ${formatCount(knee.concurrency)} clients, ${formatCount(knee.outputTokensPerSecond)} tokens/s. Past it, more clients buy little throughput and cost latency.`
          : 'No knee: the sweep is empty.'}
        {current > maxFit
          ? ` Your ${formatCount(current)} clients are more than the ${formatCount(maxFit)} requests that fit: the rest wait in the queue, which adds to their time to first token.`
          : ''}
      </p>
      <details className="sv-details">
        <summary>The sweep as a table</summary>
        <ScrollRegion className="table-scroll" label="Concurrency sweep as a table">
          <table className="ui-data-table sv-table" data-sweep-table>
            <ColumnHeads names={['Clients', 'Output tokens/s', 'TTFT', 'TPOT']} />
            <tbody>
              {sweep.map((p) => (
                <tr
                  key={p.concurrency}
                  data-concurrency={p.concurrency}
                  {...(knee?.concurrency === p.concurrency ? { 'data-knee-row': '' } : {})}
                >
                  <th scope="row">
                    {formatCount(p.concurrency)}
                    {knee?.concurrency === p.concurrency ? ' (knee)' : ''}
                  </th>
                  <td>{formatCount(p.outputTokensPerSecond)}</td>
                  <td>{formatSeconds(p.ttftSeconds)}</td>
                  <td>{formatSeconds(p.tpotSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
});
