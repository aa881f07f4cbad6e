import { DDP_BUCKET_BYTES } from '../../engine/models';
import { INTERCONNECTS, isInterconnectId } from '../../engine/catalog';
import { formatBytesDecimal, formatCount, formatSeconds } from '../../format/units';
import type { DataParallelController, RingPlayback } from './controller';
import type { DataParallelResult } from './simulation';
import {
  chunkBytes,
  ringBytesPerGpu,
  ringHoldings,
  ringSchedule,
  ringSteps,
  type RingStep,
} from './ring';
import '../../ui/panel.css';
import './ring-all-reduce.css';

const BOX_PAD_PX = 5;

/** Where GPU `i` of `n` sits on a circle of radius `r` around (c, c), GPU 0 at the top. */
function place(i: number, n: number, c: number, r: number): [number, number] {
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return [c + r * Math.cos(angle), c + r * Math.sin(angle)];
}

/** The step the drawing highlights: the one in flight while playing, else the one just done. */
function shownStep(ring: RingPlayback, schedule: readonly RingStep[]): RingStep | null {
  const index = ring.playing ? ring.done : ring.done - 1;
  return schedule[index] ?? null;
}

/** What a step does, in words. */
function stepText(ring: RingPlayback, step: RingStep | null, total: number): string {
  if (total === 0) return 'With one GPU there is nothing to all-reduce.';
  if (!step) {
    return `Ready: every GPU holds its own gradient, cut into ${ring.gpus} chunks. Step through the ${total} steps.`;
  }
  const verb =
    step.phase === 'reduce-scatter'
      ? 'which adds it to its own copy of that chunk'
      : 'which keeps it in place of its partial copy';
  const tense = ring.playing ? 'sends' : 'sent';
  const end =
    step.index === ring.gpus - 1 && !ring.playing
      ? ' Reduce-scatter is done: each GPU now holds one chunk fully summed.'
      : step.index === total && !ring.playing
        ? ' All-gather is done: every GPU holds the whole summed gradient.'
        : '';
  return `Step ${step.index} of ${total} (${step.phase}): each GPU ${tense} one chunk to its right-hand neighbour, ${verb}.${end}`;
}

