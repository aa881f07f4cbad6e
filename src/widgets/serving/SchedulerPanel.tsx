import { memo, useMemo } from 'react';
import * as d3 from 'd3';
import type { ServingPrediction, StepRecord } from '../../engine/models';
import { formatCount, formatSeconds } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { FieldLabel } from '../../ui/field';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { servingSchema } from './settings';
import {
  clampStep,
  GANTT_REQUESTS,
  phaseAt,
  phaseSpans,
  PHASES,
  stepRecordText,
  type Phase,
} from './timeline';
import '../../ui/panel.css';
import '../../ui/data-table.css';

/** Each phase's name in the legend and the counts. */
const PHASE_NAMES: Readonly<Record<Phase, string>> = {
  waiting: 'waiting for cache pages',
  prefill: 'prompt (prefill)',
  decode: 'decoding',
};

const ROW_PX = 6;
const ROW_GAP_PX = 2;
const LANE_GAP_PX = 14;
const LANE_PX = 34;

/** Props of the scheduler panel. */
export interface SchedulerPanelProps {
  prediction: ServingPrediction;
  /** The step record the settings ask for (clamped here). */
  step: number;
  onStep(step: number): void;
  widthPx: number;
  idBase: string;
}

/** The window the chart shows: the first requests, and the step records while they run. */
function windowOf(prediction: ServingPrediction) {
  const requests = prediction.trace.requests.slice(0, GANTT_REQUESTS);
  const end =
    requests.length > 0
      ? Math.max(...requests.map((r) => r.finishSeconds))
      : prediction.trace.seconds;
  const records = prediction.trace.steps.filter((s, i) => i === 0 || s.startSeconds < end);
  return { requests, end: end > 0 ? end : 1, records };
}

/** Where a record ends: the next one's start, or its own steps after its start. */
function recordEnd(records: readonly StepRecord[], i: number): number {
  const next = records[i + 1];
  const record = records[i]!;
  return next ? next.startSeconds : record.startSeconds + record.steps * record.stepSeconds;
}

/**
 * The scheduler step by step: the first requests of the simulated run as rows (waiting for
 * pages, prompt in prefill chunks, decoding, gone), the step records under them (decode-only
 * runs and steps with prompt chunks, height by requests decoding), a cursor at the step the
 * scrubber picks, and that step in words (announced as the scrubber moves).
 */
