// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { useRef } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { TapNoteLine } from './TapNoteLine';
import { useTapNote } from './useTapNote';

/** Values with notes in their titles, as the spec table and the snapshot's strips have them. */
function Values() {
  const ref = useRef<HTMLDivElement>(null);
  const tapped = useTapNote(ref);
  return (
    <>
      <div ref={ref}>
        <span title="Vendor peak. Source: a datasheet" data-value>
          67 TFLOP/s<sup>3</sup>
        </span>
        <span title="allocated: 2 MiB" data-block />
        <span data-plain>no note</span>
      </div>
      <TapNoteLine tapped={tapped} prompt="Hover over or tap a value for its note." />
      <span title="outside" data-outside>
        elsewhere
      </span>
    </>
  );
}

const line = () => document.querySelector('[data-tap-note]')?.textContent;

describe('a value’s note on a tap', () => {
  it('shows the tapped value and its title, without its footnote mark, politely announced', () => {
    render(<Values />);
    expect(line()).toBe('Hover over or tap a value for its note.');
    expect(document.querySelector('[data-tap-note]')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(document.querySelector('[data-value]')!);
    expect(line()).toBe('67 TFLOP/s: Vendor peak. Source: a datasheet');
    // A drawn block has no text of its own: its note alone.
    fireEvent.click(document.querySelector('[data-block]')!);
    expect(line()).toBe('allocated: 2 MiB');
  });

  it('ignores taps on things without a note, and outside its values', () => {
    render(<Values />);
    fireEvent.click(document.querySelector('[data-plain]')!);
    fireEvent.click(document.querySelector('[data-outside]')!);
    expect(line()).toBe('Hover over or tap a value for its note.');
  });
});
