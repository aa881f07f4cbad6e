import { memo, useMemo, useRef } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import * as d3 from 'd3';
import type { GpuId, LinkId } from '../../engine/catalog';
import type { TimelineEvent } from '../../engine/models';
import { formatSeconds } from '../../format/units';
import { useElementWidth } from '../../ui/useElementWidth';
import { compareModes, overlapTimeline, type CopyMode } from './overlap-timeline';
import './overlap-timeline.css';

/** Props of the overlap timeline. */
export interface OverlapTimelineViewProps extends CopyMode {
  gpu: GpuId;
  link: LinkId;
}

const ROWS = [
  { engine: 'copy-h2d', label: 'Copy (host → GPU)' },
  { engine: 'compute', label: 'Compute' },
] as const;

const ROW_PX = 34;
const LEFT_PX = 118;

/** Copies and compute of a four-batch loop on streams, as the cost engine schedules them. */
export const OverlapTimelineView = memo(function OverlapTimelineView({
  gpu,
  link,
  pinned,
  nonBlocking,
}: OverlapTimelineViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(ref, 640);
  const modes = useMemo(() => compareModes(gpu, link), [gpu, link]);
  const timeline = useMemo(
    () => overlapTimeline({ gpu, link, pinned, nonBlocking }),
    [gpu, link, pinned, nonBlocking],
  );
  const longest = Math.max(...modes.map((m) => m.seconds));
  const innerPx = Math.max(widthPx - LEFT_PX - 24, 120);
  const x = d3.scaleLinear().domain([0, longest]).range([0, innerPx]);
  const ticks = x.ticks(widthPx < 480 ? 3 : 6);
  const heightPx = ROWS.length * ROW_PX + 28;
  const bars = timeline.events.filter(
    (e): e is TimelineEvent & { engine: 'copy-h2d' | 'compute' } =>
      e.engine === 'copy-h2d' || e.engine === 'compute',
  );
  const current = modes.find(
    (m) => m.mode.pinned === pinned && (!pinned || m.mode.nonBlocking === nonBlocking),
  );
  const description = `Four batches: ${formatSeconds(timeline.seconds)} in all, ${timeline.overlapSavedSeconds > 0 ? `${formatSeconds(timeline.overlapSavedSeconds)} saved by copies running under compute` : 'nothing overlaps'}.`;

  return (
    <figure className="overlap-timeline" ref={ref}>
      <figcaption>
        <strong>Copies and compute on streams</strong> <span className="tag-modeled">modeled</span>{' '}
        — each step uploads the next (32, 3, 224, 224) batch while the GPU runs the forward pass of
        the current one (modeled as a 2048³ fp32 matmul).
      </figcaption>
      <svg
        width={widthPx}
        height={heightPx}
        role="img"
        aria-label={`Timeline for ${current?.name ?? 'these settings'}. ${description}`}
      >
        {ROWS.map((row, i) => (
          <text key={row.engine} x={0} y={i * ROW_PX + 21} className="timeline-row-label">
            {row.label}
          </text>
        ))}
        <g transform={`translate(${LEFT_PX},0)`}>
          {ticks.map((t) => (
            <g key={t} transform={`translate(${x(t)},0)`}>
              <line y1={0} y2={ROWS.length * ROW_PX} className="timeline-grid" />
              <text y={ROWS.length * ROW_PX + 16} textAnchor="middle" className="timeline-tick">
                {(t * 1e3).toFixed(t * 1e3 < 10 ? 1 : 0)} ms
              </text>
            </g>
          ))}
          {bars.map((e) => {
            const row = ROWS.findIndex((r) => r.engine === e.engine);
            const w = Math.max(1, x(e.endSeconds) - x(e.startSeconds));
            return (
              <g key={e.index} transform={`translate(${x(e.startSeconds)},${row * ROW_PX + 5})`}>
                <rect
                  width={w}
                  height={ROW_PX - 10}
                  rx={3}
                  className={`timeline-bar bar-${e.engine}`}
                >
                  <title>{`${e.label}: ${formatSeconds(e.startSeconds)} to ${formatSeconds(e.endSeconds)}`}</title>
                </rect>
                {w > 26 ? (
                  <text
                    x={w / 2}
                    y={(ROW_PX - 10) / 2 + 4}
                    textAnchor="middle"
                    className="timeline-bar-label"
                  >
                    {e.label.replace(/^(copy|forward) batch /, '')}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <p className="timeline-summary" aria-live="polite">
        {description}
      </p>
      <table className="timeline-compare">
        <caption className="visually-hidden">
          Total time of the four steps for each way of copying
        </caption>
        <ColumnHeads names={['Host memory and copy', 'Four steps', 'Overlap saves']} />
        <tbody>
          {modes.map((m) => (
            <tr key={m.name} className={m === current ? 'current' : undefined}>
              <th scope="row">{m.name}</th>
              <td>{formatSeconds(m.seconds)}</td>
              <td>{m.savedSeconds > 0 ? formatSeconds(m.savedSeconds) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
});
