import { useId, useMemo, useState, type JSX } from 'react';
import type { TrainStepRequest } from '../../../engine/models';
import { formatCount } from '../../../format/units';
import { AllocatorView } from './AllocatorView';
import { EngineNote } from './EngineNote';
import { HabitToggles } from './HabitToggles';
import { LoopCode } from './LoopCode';
import { PLAIN_LOOP, type LoopHabits } from './loop-code';
import { MemoryCounters } from './MemoryCounters';
import { MemoryTimeline } from './MemoryTimeline';
import { StepControls } from './StepControls';
import { resolveStepSetup, type StepSetup } from './step-setup';
import { stepModel } from './step-model';
import { TraceReplay } from './trace';
import { usePlayback } from './usePlayback';
import './step.css';

/**
 * Two iterations of a training loop, event by event: the line running, the three torch.cuda
 * counters, memory over the events with the peak, habits that change the loop, and the caching
 * allocator's segments after the current event. A request the engine rejects shows its message.
 */
export function StepThroughPanel(props: { request: TrainStepRequest }): JSX.Element {
  // Keyed on the request's content, so a parent passing a fresh object each render costs nothing.
  const key = JSON.stringify(props.request);
  const resolved = useMemo(() => resolveStepSetup(JSON.parse(key) as TrainStepRequest), [key]);
  const idBase = `memstep-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <section className="memstep" aria-labelledby={`${idBase}-title`}>
      <h3 id={`${idBase}-title`}>Step through a training loop</h3>
      {resolved.ok ? (
        <StepThrough key={key} setup={resolved.setup} idBase={idBase} />
      ) : (
        <p className="memstep-error" role="alert" data-engine-error>
          The engine cannot model this step: {resolved.message}
        </p>
      )}
    </section>
  );
}

/** The step-through of a checked setup. */
function StepThrough({ setup, idBase }: { setup: StepSetup; idBase: string }) {
  const [habits, setHabits] = useState<LoopHabits>(PLAIN_LOOP);
  const model = useMemo(() => stepModel(setup, habits), [setup, habits]);
  const { trace, phases, lines } = model;
  const count = trace.counters.length;
  const playback = usePlayback(count);
  const index = playback.index;
  const replay = useMemo(() => new TraceReplay(trace), [trace]);
  const segments = useMemo(() => replay.at(index).segmentViews(), [replay, index]);
  const event = trace.events[index];
  const counters = trace.counters[index];
  const where = event
    ? `${event.iteration === 0 ? 'before the loop' : `iteration ${event.iteration}`}: ${event.label}`
    : '';
  const oomHere = trace.oom !== null && trace.oom.eventIndex === index;

  return (
    <>
      <p className="memstep-intro">
        Two iterations of <code>out = model(x)</code>, <code>loss = loss_fn(out, y)</code>,{' '}
        <code>loss.backward()</code>, <code>optimizer.step()</code>,{' '}
        <code>optimizer.zero_grad()</code>, layer by layer, run through the same caching-allocator
        model as the PyTorch console. Every number is <span className="tag-modeled">modeled</span>:
        tensors are per layer, and the batch counts as the first layer’s saved input.
      </p>
      <HabitToggles habits={habits} onChange={setHabits} idBase={idBase} />
      <StepControls
        playback={playback}
        phases={phases}
        count={count}
        valueText={`event ${formatCount(index + 1)} of ${formatCount(count)}, ${where}`}
        idBase={idBase}
      />
      <div className="memstep-stage">
        <LoopCode lines={lines} current={event?.line ?? null} />
        <div className="memstep-now-panel">
          <p className="memstep-event" data-event>
            <strong>
              Event {formatCount(index + 1)} of {formatCount(count)}
            </strong>
            , {where}.{event?.note ? ` ${event.note}` : ''}
          </p>
          {counters && <MemoryCounters counters={counters} />}
        </div>
      </div>
      {trace.oom && (
        <div className="memstep-oom" role={oomHere ? 'alert' : undefined} data-oom>
          <p>
            This loop runs out of memory at event {formatCount(trace.oom.eventIndex + 1)} (
            {trace.events[trace.oom.eventIndex]?.label}).{' '}
            {!oomHere && (
              <button type="button" onClick={() => playback.seek(trace.oom?.eventIndex ?? 0)}>
                Go to the error
              </button>
            )}
          </p>
          {oomHere && <pre>{trace.oom.message}</pre>}
        </div>
      )}
      <MemoryTimeline trace={trace} phases={phases} lines={lines} index={index} idBase={idBase} />
      <EngineNote comparison={model.comparison} habits={habits} />
      <AllocatorView segments={segments} idBase={idBase} />
    </>
  );
}
