/**
 * Embedding across origins: the built app on one port, a host page on another (a tiny node:http
 * server in this file) that holds three GPU Lab frames and the app's own embed.js, the way a
 * course site would. Checks that frames size themselves, that an answer reaches the host as an
 * xAPI statement, that hostile messages change nothing, that a configure message sets the
 * theme, and that the embed pages pass axe.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectErrors, launchBrowser, openPage, seriousAxeViolations } from './browser';

const base = inject('baseUrl');
const appOrigin = new URL(base).origin;
const distDir = process.env.E2E_DIST ?? 'dist';

/** A question of lesson 1's "Check yourself", answered by clicking its right choice. */
const QUIZ_ID = 'cy-why-independent';
const QUIZ_RIGHT_CHOICE = 'No output element depends on any other output element';
/** The height every frame starts at, which the size script must replace. */
const INITIAL_HEIGHT_PX = 300;

const FRAMES = {
  amdahl: `${base}#/embed/amdahl?amdahl.p=0.9&frame=amdahl`,
  quiz: `${base}#/embed/quiz/${QUIZ_ID}?frame=quiz`,
  check: `${base}#/embed/check/why-gpus?frame=check`,
} as const;
type FrameName = keyof typeof FRAMES;

const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The host page: three GPU Lab frames, one frame of its own (a meddling sibling), no inline script. */
const HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host course page</title><link rel="icon" href="data:,">
<script src="/host.js"></script><script src="/embed.js" async></script></head>
<body><h1>A course page on another origin</h1>
${Object.entries(FRAMES)
  .map(
    ([name, src]) =>
      `<iframe data-name="${name}" src="${escapeAttr(src)}" title="${name} · GPU Lab" height="${INITIAL_HEIGHT_PX}" style="border:0" allow="webgpu"></iframe>`,
  )
  .join('\n')}
<iframe data-name="sibling" src="/sibling.html" title="Another widget" height="50"></iframe>
</body></html>`;

/** Records what the host receives: statement events from embed.js, and every message. */
const HOST_JS = `
window.__log = { statements: [], messages: [] };
function nameOf(win) {
  var frames = document.querySelectorAll('iframe');
  for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === win) return frames[i].getAttribute('data-name');
  return null;
}
document.addEventListener('gpulab:statement', function (e) {
  window.__log.statements.push({ frame: e.target.getAttribute('data-name'), statement: e.detail });
});
window.addEventListener('message', function (e) {
  window.__log.messages.push({ from: nameOf(e.source), origin: e.origin, data: e.data });
});
`;

const SIBLING_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sibling</title></head><body><p>A sibling frame.</p></body></html>`;

let browser: Browser;
let hostServer: Server;
let hostUrl: string;

beforeAll(async () => {
  const embedJs = await readFile(join(distDir, 'embed.js'), 'utf8');
  const routes: Record<string, [string, string]> = {
    '/': ['text/html', HOST_HTML],
    '/host.js': ['text/javascript', HOST_JS],
    '/embed.js': ['text/javascript', embedJs],
    '/sibling.html': ['text/html', SIBLING_HTML],
  };
  hostServer = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': `${route[0]}; charset=utf-8` }).end(route[1]);
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}/`;
  expect(new URL(hostUrl).origin).not.toBe(appOrigin);
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => hostServer?.close(resolve));
});

interface Logged {
  statements: { frame: string | null; statement: Record<string, unknown> }[];
  messages: { from: string | null; origin: string; data: unknown }[];
}

const hostLog = (page: Page) => page.evaluate(() => (window as unknown as { __log: Logged }).__log);

/** The frame named `name` in the host page, once its document is the embed page. */
async function frameOf(page: Page, name: FrameName | 'sibling'): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-name="${name}"]`);
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`iframe ${name} has no frame`);
  return frame;
}

