import { useLayoutEffect, useState, type RefObject } from 'react';

/** A note shown for a tapped value: the value's text and its title. */
export interface TapNote {
  /** The value as shown ("67 TFLOP/s"). */
  value: string;
  /** Its title: the note a mouse user sees on hovering it. */
  note: string;
}

/**
 * Notes on values carried as `title` attributes show on hover, which a touch screen has not:
 * this hook listens for taps (clicks) inside the element behind `ref` and returns the title of
 * the element tapped, for a line under the values (see TapNoteLine). Null until one is tapped.
 */
export function useTapNote(ref: RefObject<HTMLElement | null>): TapNote | null {
  const [tapped, setTapped] = useState<TapNote | null>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest('[title]') : null;
      if (!target || !root.contains(target)) return;
      const note = target.getAttribute('title') ?? '';
      if (!note) return;
      setTapped({ value: valueText(target), note });
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [ref]);
  return tapped;
}

/** The text of a value as read, without its footnote marks and hidden words. */
function valueText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const extra of copy.querySelectorAll('sup, .visually-hidden, [aria-hidden="true"]'))
    extra.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
