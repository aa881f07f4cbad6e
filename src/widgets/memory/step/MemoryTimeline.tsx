import { useMemo, useRef } from 'react';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import * as d3 from 'd3';
import { formatBytesBinary, formatCount } from '../../../format/units';
import { plotLayout } from '../../../ui/plot/layout';
import { PlotFrame } from '../../../ui/plot/PlotFrame';
import { useElementWidth } from '../../../ui/useElementWidth';
import type { LoopLine } from './loop-code';
import { iterationStarts, type Phase } from './timeline';
import type { TrainingTrace } from './trace';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/** Props of the memory chart. */
export interface MemoryTimelineProps {
  trace: TrainingTrace;
  phases: readonly Phase[];
  lines: readonly LoopLine[];
  /** The current event. */
  index: number;
  idBase: string;
}

const MARGIN = { top: 16, right: 16, bottom: 40, left: 72 };
const SIZING = { aspect: 0.36, minHeightPx: 200, maxHeightPx: 300, minInnerWidthPx: 120 };

/** An event tick: "1,200". */
function eventTick(value: number): string {
  return formatCount(value + 1);
}

/**
 * memory_allocated() and memory_reserved() after every event, the peak marked, the iterations
 * apart and the current event as a vertical line; below it, the same data as a table by phase.
 */
export function MemoryTimeline({ trace, phases, lines, index, idBase }: MemoryTimelineProps) {
  const ref = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(ref, 640);
  const layout = plotLayout(widthPx, MARGIN, SIZING);
  const { innerWidthPx: w, innerHeightPx: h } = layout;
  const count = trace.counters.length;
  const top = Math.max(trace.peakReservedBytes, trace.peak.bytes, 1);
  const x = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0, Math.max(1, count - 1)])
        .range([0, w]),
    [count, w],
  );
  const y = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0, top * 1.08])
        .range([h, 0])
        .nice(),
    [top, h],
  );
  const paths = useMemo(() => {
    const line = (read: (i: number) => number) =>
      d3
        .line<number>()
        .x((i) => x(i))
        .y((i) => y(read(i)))
        .curve(d3.curveStepAfter)(d3.range(count)) ?? '';
    return {
      allocated: line((i) => trace.counters[i]?.allocatedBytes ?? 0),
      reserved: line((i) => trace.counters[i]?.reservedBytes ?? 0),
    };
  }, [trace, count, x, y]);
  const peak = trace.peak;
  const textOf = new Map(lines.map((l) => [l.id, l.text]));
  const description = `${formatCount(count)} events over two iterations. memory_allocated() peaks at ${formatBytesBinary(peak.bytes)} at event ${formatCount(peak.eventIndex + 1)}; memory_reserved() reaches ${formatBytesBinary(trace.peakReservedBytes)}.${trace.oom ? ` The loop runs out of memory at event ${formatCount(trace.oom.eventIndex + 1)}.` : ''} The table below gives the same numbers by line.`;

  return (
    <div className="memstep-timeline" ref={ref}>
      <PlotFrame
        layout={layout}
        name={{
          idPrefix: `${idBase}-chart`,
          title: 'GPU memory after each event',
          description,
        }}
        x={{
          scale: x,
          ticks: x.ticks(6).filter(Number.isInteger),
          format: eventTick,
          title: 'event',
        }}
        y={{ scale: y, ticks: y.ticks(5), format: formatBytesBinary }}
        className="memstep-chart"
      >
        {iterationStarts(trace).map((s) => (
          <g key={s.iteration} className="memstep-iteration">
            <line x1={x(s.event)} x2={x(s.event)} y1={0} y2={h} />
            <text x={x(s.event) + 4} y={10}>
              iteration {s.iteration}
            </text>
          </g>
        ))}
        <path className="memstep-reserved" d={paths.reserved} />
        <path className="memstep-allocated" d={paths.allocated} />
        <g className="memstep-peak">
          <circle cx={x(peak.eventIndex)} cy={y(peak.bytes)} r={4} />
          <text
            x={x(peak.eventIndex)}
            y={y(peak.bytes) - 8}
            textAnchor={x(peak.eventIndex) > w * 0.7 ? 'end' : 'middle'}
          >
            peak {formatBytesBinary(peak.bytes)}
          </text>
        </g>
        <line className="memstep-now" x1={x(index)} x2={x(index)} y1={0} y2={h} />
      </PlotFrame>
      <ul className="memstep-legend">
        <li>
          <span className="memstep-swatch memstep-swatch--allocated" aria-hidden="true" />{' '}
          <code>memory_allocated()</code>
        </li>
        <li>
          <span className="memstep-swatch memstep-swatch--reserved" aria-hidden="true" />{' '}
          <code>memory_reserved()</code>
        </li>
        <li>
          <span className="memstep-swatch memstep-swatch--now" aria-hidden="true" /> current event
        </li>
      </ul>
      <details className="memstep-table">
        <summary>The chart as a table, line by line</summary>
        <ScrollRegion className="memstep-table-scroll" label="The chart as a table">
          <table>
            <ColumnHeads
              names={[
                'Iteration',
                'Line',
                'Events',
                'Allocated after',
                'Highest allocated',
                'Reserved after',
              ]}
            />
            <tbody>
              {phases.map((p) => (
                <tr key={p.firstEvent}>
                  <td>{p.iteration === 0 ? 'before' : p.iteration}</td>
                  <td>
                    <code>{textOf.get(p.line) ?? p.line}</code>
                  </td>
                  <td>
                    {formatCount(p.firstEvent + 1)}–{formatCount(p.lastEvent + 1)}
                  </td>
                  <td>{formatBytesBinary(p.endAllocatedBytes)}</td>
                  <td>{formatBytesBinary(p.maxAllocatedBytes)}</td>
                  <td>{formatBytesBinary(p.endReservedBytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </div>
  );
}
