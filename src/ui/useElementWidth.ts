import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width in whole CSS pixels of the element behind `ref`, kept current with a ResizeObserver.
 * Returns `fallbackWidthPx` until a real width is known, and for good where there is no
 * ResizeObserver or no layout (tests, very old browsers).
 */
export function useElementWidth(
  ref: RefObject<HTMLElement | null>,
  fallbackWidthPx: number,
): number {
  const [widthPx, setWidthPx] = useState(fallbackWidthPx);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (measuredPx: number) => {
      if (measuredPx > 0) setWidthPx(Math.floor(measuredPx));
    };
    update(element.clientWidth);
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
