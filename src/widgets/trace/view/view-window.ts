/**
 * The timeline's visible window and how keys, drags and the wheel move it: zoom about a point,
 * pan by a share of the width, both kept inside the trace. Times in µs. Pure.
 */

/** The visible stretch of the trace. */
export interface ViewWindow {
  startUs: number;
  endUs: number;
}

/** Narrowest window: 1 µs. */
export const MIN_WINDOW_US = 1;

/** The whole trace. */
export function fullWindow(totalUs: number): ViewWindow {
  return { startUs: 0, endUs: Math.max(totalUs, MIN_WINDOW_US) };
}

/** A window moved back inside [0, totalUs], at least MIN_WINDOW_US wide. */
export function clampWindow(w: ViewWindow, totalUs: number): ViewWindow {
  const total = Math.max(totalUs, MIN_WINDOW_US);
  const width = Math.min(total, Math.max(MIN_WINDOW_US, w.endUs - w.startUs));
  const startUs = Math.min(Math.max(0, w.startUs), total - width);
  return { startUs, endUs: startUs + width };
}

/** Zooms by `factor` (above 1 zooms in) keeping the point at `anchor` (0 to 1 across) still. */
export function zoomWindow(
  w: ViewWindow,
  factor: number,
  anchor: number,
  totalUs: number,
): ViewWindow {
  const width = w.endUs - w.startUs;
  const at = w.startUs + width * anchor;
  const next = width / factor;
  return clampWindow({ startUs: at - next * anchor, endUs: at - next * anchor + next }, totalUs);
}

/** Pans by `share` of the window's width (negative: earlier). */
export function panWindow(w: ViewWindow, share: number, totalUs: number): ViewWindow {
  const shift = (w.endUs - w.startUs) * share;
  return clampWindow({ startUs: w.startUs + shift, endUs: w.endUs + shift }, totalUs);
}

/** What a key does to the window, or null for a key the timeline leaves alone. */
export function windowForKey(key: string, w: ViewWindow, totalUs: number): ViewWindow | null {
  switch (key) {
    case 'ArrowLeft':
      return panWindow(w, -0.2, totalUs);
    case 'ArrowRight':
      return panWindow(w, 0.2, totalUs);
    case '+':
    case '=':
    case 'ArrowUp':
      return zoomWindow(w, 2, 0.5, totalUs);
    case '-':
    case '_':
    case 'ArrowDown':
      return zoomWindow(w, 0.5, 0.5, totalUs);
    case '0':
    case 'Home':
      return fullWindow(totalUs);
    default:
      return null;
  }
}

/** Index of the first event ending after `us` among events sorted by start (a lower bound). */
export function firstVisible(startUs: Float64Array, maxDurationUs: number, us: number): number {
  let lo = 0;
  let hi = startUs.length;
  const from = us - maxDurationUs;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((startUs[mid] ?? 0) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
