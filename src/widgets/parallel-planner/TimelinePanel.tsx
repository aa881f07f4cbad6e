import { memo, useMemo } from 'react';
import * as d3 from 'd3';
import type { ParallelStepPrediction } from '../../engine/models';
import { formatPercent, formatSeconds } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { STEP_PART_NAMES, STEP_PARTS, type StepParts } from './ranking';
import { stepLanes, type Segment, type SegmentKind, type StepLanes } from './timeline';
import '../../ui/panel.css';
import '../../ui/data-table.css';

const LABEL_PX = 76;
const RIGHT_PX = 12;
const LANE_PX = 40;
const BAR_PX = 20;
const COMM_PX = 8;
const AXIS_PX = 26;

/** The legend's entries: the kinds a lane may hold, in words. */
const KIND_NAMES: ReadonlyArray<[SegmentKind, string]> = [
  ['forward', 'forward'],
  ['backward', 'backward'],
  ['recompute', 'recomputation'],
  ['busy', 'forward and backward (merged)'],
  ['tp', 'tensor-parallel all-reduces'],
  ['cp', 'ring-attention exchanges'],
  ['send', 'sends between stages'],
  ['bubble', 'idle: pipeline bubble'],
  ['wait', 'waiting on data parallel (exposed)'],
  ['optimizer', 'optimizer'],
  ['gather', 'all-gathers'],
  ['scatter', 'reduce-scatters'],
  ['reduce', 'all-reduces'],
];

/** Who a lane stands for. */
function laneName(stage: number, stages: number): string {
  return stages === 1 ? 'Every GPU' : `Stage ${stage + 1}`;
}

/** A segment's tooltip. */
function segmentTitle(who: string, s: Segment): string {
  return `${who}: ${s.name}, ${formatSeconds(s.end - s.start)} (from ${formatSeconds(s.start)})`;
}

/** Props of the timeline panel. */
export interface TimelinePanelProps {
  prediction: ParallelStepPrediction;
  parts: StepParts;
  widthPx: number;
  idBase: string;
}

/**
 * One optimizer step of the chosen layout as lanes, one per pipeline stage: the compute stream
 * (each micro-batch's forward and backward with what they carry, the bubble, the waits, the
 * optimizer) and beneath it data parallel's collectives, then the step by part as a table.
 */
export const TimelinePanel = memo(function TimelinePanel({
  prediction,
  parts,
  widthPx,
  idBase,
}: TimelinePanelProps) {
  const lanes = useMemo(() => stepLanes(prediction), [prediction]);
  const kinds = new Set(
    lanes.lanes.flatMap((l) => [...l.compute, ...l.collectives].map((s) => s.kind)),
  );
  const l = prediction.layout;
  const perLane = l.tp * l.cp * l.dp;
  const hidden = prediction.dataParallelSeconds - prediction.exposedDataParallelSeconds;
  return (
    <section className="ui-panel pp-panel" aria-labelledby={`${idBase}-tl-h`} data-timeline>
      <h4 id={`${idBase}-tl-h`}>
        One step on each GPU <span className="tag-modeled">modeled</span>
      </h4>
      <p className="pp-hint">
        {lanes.stages === 1
          ? `Every one of the ${perLane} GPUs runs the same step.`
          : `One lane per pipeline stage; each stands for the ${perLane} GPUs of its stage (TP × CP × DP = ${l.tp} × ${l.cp} × ${l.dp}), which run the same schedule.`}{' '}
        The thin row under a lane is data parallel’s collectives on their own stream: what runs
        under compute is hidden, what compute waits for is exposed.
      </p>
      <p className="pp-legend-row" aria-hidden="true">
        {KIND_NAMES.filter(([k]) => kinds.has(k)).map(([k, name]) => (
          <span key={k} className="pp-legend-item">
            <span className={`pp-key pp-seg--${k}`} /> {name}
          </span>
        ))}
      </p>
      <LanesSvg
        lanes={lanes}
        prediction={prediction}
        widthPx={widthPx}
        idPrefix={`${idBase}-lanes`}
      />
      <ul className="pp-notes">
        {lanes.stages > lanes.lanes.length && (
          <li>
            Stages 1–{lanes.lanes.length / 2} and {lanes.stages - lanes.lanes.length / 2 + 1}–
            {lanes.stages} of {lanes.stages} are drawn; the others look alike.
          </li>
        )}
        {!lanes.detailed && (
          <li>Too many micro-batches to draw one by one: back-to-back passes are drawn merged.</li>
        )}
        {lanes.stages > 1 && (
          <li>
            Every stage runs at the pace of the slowest, the last (it also holds the output layer
            and the loss), as the engine prices the pipeline
            {l.schedule === 'interleaved' && lanes.chunks === 1
              ? '. The interleaved schedule needs the micro-batches to be a multiple of the stages; with these it is drawn in 1F1B’s order'
              : ''}
            .
          </li>
        )}
        <li>
          A pass’s collectives are drawn after its arithmetic; in a real step they alternate layer
          by layer.
          {Math.abs(lanes.seconds - prediction.seconds) > 1e-3 * prediction.seconds
            ? ` Drawn this way the step takes ${formatSeconds(lanes.seconds)}; the engine prices it at ${formatSeconds(prediction.seconds)}.`
            : ''}
        </li>
      </ul>
      <StepPartsTable
        prediction={prediction}
        parts={parts}
        hiddenSeconds={hidden}
        idBase={idBase}
      />
    </section>
  );
});

