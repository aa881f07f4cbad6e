/**
 * When a page's text has been painted, so widgets can wait for it before even requesting their
 * code: the lesson's words come first, always. Chromium reports the paint of an element marked
 * with `elementtiming` (Element Timing); elsewhere the next frame stands in for it, and a time
 * limit keeps a page whose text never reports (a hidden tab) from holding its widgets forever.
 */
import { createContext } from 'react';

/** The Element Timing identifier the lesson's first text carries. */
export const TEXT_PAINT_ID = 'lesson-text';

/** Longest a widget waits for the text to report its paint, in milliseconds. */
export const TEXT_PAINT_MAX_WAIT_MS = 2000;

/** A promise that resolves once the page's text has painted; null where nothing waits (embeds). */
export const TextPaintContext = createContext<Promise<void> | null>(null);

/** What `whenElementPainted` needs from the browser (the window; a fake in tests). */
export interface PaintEnv {
  PerformanceObserver?: typeof PerformanceObserver;
  requestAnimationFrame?: (run: FrameRequestCallback) => number;
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Marks `element` for Element Timing and resolves when the browser reports painting it; without
 * Element Timing, after the next frame's paint; in any case after at most `maxWaitMs`.
 */
export function whenElementPainted(
  element: Element,
  env: PaintEnv = window as unknown as PaintEnv,
  maxWaitMs: number = TEXT_PAINT_MAX_WAIT_MS,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let settled = false;
    let observer: PerformanceObserver | null = null;
    const finish = () => {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      env.clearTimeout(timer);
      resolve();
    };
    const timer = env.setTimeout(finish, maxWaitMs);
    const Observer = env.PerformanceObserver;
    if (Observer && (Observer.supportedEntryTypes ?? []).includes('element')) {
      const id = element.getAttribute('elementtiming') || TEXT_PAINT_ID;
      element.setAttribute('elementtiming', id);
      observer = new Observer((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
        if (entries.some((e) => e.identifier === id)) finish();
      });
      observer.observe({ type: 'element', buffered: true });
    } else if (env.requestAnimationFrame) {
      // A timer started from an animation frame runs after that frame has painted.
      env.requestAnimationFrame(() => env.setTimeout(finish, 0));
    } else {
      env.setTimeout(finish, 0);
    }
  });
}
