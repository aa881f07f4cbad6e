import * as d3 from 'd3';
import { ColumnHeads } from '../../ui/ColumnHeads';
import type { DataParallelPrediction } from '../../engine/models';
import { formatSeconds } from '../../format/units';
import { lanesOf, type LaneSegment } from './simulation';
import { STRATEGY_SHORT_NAMES } from './settings';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** How each mode is named. */
export const MODE_NAMES = {
  ddp: 'DistributedDataParallel',
  dp: 'DataParallel',
} as const;

/** Whether a step shards the model state (a ZeRO stage rather than plain DDP or DataParallel). */
function isSharded(prediction: DataParallelPrediction): boolean {
  return prediction.strategy !== null && prediction.strategy !== 'replicate';
}

/** A step's name: its wrapper, or its ZeRO stage when it shards. */
export function stepName(prediction: DataParallelPrediction): string {
  return isSharded(prediction) && prediction.strategy
    ? STRATEGY_SHORT_NAMES[prediction.strategy]
    : MODE_NAMES[prediction.mode];
}

/** What a timeline is marked with: `ddp`, `dp`, or the ZeRO stage (`zero1`…`zero3`). */
export function stepKey(prediction: DataParallelPrediction): string {
  return isSharded(prediction) && prediction.strategy ? prediction.strategy : prediction.mode;
}

const LABEL_PX = 52;
const RIGHT_PX = 14;
const LANE_PX = 34;
const BAR_PX = 18;
const NCCL_PX = 7;
const AXIS_PX = 26;

/** Props of one mode's timeline. */
export interface StepTimelineProps {
  prediction: DataParallelPrediction;
  /** GPUs whose lanes are drawn (one node's). */
  gpusShown: number;
  /** The time the axis ends at, shared by both modes so their lengths compare. */
  axisSeconds: number;
  widthPx: number;
  idPrefix: string;
}

function segmentTitle(gpu: number, s: LaneSegment): string {
  return `GPU ${gpu}: ${s.name}, ${formatSeconds(s.endSeconds - s.startSeconds)} (from ${formatSeconds(s.startSeconds)})`;
}

/**
 * One mode's step as lanes, one per GPU: the compute stream's phases from the engine (idle where
 * a GPU waits), and under DDP a thin row beneath for the collectives on NCCL's streams (bucket
 * all-reduces; a sharded step's reduce-scatters and all-gathers).
 */
export function StepTimeline({
  prediction,
  gpusShown,
  axisSeconds,
  widthPx,
  idPrefix,
}: StepTimelineProps) {
  const lanes = lanesOf(prediction, gpusShown);
  const innerPx = Math.max(120, widthPx - LABEL_PX - RIGHT_PX);
  const x = d3.scaleLinear().domain([0, axisSeconds]).range([0, innerPx]);
  const heightPx = lanes.length * LANE_PX + AXIS_PX;
  const ticks = x.ticks(widthPx < 480 ? 3 : 6);
  const mode = stepName(prediction);
  const gpu0 = lanes[0];
  const other = lanes[1];
  const description =
    `${mode}: a step of ${formatSeconds(prediction.seconds)} on each of ${lanes.length} GPUs drawn.` +
    (gpu0 && other
      ? ` GPU 0 is busy for ${formatSeconds(gpu0.busySeconds)}, each other GPU for ${formatSeconds(other.busySeconds)}.`
      : '');
  return (
    <svg
      className="dp-timeline"
      width={LABEL_PX + innerPx + RIGHT_PX}
      height={heightPx}
      viewBox={`0 0 ${LABEL_PX + innerPx + RIGHT_PX} ${heightPx}`}
      role="img"
      aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`}
      data-mode={stepKey(prediction)}
    >
      <title id={`${idPrefix}-title`}>{`${mode} step timeline`}</title>
      <desc id={`${idPrefix}-desc`}>{description}</desc>
      <g transform={`translate(${LABEL_PX},0)`}>
        {ticks.map((t) => (
          <line
            key={t}
            className="dp-timeline__grid"
            x1={x(t)}
            x2={x(t)}
            y1={0}
            y2={lanes.length * LANE_PX}
          />
        ))}
        <line
          className="dp-timeline__end"
          x1={x(prediction.seconds)}
          x2={x(prediction.seconds)}
          y1={0}
          y2={lanes.length * LANE_PX}
        />
        {lanes.map((lane, row) => (
          <g
            key={lane.gpu}
            transform={`translate(0,${row * LANE_PX + 3})`}
            data-lane={lane.gpu}
            data-busy-seconds={lane.busySeconds}
          >
            <text className="dp-timeline__label" x={-8} y={BAR_PX / 2} dy="0.35em" textAnchor="end">
              GPU {lane.gpu}
            </text>
            {lane.segments.map((s, i) => (
              <rect
                key={i}
                className={`dp-seg dp-seg--${s.kind}`}
                data-phase={s.name}
                x={x(s.startSeconds)}
                y={0}
                width={Math.max(0.5, x(s.endSeconds) - x(s.startSeconds))}
                height={BAR_PX}
              >
                <title>{segmentTitle(lane.gpu, s)}</title>
              </rect>
            ))}
            {lane.communication.map((s, i) => (
              <rect
                key={`c${i}`}
                className="dp-seg dp-seg--nccl"
                data-phase={s.name}
                x={x(s.startSeconds)}
                y={BAR_PX + 2}
                width={Math.max(1, x(s.endSeconds) - x(s.startSeconds))}
                height={NCCL_PX}
              >
                <title>{segmentTitle(lane.gpu, s)} on NCCL’s stream</title>
              </rect>
            ))}
          </g>
        ))}
        <g transform={`translate(0,${lanes.length * LANE_PX})`} className="dp-timeline__axis">
          {ticks.map((t) => (
            <text key={t} x={x(t)} y={16} textAnchor="middle">
              {formatSeconds(t)}
            </text>
          ))}
        </g>
      </g>
    </svg>
  );
}

/** The phases of one step as a table: GPU 0, the other GPUs, and the NCCL streams. */
export function TimelineTable({ prediction }: { prediction: DataParallelPrediction }) {
  const row = (who: string, p: { name: string; startSeconds: number; endSeconds: number }) => (
    <tr key={`${who}-${p.name}`}>
      <th scope="row">{p.name}</th>
      <td>{who}</td>
      <td>{formatSeconds(p.startSeconds)}</td>
      <td>{formatSeconds(p.endSeconds - p.startSeconds)}</td>
    </tr>
  );
  const same = prediction.mode === 'ddp';
  return (
    <ScrollRegion className="table-scroll" label={`${stepName(prediction)} phases`}>
      <table className="dp-table">
        <ColumnHeads names={['Phase', 'GPU', 'Starts at', 'Lasts']} />
        <tbody>
          {prediction.phases.map((p) => row(same ? 'every GPU' : 'GPU 0', p))}
          {!same && prediction.otherGpuPhases.map((p) => row('each other GPU', p))}
          {prediction.communicationPhases.map((p) => row('every GPU, NCCL stream', p))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
