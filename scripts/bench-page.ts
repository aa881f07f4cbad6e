/**
 * `npm run -s bench:page`: how fast the built app paints and how smoothly it animates, measured
 * in headless Chromium against `dist/` (run `npm run build` first). Progress goes to stderr; the
 * last stdout line is one JSON object:
 * - home and lesson 1: first contentful paint, when the lesson's first section heading is in the
 *   page, and when the lazily loaded race widget has replaced its placeholder (milliseconds
 *   from navigation start);
 * - the JavaScript and CSS bytes the home page and lesson 1 load before any widget is used;
 * - the SM explorer playing its kernel for 3 s: frames drawn per second, the 95th-percentile and
 *   longest frame gaps, and long tasks (over 50 ms) on the main thread.
 * Headless Chromium here composites in software on a shared 2-core machine, so a laptop with a
 * GPU does better; the figures are for comparing changes, not absolute targets.
 */
import { preview } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser.ts';

/** How long the explorer is watched while it plays, in milliseconds. */
const ANIMATION_WINDOW_MS = 3000;

// Code that runs in the page is passed as text: tsx adds naming helpers to functions it
// compiles, and those helpers do not exist inside the page.
const LOADED_BYTES = `(() => {
  const entries = performance.getEntriesByType('resource');
  const sum = (ext) => entries
    .filter((e) => e.name.split('?')[0].endsWith(ext))
    .reduce((total, e) => total + (e.encodedBodySize || e.transferSize || 0), 0);
  return { jsBytes: sum('.js'), cssBytes: sum('.css') };
})()`;

const WATCH_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
})()`;

const FRAME_GAPS = (windowMs: number) => `new Promise((resolve) => {
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

async function loadedBytes(page: Page): Promise<{ jsBytes: number; cssBytes: number }> {
  return page.evaluate(LOADED_BYTES) as Promise<{ jsBytes: number; cssBytes: number }>;
}

async function firstContentfulPaintMs(page: Page): Promise<number | null> {
  return page.evaluate(`(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return fcp ? Math.round(fcp.startTime) : null;
  })()`) as Promise<number | null>;
}

async function main(): Promise<number> {
  const server = await preview({ preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
  const base = server.resolvedUrls?.local[0];
  const browser = await launchBrowser({ webgpu: true });
  try {
    if (!base) throw new Error('vite preview reported no local URL (is dist/ built?)');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    process.stderr.write('[bench:page] home\n');
    await page.goto(base + '#/');
    await page.locator('[data-lesson]').first().waitFor();
    const home = {
      firstContentfulPaintMs: await firstContentfulPaintMs(page),
      ...(await loadedBytes(page)),
    };

    process.stderr.write('[bench:page] lesson 1\n');
    const lessonPage = await context.newPage();
    await lessonPage.goto(base + '#/lesson/why-gpus');
    await lessonPage.locator('.lesson-body h2').first().waitFor();
    const headingMs = (await lessonPage.evaluate('Math.round(performance.now())')) as number;
    await lessonPage.locator('[data-widget="race"] form').waitFor();
    const raceReadyMs = (await lessonPage.evaluate('Math.round(performance.now())')) as number;
    const lesson = {
      firstContentfulPaintMs: await firstContentfulPaintMs(lessonPage),
      firstSectionHeadingMs: headingMs,
      raceWidgetReadyMs: raceReadyMs,
      ...(await loadedBytes(lessonPage)),
    };

    process.stderr.write('[bench:page] explorer animation\n');
    const explorerPage = await context.newPage();
    await explorerPage.goto(base + '#/lesson/inside-a-gpu');
    const explorer = explorerPage.locator('[data-widget="explorer"]');
    await explorerPage.locator('[data-widget="explorer"][data-status="idle"]').waitFor();
    await explorer.scrollIntoViewIfNeeded();
    await explorerPage.evaluate(WATCH_LONG_TASKS);
    await explorer.locator('[data-action="play"]').click();
    const frames = (await explorerPage.evaluate(FRAME_GAPS(ANIMATION_WINDOW_MS))) as number[];
    const longTasks = (await explorerPage.evaluate('window.__longTasks')) as number[];
    const sorted = [...frames].sort((a, b) => a - b);
    const animation = {
      windowMs: ANIMATION_WINDOW_MS,
      framesPerSecond: Math.round((frames.length / ANIMATION_WINDOW_MS) * 1000 * 10) / 10,
      p95FrameGapMs: Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 10) / 10,
      longestFrameGapMs: Math.round((sorted[sorted.length - 1] ?? 0) * 10) / 10,
      longTasks: longTasks.length,
    };

    process.stdout.write(`${JSON.stringify({ home, lesson, animation })}\n`);
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[bench:page] ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
