import { useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { formatPercent, formatSeconds } from '../../format/units';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { useElementWidth } from '../../ui/useElementWidth';
import { gpuLaneText, hostLaneText, PHASE_LABELS } from './lane-text';
import { burstsOf, LANE_PHASES, type StepLanes as Lanes } from './lanes';

/** Props of the two-lane drawing. */
export interface StepLanesProps {
  lanes: Lanes;
  idBase: string;
}

const MARGIN = { top: 6, right: 18, bottom: 34, left: 14 };
/** Height of one lane's band: its label above, the bar below. */
const BAND_PX = 44;
const BAR_PX = 20;
/** Pixels per burst the GPU's busy time is split into when the host is slower. */
const PX_PER_BURST = 10;
const MAX_BURSTS = 48;

/** A tick's label. */
const tickLabel = (seconds: number): string => formatSeconds(seconds);

/**
 * A step as two lanes on one time axis: the host's forward, backward, optimizer and fixed costs
 * one after another (and its wait for the GPU), and the GPU's busy time per phase over a dashed
 * idle background. The lists below the drawing say the same in words.
 */
export function StepLanes({ lanes, idBase }: StepLanesProps) {
  const holder = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(holder, 720);
  const heightPx = MARGIN.top + MARGIN.bottom + 2 * BAND_PX;
  const layout = plotLayout(widthPx, MARGIN, {
    aspect: 0,
    minHeightPx: heightPx,
    maxHeightPx: heightPx,
    minInnerWidthPx: 160,
  });
  const narrow = isNarrowPlot(widthPx);
  const x = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0, lanes.stepSeconds > 0 ? lanes.stepSeconds : 1])
        .range([0, layout.innerWidthPx]),
    [lanes.stepSeconds, layout.innerWidthPx],
  );
  const ticks = useMemo(() => x.ticks(narrow ? 3 : 6), [x, narrow]);
  const y = useMemo(
    () => d3.scaleLinear().domain([0, 1]).range([layout.innerHeightPx, 0]),
    [layout.innerHeightPx],
  );
  const width = (seconds: number) => x(seconds) - x(0);
  const hostText = hostLaneText(lanes);
  const gpuText = gpuLaneText(lanes);
  const barTop = (lane: number) => lane * BAND_PX + 17;

  return (
    <figure className="np-lanes" data-lanes data-bound={lanes.bound}>
      <div className="np-lanes-holder" ref={holder}>
        <PlotFrame
          layout={layout}
          className="np-lanes-plot"
          name={{
            idPrefix: `${idBase}-lanes`,
            title: 'One step on two lanes, host and GPU (modeled)',
            description: `Host: ${hostText} GPU: ${gpuText}`,
          }}
          x={{ scale: x, ticks, format: tickLabel, title: 'time within one step (modeled)' }}
          y={{ scale: y, ticks: [], format: tickLabel, line: false, tickSizePx: 0 }}
          grid={false}
        >
          <g data-lane="host">
            <text className="np-lane-label" x={0} y={12}>
              Host: Python and dispatch
            </text>
            <text className="np-lane-value" x={layout.innerWidthPx} y={12} textAnchor="end">
              {`busy ${formatSeconds(lanes.hostSeconds)}`}
            </text>
            {lanes.host.map((s) => (
              <rect
                key={s.phase}
                className={`np-seg np-phase--${s.phase}`}
                data-phase={s.phase}
                data-seconds={s.seconds}
                x={x(s.startSeconds)}
                y={barTop(0)}
                width={width(s.seconds)}
                height={BAR_PX}
              />
            ))}
            {lanes.hostWaitSeconds > 0 && (
              <rect
                className="np-idle"
                data-wait
                data-seconds={lanes.hostWaitSeconds}
                x={x(lanes.hostSeconds)}
                y={barTop(0) + 0.5}
                width={Math.max(0, width(lanes.hostWaitSeconds) - 0.5)}
                height={BAR_PX - 1}
              />
            )}
          </g>
          <g data-lane="gpu">
            <text className="np-lane-label" x={0} y={BAND_PX + 12}>
              GPU: kernels
            </text>
            <text
              className="np-lane-value"
              x={layout.innerWidthPx}
              y={BAND_PX + 12}
              textAnchor="end"
            >
              {`busy ${formatSeconds(lanes.gpuSeconds)} · idle ${formatPercent(lanes.gpuIdleShare)}`}
            </text>
            <rect
              className="np-idle"
              x={0.5}
              y={barTop(1) + 0.5}
              width={Math.max(0, layout.innerWidthPx - 1)}
              height={BAR_PX - 1}
            />
            {lanes.gpu.map((w) => {
              const count = Math.min(
                MAX_BURSTS,
                Math.max(2, Math.round(width(w.windowSeconds) / PX_PER_BURST)),
              );
              return (
                <g key={w.phase} data-phase={w.phase} data-seconds={w.busySeconds}>
                  {burstsOf(w, count).map((b, i) => (
                    <rect
                      key={i}
                      className={`np-busy np-phase--${w.phase}`}
                      x={x(b.startSeconds)}
                      y={barTop(1)}
                      width={width(b.seconds)}
                      height={BAR_PX}
                    />
                  ))}
                </g>
              );
            })}
          </g>
        </PlotFrame>
      </div>
      <figcaption>
        <ul className="np-legend" aria-label="Lane colours">
          {LANE_PHASES.map((p) => (
            <li key={p}>
              <span className={`np-swatch np-phase--${p}`} aria-hidden="true" />
              {PHASE_LABELS[p]}
            </li>
          ))}
          <li>
            <span className="np-swatch np-swatch--idle" aria-hidden="true" />
            idle, waiting
          </li>
        </ul>
        <dl className="np-lanes-text" data-lanes-text>
          <div>
            <dt>Host (Python and dispatch)</dt>
            <dd data-host-text>{hostText}</dd>
          </div>
          <div>
            <dt>GPU</dt>
            <dd data-gpu-text>{gpuText}</dd>
          </div>
        </dl>
      </figcaption>
    </figure>
  );
}
