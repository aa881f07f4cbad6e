import type { Playback } from './usePlayback';
import { nextPhaseStart, previousPhaseStart, type Phase } from './timeline';

/** Props of the step controls. */
export interface StepControlsProps {
  playback: Playback;
  phases: readonly Phase[];
  count: number;
  /** What the slider announces for the current event ("event 12 of 512: forward fc2"). */
  valueText: string;
  idBase: string;
}

/**
 * Previous/next event, previous/next line, play or pause, and a slider over every event (arrow
 * keys move one event, Page Up/Down ten, Home/End to the ends), in a bar that stays at the top
 * of the window while the step-through scrolls. On a narrow widget the buttons show short names
 * ("◀ event"; their names stay whole for screen readers), so the bar is two short rows.
 */
export function StepControls({ playback, phases, count, valueText, idBase }: StepControlsProps) {
  const { index, playing, reducedMotion } = playback;
  const last = count - 1;
  const playLabel = playing ? 'Pause' : reducedMotion ? 'Show the end' : 'Play';
  return (
    <>
      {/* Sticky: the buttons stay in view while the code, the counters, the chart and the
          allocator they drive scroll past under them. */}
      <div className="memstep-controls">
        <div className="memstep-buttons" role="group" aria-label="Step through the events">
          <button
            type="button"
            onClick={() => playback.seek(previousPhaseStart(phases, index))}
            disabled={index === 0}
          >
            «<Wide> Previous</Wide> line
          </button>
          <button type="button" onClick={() => playback.seek(index - 1)} disabled={index === 0}>
            ◀<Wide> Previous</Wide> event
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => (playing ? playback.pause() : playback.play())}
            aria-describedby={reducedMotion ? `${idBase}-motion` : undefined}
            data-action="play"
          >
            {playLabel}
          </button>
          <button type="button" onClick={() => playback.seek(index + 1)} disabled={index >= last}>
            <Wide>Next </Wide>event ▶
          </button>
          <button
            type="button"
            onClick={() => playback.seek(nextPhaseStart(phases, index))}
            disabled={index >= last}
          >
            <Wide>Next </Wide>line »
          </button>
        </div>
        <div className="memstep-slider">
          <label htmlFor={`${idBase}-slider`}>Event</label>
          <input
            id={`${idBase}-slider`}
            type="range"
            min={0}
            max={Math.max(0, last)}
            step={1}
            value={index}
            aria-valuetext={valueText}
            onChange={(e) => playback.seek(Number(e.target.value))}
          />
          <output htmlFor={`${idBase}-slider`}>
            {index + 1} of {count}
          </output>
        </div>
      </div>
      {reducedMotion && (
        <p className="memstep-hint" id={`${idBase}-motion`}>
          Reduced motion is on, so nothing animates: step with the buttons or the slider, and the
          first button jumps to the last event.
        </p>
      )}
    </>
  );
}

/** Words of a button's name shown only on a wide widget: a narrow one fits the short names in a row. */
function Wide({ children }: { children: string }) {
  return <span className="memstep-wide">{children}</span>;
}
