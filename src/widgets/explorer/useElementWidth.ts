import { useLayoutEffect, useState, type RefObject } from 'react';

/** The content width of an element in CSS pixels, kept current with a ResizeObserver. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallbackPx: number): number {
  const [widthPx, setWidthPx] = useState(fallbackPx);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number) => {
      if (width > 0) setWidthPx(Math.floor(width));
    };
    update(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return widthPx;
}