/** The ring drawing: GPUs on a circle, their chunks, and the step's transfers as arrows. */
function RingDrawing({ ring, sizePx }: { ring: RingPlayback; sizePx: number }) {
  const n = ring.gpus;
  // Narrow rings of many GPUs get smaller chunks, so neighbouring boxes do not overlap.
  const cellPx = n <= 4 ? 13 : sizePx < 340 ? 6 : 9;
  const schedule = ringSchedule(n);
  const step = shownStep(ring, schedule);
  const held = ringHoldings(n, ring.done);
  const c = sizePx / 2;
  const boxW = n * cellPx + 2 * BOX_PAD_PX;
  const boxH = 34;
  const r = c - Math.max(boxW, boxH) / 2 - 6;
  const sending = new Map(step?.transfers.map((t) => [t.from, t.chunk]) ?? []);
  return (
    <svg
      className="dp-ring"
      width={sizePx}
      height={sizePx}
      viewBox={`0 0 ${sizePx} ${sizePx}`}
      aria-hidden="true"
    >
      <defs>
        <marker
          id="dp-ring-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" className="dp-ring__arrowhead" />
        </marker>
      </defs>
      <circle className="dp-ring__track" cx={c} cy={c} r={r} />
      {n > 1 &&
        step?.transfers.map((t) => {
          const [x1, y1] = place(t.from, n, c, r);
          const [x2, y2] = place(t.to, n, c, r);
          // Shorten the arrow so it runs between the boxes.
          const dx = x2 - x1;
          const dy = y2 - y1;
          const len = Math.hypot(dx, dy) || 1;
          const cut = Math.min(len / 3, Math.max(boxW, boxH) / 2);
          const ax = x1 + (dx / len) * cut;
          const ay = y1 + (dy / len) * cut;
          const bx = x2 - (dx / len) * cut;
          const by = y2 - (dy / len) * cut;
          const p = ring.playing ? ring.progress : 1;
          return (
            <g key={t.from} className={`dp-ring__send dp-ring__send--${step.phase}`}>
              <line x1={ax} y1={ay} x2={bx} y2={by} markerEnd="url(#dp-ring-arrow)" />
              {ring.playing && (
                <circle
                  cx={ax + (bx - ax) * p}
                  cy={ay + (by - ay) * p}
                  r={4}
                  className="dp-ring__packet"
                />
              )}
            </g>
          );
        })}
      {held.map((row, gpu) => {
        const [x, y] = place(gpu, n, c, r);
        return (
          <g key={gpu} transform={`translate(${x - boxW / 2},${y - boxH / 2})`} data-ring-gpu={gpu}>
            <rect className="dp-ring__box" width={boxW} height={boxH} rx={5} />
            <text className="dp-ring__label" x={boxW / 2} y={12} textAnchor="middle">
              GPU {gpu}
            </text>
            {row.map((count, chunk) => (
              <rect
                key={chunk}
                className={`dp-ring__cell${count === n ? ' dp-ring__cell--full' : ''}${sending.get(gpu) === chunk ? ' dp-ring__cell--sending' : ''}`}
                x={BOX_PAD_PX + chunk * cellPx}
                y={18}
                width={cellPx - 2}
                height={11}
                style={{ fillOpacity: n > 1 ? 0.3 + (0.7 * (count - 1)) / (n - 1) : 1 }}
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/** Props of the ring panel. */
export interface RingAllReduceProps {
  result: DataParallelResult;
  ring: RingPlayback;
  reducedMotion: boolean;
  controller: DataParallelController;
  widthPx: number;
  idBase: string;
}

/** The link that names the all-reduce's bottleneck. */
function linkName(id: string | null): string {
  return id !== null && isInterconnectId(id) ? INTERCONNECTS[id].name : 'no link';
}

/**
 * The ring all-reduce of the whole gradient, step by step, with what each GPU sends and the
 * engine's time for it.
 */
export function RingAllReduce({
  result,
  ring,
  reducedMotion,
  controller,
  widthPx,
  idBase,
}: RingAllReduceProps) {
  const n = result.gpus;
  const gradient = result.ddp.gradientBytes;
  const total = ringSteps(ring.gpus);
  const schedule = ringSchedule(ring.gpus);
  const step = shownStep(ring, schedule);
  const perGpu = ringBytesPerGpu(gradient, n);
  const buckets = Math.max(1, Math.ceil(gradient / DDP_BUCKET_BYTES));
  const sizePx = Math.max(240, Math.min(widthPx, 380));
  const atEnd = ring.done >= total;
  const playLabel = ring.playing ? 'Pause' : atEnd && total > 0 ? 'Play again' : 'Play';
  return (
    <section className="ui-panel dp-panel" aria-labelledby={`${idBase}-ring-h`}>
      <h4 id={`${idBase}-ring-h`}>Ring all-reduce, chunk by chunk</h4>
      <div className="dp-ring-layout">
        <div className="dp-ring-figure">
          <RingDrawing ring={ring} sizePx={sizePx} />
          {ring.gpus < n && (
            <p className="dp-hint">
              The drawing shows a ring of {ring.gpus}; the bytes and time are for all {n} GPUs.
            </p>
          )}
        </div>
        <div className="dp-ring-side">
          <div className="dp-buttons" role="group" aria-label="Ring all-reduce steps">
            {!reducedMotion && (
              <button
                type="button"
                className="primary"
                data-action="ring-play"
                disabled={total === 0}
                onClick={() => controller.togglePlay()}
              >
                {playLabel}
              </button>
            )}
            <button
              type="button"
              data-action="ring-back"
              disabled={ring.done === 0 && ring.progress === 0}
              onClick={() => controller.stepBack()}
            >
              Step back
            </button>
            <button
              type="button"
              data-action="ring-step"
              disabled={atEnd}
              onClick={() => controller.stepForward()}
            >
              Step
            </button>
            <button
              type="button"
              data-action="ring-reset"
              disabled={ring.done === 0 && !ring.playing}
              onClick={() => controller.reset()}
            >
              Reset
            </button>
          </div>
          {reducedMotion && (
            <p className="dp-hint">Reduced motion is on, so the ring does not animate: use Step.</p>
          )}
          <p
            className="dp-ring-status"
            aria-live={ring.playing ? 'off' : 'polite'}
            data-ring-done={ring.done}
          >
            {stepText(ring, step, total)}
          </p>
          {step && (
            <p className="dp-ring-transfers">
              {step.transfers
                .map((t) => `GPU ${t.from} → GPU ${t.to}: chunk ${t.chunk}`)
                .join('; ')}
            </p>
          )}
          <dl className="dp-figures">
            <dt>Gradient (fp32, per GPU)</dt>
            <dd data-gradient-bytes={gradient}>{formatBytesDecimal(gradient)}</dd>
            <dt>Each GPU sends</dt>
            <dd data-bytes-per-gpu={perGpu}>
              2({n}−1)/{n} × {formatBytesDecimal(gradient)} = {formatBytesDecimal(perGpu)}
              {n > 1 && (
                <span className="dp-hint">
                  {' '}
                  in {2 * (n - 1)} steps of one chunk ({formatBytesDecimal(chunkBytes(gradient, n))}
                  )
                </span>
              )}
            </dd>
            <dt>One all-reduce of the whole gradient</dt>
            <dd data-allreduce-seconds={result.allReduce.seconds}>
              {formatSeconds(result.allReduce.seconds)} <span className="tag-modeled">modeled</span>
              {n > 1 && (
                <span className="dp-hint">
                  {' '}
                  ({formatSeconds(result.allReduce.latencySeconds)} of step latency, the rest at the
                  speed of {linkName(result.allReduce.bottleneck)})
                </span>
              )}
            </dd>
            <dt>What DDP does instead</dt>
            <dd>
              {formatCount(buckets)} bucket{buckets === 1 ? '' : 's'} of up to 25 MiB, all-reduced
              as backward fills them: {formatSeconds(result.ddp.communicationSeconds)} in all, of
              which {formatSeconds(result.ddp.exposedCommunicationSeconds)} is left after backward.
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