/** The frame's element height in the host, and its own document's scroll and client heights. */
async function heights(page: Page, name: FrameName) {
  const frameHeightPx = await page
    .locator(`iframe[data-name="${name}"]`)
    .evaluate((el) => el.getBoundingClientRect().height);
  const inner = await (
    await frameOf(page, name)
  ).evaluate(() => ({
    scrollHeightPx: document.documentElement.scrollHeight,
    clientHeightPx: document.documentElement.clientHeight,
    contentHeightPx: Math.ceil(document.body.getBoundingClientRect().height),
  }));
  return { frameHeightPx, ...inner };
}

/** The data-theme attribute of the frame's root element (null when it follows the system). */
const themeOf = async (frame: Frame) =>
  frame.evaluate(() => document.documentElement.getAttribute('data-theme'));

/**
 * Posts `request-height` from the host and waits for the frame's answer: messages to a window
 * are handled in order, so everything posted before it has been handled by then.
 */
async function barrier(page: Page, name: FrameName): Promise<void> {
  const before = (await hostLog(page)).messages.length;
  await page.evaluate(
    ([n, origin]) => {
      const el = document.querySelector<HTMLIFrameElement>(`iframe[data-name="${n}"]`)!;
      el.contentWindow!.postMessage({ type: 'gpulab:request-height', version: 1 }, origin);
    },
    [name, appOrigin] as const,
  );
  await page.waitForFunction(
    ([n, count]) => {
      const log = (window as unknown as { __log: Logged }).__log;
      return log.messages
        .slice(count)
        .some(
          (m) =>
            m.from === n &&
            typeof m.data === 'object' &&
            (m.data as { type?: unknown } | null)?.type === 'gpulab:resize',
        );
    },
    [name, before] as const,
    { timeout: 15_000 },
  );
}

