import type { TapNote } from './useTapNote';
import './tap-note.css';

/**
 * The line under a table or tiles whose values carry notes: what to do to read one ("Hover or
 * tap a value for its source"), then the note of the value last tapped, announced politely.
 */
export function TapNoteLine({ tapped, prompt }: { tapped: TapNote | null; prompt: string }) {
  return (
    <p className="ui-tap-note" aria-live="polite" data-tap-note>
      {tapped?.value ? (
        <>
          <strong>{tapped.value}:</strong> {tapped.note}
        </>
      ) : tapped ? (
        tapped.note
      ) : (
        prompt
      )}
    </p>
  );
}