/** The lanes as an SVG, with an accessible summary. */
function LanesSvg({
  lanes,
  prediction,
  widthPx,
  idPrefix,
}: {
  lanes: StepLanes;
  prediction: ParallelStepPrediction;
  widthPx: number;
  idPrefix: string;
}) {
  const innerPx = Math.max(140, widthPx - LABEL_PX - RIGHT_PX);
  const x = d3.scaleLinear().domain([0, lanes.seconds]).range([0, innerPx]);
  const heightPx = lanes.lanes.length * LANE_PX + AXIS_PX;
  const ticks = x.ticks(widthPx < 480 ? 3 : 6);
  const description =
    `A step of ${formatSeconds(prediction.seconds)}: ${prediction.microBatches} micro-batch${prediction.microBatches === 1 ? '' : 'es'} on each of ${lanes.stages} pipeline stage${lanes.stages === 1 ? '' : 's'}` +
    (prediction.bubbleShare > 0
      ? `, the bubble ${formatPercent(prediction.bubbleShare)} of the pipeline's time`
      : '') +
    `; data parallel's exposed communication ${formatSeconds(prediction.exposedDataParallelSeconds)}, the optimizer ${formatSeconds(prediction.optimizerSeconds)}. The table below gives each part.`;
  return (
    <svg
      className="pp-lanes"
      width={LABEL_PX + innerPx + RIGHT_PX}
      height={heightPx}
      viewBox={`0 0 ${LABEL_PX + innerPx + RIGHT_PX} ${heightPx}`}
      role="img"
      aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`}
      data-stages={lanes.stages}
    >
      <title id={`${idPrefix}-title`}>Step timeline per pipeline stage</title>
      <desc id={`${idPrefix}-desc`}>{description}</desc>
      <g transform={`translate(${LABEL_PX},0)`}>
        {ticks.map((t) => (
          <line
            key={t}
            className="pp-lanes__grid"
            x1={x(t)}
            x2={x(t)}
            y1={0}
            y2={lanes.lanes.length * LANE_PX}
          />
        ))}
        {lanes.lanes.map((lane, row) => {
          const who = laneName(lane.stage, lanes.stages);
          return (
            <g
              key={lane.stage}
              transform={`translate(0,${row * LANE_PX + 4})`}
              data-lane={lane.stage}
            >
              <text className="pp-lanes__label" x={-8} y={BAR_PX / 2} dy="0.35em" textAnchor="end">
                {who}
              </text>
              {lane.compute.map((s, i) => (
                <rect
                  key={i}
                  className={`pp-seg pp-seg--${s.kind}`}
                  data-kind={s.kind}
                  x={x(s.start)}
                  y={0}
                  width={Math.max(0.5, x(s.end) - x(s.start))}
                  height={BAR_PX}
                >
                  <title>{segmentTitle(who, s)}</title>
                </rect>
              ))}
              {lane.collectives.map((s, i) => (
                <rect
                  key={`c${i}`}
                  className={`pp-seg pp-seg--${s.kind}`}
                  data-kind={s.kind}
                  data-stream="collectives"
                  x={x(s.start)}
                  y={BAR_PX + 3}
                  width={Math.max(0.5, x(s.end) - x(s.start))}
                  height={COMM_PX}
                >
                  <title>{segmentTitle(who, s)}, on the collectives’ stream</title>
                </rect>
              ))}
            </g>
          );
        })}
        <g transform={`translate(0,${lanes.lanes.length * LANE_PX})`} className="pp-lanes__axis">
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

/** The step by part: seconds and share, and data parallel's hidden part beside. */
function StepPartsTable({
  prediction,
  parts,
  hiddenSeconds,
  idBase,
}: {
  prediction: ParallelStepPrediction;
  parts: StepParts;
  hiddenSeconds: number;
  idBase: string;
}) {
  const captionId = `${idBase}-parts-caption`;
  return (
    <details className="pp-details" open>
      <summary>The step by part</summary>
      <ScrollRegion className="table-scroll" labelledBy={captionId}>
        <table className="ui-data-table pp-table" data-parts-table>
          <caption id={captionId} className="visually-hidden">
            The step by part (modeled)
          </caption>
          <ColumnHeads names={['Part', 'Per step', 'Share of the step']} />
          <tbody>
            {STEP_PARTS.filter((k) => parts[k] > 0 || k === 'arithmetic').map((k) => (
              <tr key={k} data-part={k} data-seconds={parts[k]}>
                <th scope="row">{STEP_PART_NAMES[k]}</th>
                <td>{formatSeconds(parts[k])}</td>
                <td>{formatPercent(parts[k] / prediction.seconds)}</td>
              </tr>
            ))}
            {hiddenSeconds > 0 && (
              <tr data-part="hidden" data-seconds={hiddenSeconds}>
                <th scope="row">data parallel’s communication hidden under compute</th>
                <td>{formatSeconds(hiddenSeconds)}</td>
                <td>not in the step</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr data-part="step">
              <th scope="row">the step</th>
              <td>{formatSeconds(prediction.seconds)}</td>
              <td>{formatPercent(1)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </details>
  );
}