describe('GPU Lab embedded in a page on another origin', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await openPage(browser, hostUrl));
    // Wait for real content in each frame: the widget (not its placeholder), the question, the check.
    const amdahl = await frameOf(page, 'amdahl');
    await amdahl.waitForSelector('section[data-widget="amdahl"]:not(.widget-placeholder)', {
      timeout: 60_000,
    });
    const quiz = await frameOf(page, 'quiz');
    await quiz.waitForSelector(`[data-quick-check="${QUIZ_ID}"]:not([hidden])`, {
      timeout: 60_000,
    });
    const check = await frameOf(page, 'check');
    await check.waitForFunction(
      () =>
        document.querySelectorAll('.quick-check:not([hidden])').length >= 3 &&
        document.querySelector('[data-check-score]') !== null,
      undefined,
      { timeout: 60_000 },
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('announces each frame once it has drawn, from the app’s origin', async () => {
    await page.waitForFunction(
      () =>
        ['amdahl', 'quiz', 'check'].every((n) =>
          (window as unknown as { __log: Logged }).__log.messages.some(
            (m) => m.from === n && (m.data as { type?: unknown } | null)?.type === 'gpulab:ready',
          ),
        ),
      undefined,
      { timeout: 30_000 },
    );
    const ready = (await hostLog(page)).messages.filter(
      (m) => (m.data as { type?: unknown } | null)?.type === 'gpulab:ready',
    );
    for (const m of ready) {
      expect(m.origin).toBe(appOrigin);
      expect(m.data).toMatchObject({ version: 1, frame: m.from });
    }
    const kinds = Object.fromEntries(
      ready.map((m) => [m.from, (m.data as { embed: { kind: string; id: string } }).embed]),
    );
    expect(kinds).toEqual({
      amdahl: { kind: 'widget', id: 'amdahl' },
      quiz: { kind: 'quiz', id: QUIZ_ID },
      check: { kind: 'check', id: 'why-gpus' },
    });
  });

  it.each(Object.keys(FRAMES) as FrameName[])(
    'sizes the %s frame to its content through embed.js, once it is in view',
    async (name) => {
      // The size script replaces the starting height; wait until the frame fits its document.
      // Chromium pauses rendering (animation frames, resize observers) in cross-origin frames
      // that are off screen, so a frame below the fold is measured when the reader scrolls to it,
      // as here; frames above it change size meanwhile, hence the scroll on every try.
      const frame = page.locator(`iframe[data-name="${name}"]`);
      await expect
        .poll(
          async () => {
            await frame.scrollIntoViewIfNeeded();
            const h = await heights(page, name);
            return Math.abs(h.frameHeightPx - h.scrollHeightPx) <= 2 &&
              h.frameHeightPx !== INITIAL_HEIGHT_PX &&
              h.scrollHeightPx <= h.clientHeightPx + 2
              ? 'fits'
              : JSON.stringify(h);
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe('fits');
      const h = await heights(page, name);
      // Not merely as tall as the frame: the frame is as tall as what it shows.
      expect(Math.abs(h.frameHeightPx - h.contentHeightPx), JSON.stringify(h)).toBeLessThanOrEqual(
        2,
      );
    },
  );

  it('delivers an answer to the host as an xAPI "answered" statement', async () => {
    const quiz = await frameOf(page, 'quiz');
    const before = (await hostLog(page)).statements.length;
    await quiz.getByText(QUIZ_RIGHT_CHOICE).click();
    await quiz.getByRole('button', { name: 'Check', exact: true }).click();
    await page.waitForFunction(
      (count) => (window as unknown as { __log: Logged }).__log.statements.length > count,
      before,
      { timeout: 15_000 },
    );
    const { statements } = await hostLog(page);
    const fresh = statements.slice(before);
    expect(fresh).toHaveLength(1);
    const { frame, statement } = fresh[0]!;
    expect(frame).toBe('quiz');
    expect(statement).toMatchObject({
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
      object: { objectType: 'Activity' },
      result: { success: true, score: { raw: 1, min: 0, max: 1, scaled: 1 } },
    });
    const object = statement.object as { id: string };
    expect(object.id.endsWith(`#/embed/quiz/${QUIZ_ID}`)).toBe(true);
    expect(object.id.startsWith(appOrigin)).toBe(true);
    const result = statement.result as { response: unknown };
    expect(typeof result.response).toBe('string');
    expect((result.response as string).length).toBeGreaterThan(0);
    // No actor was given, so none is invented.
    expect(statement).not.toHaveProperty('actor');
    expect(statement.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('ignores hostile messages from the host and from a sibling frame, then obeys a real configure', async () => {
    const amdahl = await frameOf(page, 'amdahl');
    expect(await themeOf(amdahl)).toBeNull();
    const statementsBefore = (await hostLog(page)).statements.length;

    // From the host page itself: the right type but the wrong shape, in many ways.
    await page.evaluate((origin) => {
      const win = document.querySelector<HTMLIFrameElement>(
        'iframe[data-name="amdahl"]',
      )!.contentWindow!;
      const hostile: unknown[] = [
        { type: 'gpulab:configure', version: 1, theme: 'dark', extra: true },
        { type: 'gpulab:configure', version: 2, theme: 'dark' },
        { type: 'gpulab:configure', version: '1', theme: 'dark' },
        { type: 'gpulab:configure', version: 1, theme: 'purple' },
        { type: 'gpulab:configure', version: 1, theme: 'dark'.repeat(10_000) },
        { type: 'gpulab:configure', version: 1, theme: 'dark', actor: { name: 'No id' } },
        JSON.parse('{"type":"gpulab:configure","version":1,"theme":"dark","__proto__":{"x":1}}'),
        JSON.stringify({ type: 'gpulab:configure', version: 1, theme: 'dark' }),
        [{ type: 'gpulab:configure', version: 1, theme: 'dark' }],
        { context: 'h5p', action: 'hello', theme: 'dark' },
        { type: 'gpulab:statement', version: 1, statement: { verb: { id: 'x' } } },
        null,
        42,
      ];
      for (const data of hostile) win.postMessage(data, origin);
    }, appOrigin);
    await barrier(page, 'amdahl');

    // From a sibling frame on the host page: a well-formed configure, but not from the parent.
    const sibling = await frameOf(page, 'sibling');
    await sibling.evaluate((origin) => {
      const win = window.parent.document.querySelector<HTMLIFrameElement>(
        'iframe[data-name="amdahl"]',
      )!.contentWindow!;
      win.postMessage({ type: 'gpulab:configure', version: 1, theme: 'dark' }, origin);
    }, appOrigin);
    await barrier(page, 'amdahl');
    // The sibling's message comes from another window, so give its task a turn of its own.
    await amdahl.evaluate(
      () => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 100)),
    );

    expect(await themeOf(amdahl)).toBeNull();
    expect((await hostLog(page)).statements.length).toBe(statementsBefore);
    // Still working: the widget is there and answers its controls.
    await amdahl.waitForSelector('section[data-widget="amdahl"]:not(.widget-placeholder)');

    // The control: the same message from the parent, in the right shape, is obeyed.
    await page.evaluate((origin) => {
      const win = document.querySelector<HTMLIFrameElement>(
        'iframe[data-name="amdahl"]',
      )!.contentWindow!;
      win.postMessage({ type: 'gpulab:configure', version: 1, theme: 'dark' }, origin);
    }, appOrigin);
    await expect.poll(() => themeOf(amdahl), { timeout: 10_000 }).toBe('dark');
  });

  it('printed no errors in the host or the frames', () => {
    expect(errors).toEqual([]);
  });
});

describe('the embed pages on their own', () => {
  it.each([
    [
      'the widget',
      `${base}#/embed/amdahl`,
      'section[data-widget="amdahl"]:not(.widget-placeholder)',
    ],
    ['a question', `${base}#/embed/quiz/${QUIZ_ID}`, `[data-quick-check="${QUIZ_ID}"]`],
    [
      'a lesson check, dark',
      `${base}#/embed/check/why-gpus?theme=dark`,
      '.quick-check:not([hidden]) ~ .quick-check:not([hidden])',
    ],
  ])('%s passes axe', async (_what, url, ready) => {
    // The app's Content-Security-Policy forbids inline script, which is how axe is injected;
    // the test lifts it for axe alone (the host test above runs under the real policy).
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(url);
    try {
      await page.waitForSelector(ready, { timeout: 60_000 });
      if (url.includes('theme=dark')) {
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the guides and the demo page', () => {
  /** A fresh page with the app's CSP lifted, so axe can be injected. */
  async function openForAxe(url: string) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(url);
    return { page, errors, context };
  }

  it.each(['instructors', 'authors'])('the %s guide renders and passes axe', async (name) => {
    const { page, errors, context } = await openForAxe(`${base}#/guide/${name}`);
    try {
      await page.waitForSelector(`article[data-guide="${name}"] .code-block`, { timeout: 60_000 });
      if (name === 'authors') {
        await page.waitForSelector('[data-widget-key="amdahl.p"]');
      }
      expect(await page.title()).toMatch(/^Guide for .* · GPU Lab$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the demo page, under the app’s real policy, logs a statement when its question is answered', async () => {
    const { page, errors, context } = await openPage(browser, `${base}embed-demo.html`);
    try {
      const frameEl = page.locator('iframe[src*="#/embed/quiz/"]');
      await frameEl.scrollIntoViewIfNeeded();
      const quiz = (await (await frameEl.elementHandle())!.contentFrame())!;
      await quiz.waitForSelector('.quick-check:not([hidden])', { timeout: 60_000 });
      await quiz.getByText('Give the GPU more work per launch', { exact: false }).click();
      await quiz.getByRole('button', { name: 'Check', exact: true }).click();
      const first = page.locator('#statement-log li').first();
      await first.waitFor({ timeout: 15_000 });
      expect(await first.textContent()).toMatch(/answered .*· right/);
      expect(await page.locator('#statement-count').textContent()).toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
