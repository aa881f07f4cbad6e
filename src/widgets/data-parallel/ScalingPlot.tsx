import { memo } from 'react';
import * as d3 from 'd3';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { INTERCONNECTS, type InterconnectId } from '../../engine/catalog';
import { formatCount, formatPercent, formatSeconds, formatSiShort } from '../../format/units';
import { plotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import type { DataParallelResult, ScalingPoint, ScalingValue } from './simulation';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/panel.css';
import './scaling-plot.css';

const X_TICKS = [1, 2, 4, 8, 16, 32];
const formatGpus = (v: number) => String(v);
const formatSamples = (v: number) => formatSiShort(v);
const formatEfficiency = (v: number) => `${Math.round(v * 100)}%`;

type Metric = 'samplesPerSecond' | 'efficiency';

/** One of the two charts: a metric against the GPU count, for both modes. */
function ScalingChart({
  sweep,
  metric,
  widthPx,
  currentGpus,
  hidingStops,
  idPrefix,
}: {
  sweep: readonly ScalingPoint[];
  metric: Metric;
  widthPx: number;
  currentGpus: number;
  hidingStops: number | null;
  idPrefix: string;
}) {
  const layout = plotLayout(
    widthPx,
    { top: 16, right: 16, bottom: 44, left: 58, narrow: { left: 50 } },
    { aspect: 0.7, minHeightPx: 220, maxHeightPx: 300, minInnerWidthPx: 120 },
  );
  const x = d3.scaleLog().base(2).domain([1, 32]).range([0, layout.innerWidthPx]);
  const value = (v: ScalingValue) => v[metric];
  const max =
    metric === 'efficiency'
      ? 1
      : Math.max(...sweep.flatMap((p) => [p.ddp.samplesPerSecond, p.dp?.samplesPerSecond ?? 0]));
  const y = d3
    .scaleLinear()
    .domain([0, max * (metric === 'efficiency' ? 1.05 : 1.08)])
    .range([layout.innerHeightPx, 0])
    .nice();
  const yTicks = metric === 'efficiency' ? [0, 0.25, 0.5, 0.75, 1] : y.ticks(5);
  const line = d3
    .line<{ gpus: number; v: number }>()
    .x((d) => x(d.gpus))
    .y((d) => y(d.v));
  const ddp = sweep.map((p) => ({ gpus: p.gpus, v: value(p.ddp) }));
  const dp = sweep.flatMap((p) => (p.dp ? [{ gpus: p.gpus, v: value(p.dp) }] : []));
  const title = metric === 'efficiency' ? 'Scaling efficiency' : 'Throughput';
  const describe = (points: typeof ddp, f: (v: number) => string) =>
    points.map((p) => `${p.gpus}: ${f(p.v)}`).join(', ');
  const f = metric === 'efficiency' ? formatPercent : (v: number) => `${formatCount(v)} samples/s`;
  return (
    <PlotFrame
      layout={layout}
      className="dp-plot"
      name={{
        idPrefix,
        title: `${title} against GPUs`,
        description: `DDP ${describe(ddp, f)}. DataParallel ${describe(dp, f)}.`,
      }}
      x={{ scale: x, ticks: X_TICKS, format: formatGpus, title: 'GPUs' }}
      y={{
        scale: y,
        ticks: yTicks,
        format: metric === 'efficiency' ? formatEfficiency : formatSamples,
        title: metric === 'efficiency' ? 'Efficiency' : 'Samples/s',
      }}
    >
      {metric === 'efficiency' && (
        <line className="dp-plot__ideal" x1={0} x2={layout.innerWidthPx} y1={y(1)} y2={y(1)} />
      )}
      <line
        className="dp-plot__current"
        x1={x(Math.min(32, currentGpus))}
        x2={x(Math.min(32, currentGpus))}
        y1={0}
        y2={layout.innerHeightPx}
      />
      {hidingStops !== null && (
        <g className="dp-plot__stops" data-stops-hiding={hidingStops}>
          <line x1={x(hidingStops)} x2={x(hidingStops)} y1={0} y2={layout.innerHeightPx} />
          <text
            x={x(hidingStops) + (x(hidingStops) > layout.innerWidthPx / 2 ? -4 : 4)}
            y={12}
            textAnchor={x(hidingStops) > layout.innerWidthPx / 2 ? 'end' : 'start'}
          >
            all-reduce &gt; backward
          </text>
        </g>
      )}
      <path className="plot-line plot-line--solid" d={line(ddp) ?? ''} />
      <path className="plot-line plot-line--dashed" d={line(dp) ?? ''} />
      {ddp.map((p) => (
        <circle
          key={`ddp${p.gpus}`}
          className="plot-dot--solid"
          cx={x(p.gpus)}
          cy={y(p.v)}
          r={3.5}
        />
      ))}
      {dp.map((p) => (
        <rect
          key={`dp${p.gpus}`}
          className="plot-dot--dashed"
          x={x(p.gpus) - 3.5}
          y={y(p.v) - 3.5}
          width={7}
          height={7}
        />
      ))}
    </PlotFrame>
  );
}

/** Props of the scaling panel. */
export interface ScalingPlotProps {
  result: DataParallelResult;
  widthPx: number;
  idBase: string;
}

/**
 * Throughput and efficiency of both modes against the GPU count (1, 2, 4, 8 in a node, then
 * nodes of 8), the point where DDP's all-reduces outgrow backward, and the same as a table.
 */
export const ScalingPlot = memo(function ScalingPlot({
  result,
  widthPx,
  idBase,
}: ScalingPlotProps) {
  const { sweep, stopsHiding } = result;
  const chartPx = widthPx >= 640 ? Math.floor((widthPx - 16) / 2) : widthPx;
  return (
    <section className="ui-panel dp-panel" aria-labelledby={`${idBase}-scale-h`}>
      <h4 id={`${idBase}-scale-h`}>Scaling: 1 to 32 GPUs</h4>
      <p className="dp-legend" aria-hidden="true">
        <span className="dp-key dp-key--ddp" /> DistributedDataParallel{' '}
        <span className="dp-key dp-key--dp" /> DataParallel (one node only){' '}
        <span className="dp-key dp-key--current" /> your setting
      </p>
      <div className="dp-plots">
        <ScalingChart
          sweep={sweep}
          metric="samplesPerSecond"
          widthPx={chartPx}
          currentGpus={result.gpus}
          hidingStops={stopsHiding?.gpus ?? null}
          idPrefix={`${idBase}-tput`}
        />
        <ScalingChart
          sweep={sweep}
          metric="efficiency"
          widthPx={chartPx}
          currentGpus={result.gpus}
          hidingStops={stopsHiding?.gpus ?? null}
          idPrefix={`${idBase}-eff`}
        />
      </div>
      <p className="dp-hint">
        Past 8 GPUs the points are 2, 3 and 4 nodes of 8 GPUs, joined by{' '}
        {INTERCONNECTS[result.settings.nodeLink as InterconnectId].name}.
      </p>
      <p className="dp-stops" data-stops-hiding={stopsHiding?.gpus ?? 'none'}>
        {stopsHiding
          ? `From ${stopsHiding.gpus} GPUs${stopsHiding.nodes > 1 ? ` (${stopsHiding.nodes} nodes)` : ''}, DDP’s all-reduces (${formatSeconds(stopsHiding.ddp.communicationSeconds)}) take longer than the backward pass they overlap (${formatSeconds(stopsHiding.ddp.backwardSeconds)}): communication no longer hides, and the step waits for it.`
          : `Up to 32 GPUs, DDP’s all-reduces fit inside backward: communication hides behind compute (only the last bucket’s all-reduce is left over).`}
      </p>
      <details className="dp-details">
        <summary>The two charts as a table</summary>
        <ScrollRegion className="table-scroll" label="Scaling as a table">
          <table className="dp-table" data-scaling-table>
            <ColumnHeads
              names={[
                'GPUs',
                'DDP samples/s',
                'DDP efficiency',
                'DDP all-reduce / backward',
                'DP samples/s',
                'DP efficiency',
              ]}
            />
            <tbody>
              {sweep.map((p) => (
                <tr
                  key={`${p.gpus}-${p.nodes}`}
                  data-gpus={p.gpus}
                  aria-current={
                    p.gpus === result.gpus && p.nodes === result.settings.nodes ? 'true' : undefined
                  }
                >
                  <th scope="row">
                    {p.gpus}
                    {p.nodes > 1 ? ` (${p.nodes} × ${p.gpusPerNode})` : ''}
                  </th>
                  <td>{formatCount(p.ddp.samplesPerSecond)}</td>
                  <td>{formatPercent(p.ddp.efficiency)}</td>
                  <td>
                    {p.gpus === 1
                      ? '—'
                      : `${formatSeconds(p.ddp.communicationSeconds)} / ${formatSeconds(p.ddp.backwardSeconds)}${p.ddp.hides ? '' : ' (not hidden)'}`}
                  </td>
                  <td>{p.dp ? formatCount(p.dp.samplesPerSecond) : 'one node only'}</td>
                  <td>{p.dp ? formatPercent(p.dp.efficiency) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
});