export const SchedulerPanel = memo(function SchedulerPanel({
  prediction,
  step,
  onStep,
  widthPx,
  idBase,
}: SchedulerPanelProps) {
  const { requests, end, records } = useMemo(() => windowOf(prediction), [prediction]);
  const index = clampStep(step, records.length);
  const current = records[index];
  const rowsPx = requests.length * (ROW_PX + ROW_GAP_PX);
  const innerHeight = rowsPx + LANE_GAP_PX + LANE_PX;
  const narrow = isNarrowPlot(widthPx);
  const layout = plotLayout(
    widthPx,
    { top: 8, right: 14, bottom: 38, left: 44, narrow: { left: 36 } },
    {
      aspect: 0,
      minHeightPx: innerHeight + 46,
      maxHeightPx: innerHeight + 46,
      minInnerWidthPx: 160,
    },
  );
  const x = useMemo(
    () => d3.scaleLinear().domain([0, end]).range([0, layout.innerWidthPx]),
    [end, layout.innerWidthPx],
  );
  const y = useMemo(
    () => d3.scaleLinear().domain([0, innerHeight]).range([0, layout.innerHeightPx]),
    [innerHeight, layout.innerHeightPx],
  );
  const maxDecode = Math.max(1, ...records.map((r) => r.decodeRequests));
  const laneTop = rowsPx + LANE_GAP_PX;
  const pages = prediction.memory.pages;
  const text = stepRecordText(records, index, pages);
  const at = current?.startSeconds ?? 0;
  const counts = PHASES.map(
    (phase) => [phase, requests.filter((r) => phaseAt(r, at) === phase).length] as const,
  );
  const done = requests.filter((r) => r.finishSeconds <= at).length;
  const notYet = requests.filter((r) => r.arrivalSeconds > at).length;
  const ticks = x.ticks(narrow ? 3 : 6);
  const scrubId = `${idBase}-scrub`;

  return (
    <section className="ui-panel sv-panel" aria-labelledby={`${idBase}-sched-h`} data-scheduler>
      <h4 id={`${idBase}-sched-h`}>
        The scheduler, step by step <span className="tag-modeled">modeled</span>
      </h4>
      <p className="sv-hint">
        Continuous batching: each client sends its next request when its last one finishes. A
        request waits until the cache has pages for its whole length, its prompt runs in chunks
        beside the others’ decode steps, and its first token ends its prefill. Shown: the first{' '}
        {requests.length} requests of {formatCount(prediction.trace.simulatedRequests)} simulated,
        and the scheduler’s steps while they run.
      </p>
      <p className="sv-legend" aria-hidden="true">
        {PHASES.map((phase) => (
          <span key={phase} className="sv-legend__item">
            <span className={`sv-key sv-phase--${phase}`} /> {PHASE_NAMES[phase]}
          </span>
        ))}
        <span className="sv-legend__item">
          <span className="sv-key sv-lane--decode" /> decode-only steps
        </span>
        <span className="sv-legend__item">
          <span className="sv-key sv-lane--prefill" /> steps with prompt chunks
        </span>
      </p>
      <PlotFrame
        layout={layout}
        className="sv-gantt"
        grid={false}
        name={{
          idPrefix: `${idBase}-gantt`,
          title: `The first ${requests.length} requests and the scheduler's steps`,
          description: `${requests.length} requests over ${formatSeconds(end)}; ${records.length} step records. The scrubber below reads each step in words.`,
        }}
        x={{
          scale: x,
          ticks,
          format: (v) => formatSeconds(v),
          title: 'time since the first request (modeled)',
        }}
        y={{
          scale: y,
          ticks: [],
          format: String,
          line: false,
          tickSizePx: 0,
          title: 'requests',
          titleOffsetPx: narrow ? 14 : 18,
        }}
      >
        {requests.map((r, row) =>
          phaseSpans(r).map((span) => (
            <rect
              key={`${r.id}-${span.phase}`}
              className={`sv-phase--${span.phase}`}
              data-request={r.id}
              data-phase={span.phase}
              x={x(span.start)}
              y={y(row * (ROW_PX + ROW_GAP_PX))}
              width={Math.max(0.5, x(span.end) - x(span.start))}
              height={y(ROW_PX)}
            />
          )),
        )}
        {records.map((r, i) => {
          const h = Math.max(2, (LANE_PX * r.decodeRequests) / maxDecode);
          return (
            <rect
              key={`s${i}`}
              className={`${r.prefillTokens > 0 ? 'sv-lane--prefill' : 'sv-lane--decode'}${i === index ? ' is-current' : ''}`}
              data-record={i}
              x={x(r.startSeconds)}
              y={y(laneTop + LANE_PX - h)}
              width={Math.max(0.5, x(Math.min(end, recordEnd(records, i))) - x(r.startSeconds))}
              height={y(h)}
            />
          );
        })}
        <line
          className="sv-cursor"
          data-cursor-seconds={at}
          x1={x(at)}
          x2={x(at)}
          y1={0}
          y2={layout.innerHeightPx}
        />
      </PlotFrame>
      <div className="sv-scrub">
        <FieldLabel field={servingSchema.fields.step} htmlFor={scrubId} />
        <input
          id={scrubId}
          type="range"
          min={0}
          max={Math.max(0, records.length - 1)}
          step={1}
          value={index}
          disabled={records.length <= 1}
          aria-valuetext={`record ${index + 1} of ${records.length}, at ${formatSeconds(at)}`}
          aria-describedby={`${idBase}-step-text`}
          onChange={(e) => onStep(Number(e.target.value))}
        />
        <span className="sv-scrub__buttons">
          <button
            type="button"
            onClick={() => onStep(Math.max(0, index - 1))}
            disabled={index === 0}
          >
            Previous step
          </button>
          <button
            type="button"
            onClick={() => onStep(Math.min(records.length - 1, index + 1))}
            disabled={index >= records.length - 1}
          >
            Next step
          </button>
        </span>
      </div>
      <p id={`${idBase}-step-text`} className="sv-step-text" role="status" data-step-text>
        {text}
      </p>
      <p className="sv-hint" data-phase-counts>
        Of the first {requests.length} requests at that moment:{' '}
        {counts.map(([phase, n]) => `${n} ${PHASE_NAMES[phase]}`).join(', ')}, {done} finished
        {notYet > 0 ? `, ${notYet} not sent yet` : ''}.
      </p>
      <details className="sv-details">
        <summary>The steps as a table</summary>
        <ScrollRegion className="table-scroll" label="Scheduler steps as a table">
          <table className="ui-data-table sv-table" data-steps-table>
            <ColumnHeads
              names={[
                'Record',
                'Starts at',
                'Per step',
                'Steps',
                'Decoding',
                'Prompt tokens',
                'Pages in use',
              ]}
            />
            <tbody>
              {records.map((r, i) => (
                <tr key={i} aria-current={i === index ? 'true' : undefined}>
                  <th scope="row">{i + 1}</th>
                  <td>{formatSeconds(r.startSeconds)}</td>
                  <td>{formatSeconds(r.stepSeconds)}</td>
                  <td>{formatCount(r.steps)}</td>
                  <td>{formatCount(r.decodeRequests)}</td>
                  <td>
                    {r.prefillTokens > 0
                      ? `${formatCount(r.prefillTokens)} (${r.prefillRequests} req.)`
                      : '—'}
                  </td>
                  <td>{formatCount(r.pagesInUse)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
});
