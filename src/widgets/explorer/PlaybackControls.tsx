import type { ExplorerPanelProps } from './panel-props';
import { smWord } from './hardware';
import '../../ui/field.css';

/** Play, pause, step, reset, and the zoom controls. */
export function PlaybackControls({ state, controller, idBase }: ExplorerPanelProps) {
  const { playback, zoom, reducedMotion, hardware } = state;
  const playing = playback.phase === 'playing';
  const finished = playback.phase === 'finished';
  const word = smWord(hardware.base);
  const playLabel = playing
    ? 'Pause'
    : reducedMotion
      ? 'Show the end'
      : finished
        ? 'Play again'
        : playback.position > 0
          ? 'Resume'
          : 'Play';
  return (
    <div className="explorer-controls">
      <div className="explorer-buttons" role="group" aria-label="Playback">
        <button
          type="button"
          className="primary"
          data-action="play"
          onClick={() => controller.togglePlay()}
          aria-describedby={reducedMotion ? `${idBase}-motion` : undefined}
        >
          {playLabel}
        </button>
        <button
          type="button"
          data-action="step"
          disabled={finished}
          onClick={() => controller.step()}
        >
          Step one wave
        </button>
        <button
          type="button"
          data-action="reset"
          disabled={playback.position === 0 && !playing}
          onClick={() => controller.reset()}
        >
          Reset
        </button>
      </div>
      <div className="explorer-buttons" role="group" aria-label="Zoom">
        <label htmlFor={`${idBase}-sm`}>{word}</label>
        <input
          id={`${idBase}-sm`}
          className="ui-field"
          type="number"
          inputMode="numeric"
          min={1}
          max={hardware.sms}
          value={zoom.sm + 1}
          onChange={(e) => controller.selectSm(Number(e.target.value) - 1)}
        />
        <button
          type="button"
          data-action="zoom"
          aria-pressed={zoom.zoomed}
          onClick={() => controller.setZoomed(!zoom.zoomed)}
        >
          {zoom.zoomed ? 'Whole GPU' : `Zoom into this ${word}`}
        </button>
      </div>
      {reducedMotion && (
        <p className="hint" id={`${idBase}-motion`}>
          Reduced motion is on, so nothing animates: Step goes wave by wave, and the first button
          jumps to the end.
        </p>
      )}
    </div>
  );
}
