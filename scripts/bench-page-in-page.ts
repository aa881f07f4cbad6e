/**
 * The code bench:page runs inside the page, as text (see the note below). Each constant is one
 * script for `page.evaluate` or `addInitScript`; scripts/bench-page.ts says what it does with
 * what they return.
 */
// Code that runs in the page is passed as text: tsx adds naming helpers to functions it
// compiles, and those helpers do not exist inside the page.

/**
 * Records layout shifts, when the lesson's text was painted (Element Timing: the first section
 * heading is marked in a mutation callback, which runs before the browser paints it) and when
 * the first widget's own markup entered the page (its code has run by then).
 */
export const WATCH_PAGE = `(() => {
  window.__shifts = [];
  window.__lessonTextPaintAt = null;
  window.__firstWidgetRenderAt = null;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__shifts.push({ startTimeMs: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.identifier === 'lesson-text' && window.__lessonTextPaintAt === null) {
          window.__lessonTextPaintAt = e.renderTime || e.loadTime;
        }
      }
    }).observe({ type: 'element', buffered: true });
  } catch {}
  let marked = false;
  const seen = () => {
    // A heading: the loading state is a paragraph in the same container.
    const text = marked ? null : document.querySelector('.lesson-body h2');
    if (text) {
      text.setAttribute('elementtiming', 'lesson-text');
      marked = true;
    }
    if (window.__firstWidgetRenderAt === null &&
        document.querySelector('[data-widget]:not(.widget-placeholder)')) {
      window.__firstWidgetRenderAt = performance.now();
    }
    if (marked && window.__firstWidgetRenderAt !== null) observer.disconnect();
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
})()`;

export const SCRIPT_LOADS = `performance.getEntriesByType('resource')
  .filter((e) => e.name.split('?')[0].endsWith('.js'))
  .map((e) => ({ url: e.name, startTimeMs: e.startTime, responseEndMs: e.responseEnd,
    encodedBytes: e.encodedBodySize || e.transferSize || 0 }))`;

export const LOADED_BYTES = `(() => {
  const entries = performance.getEntriesByType('resource');
  const sum = (ext) => entries
    .filter((e) => e.name.split('?')[0].endsWith(ext))
    .reduce((total, e) => total + (e.encodedBodySize || e.transferSize || 0), 0);
  return { jsBytes: sum('.js'), cssBytes: sum('.css') };
})()`;

export const SCROLL_THROUGH = `(async () => {
  const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
  for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
    window.scrollTo(0, y);
    await new Promise((r) => setTimeout(r, 120));
  }
  window.scrollTo(0, document.documentElement.scrollHeight);
})()`;

export const WATCH_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
})()`;

export const FRAME_GAPS = (windowMs: number) => `new Promise((resolve) => {
  const gaps = [];
  let last = performance.now();
  const start = last;
  const step = (t) => {
    gaps.push(t - last);
    last = t;
    if (t - start < ${windowMs}) requestAnimationFrame(step);
    else resolve(gaps);
  };
  requestAnimationFrame(step);
})`;

// The page's clock is coarsened (0.1 ms in Chromium without cross-origin isolation), so a frame
// gap of exactly one 60 Hz vsync reads 16.6 to 16.8 ms: the smallest step the clock takes is the
// measurement's resolution, and the frame-gap verdict allows it.
export const TIMER_RESOLUTION = `(() => {
  let best = Infinity;
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    let b = a;
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return best;
})()`;
