/**
 * The host page of the cross-origin embed test: a course page on another origin than the app's
 * (its own small server), holding three GPU Lab frames, a meddling sibling frame of its own and
 * the app's embed.js, and recording every message and statement it receives; with the helpers
 * that read that record and talk to the frames.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { embedSnippet } from '../../src/ui/share/embed-snippet';

const base = inject('baseUrl');
/** The app's origin (the frames'), which the host page is not on. */
export const appOrigin = new URL(base).origin;

/** A question of lesson 1's "Check yourself", answered by clicking its right choice. */
export const QUIZ_ID = 'cy-why-independent';
/** The height every frame starts at, which the size script must replace. */
export const INITIAL_HEIGHT_PX = 300;

/** The GPU Lab frames of the host page, and what each shows once it has real content. */
export const FRAMES = {
  amdahl: [
    `${base}#/embed/amdahl?amdahl.p=0.9&frame=amdahl`,
    'section[data-widget="amdahl"]:not(.widget-placeholder)',
  ],
  quiz: [
    `${base}#/embed/quiz/${QUIZ_ID}?frame=quiz`,
    `[data-quick-check="${QUIZ_ID}"]:not([hidden])`,
  ],
  check: [
    `${base}#/embed/check/why-gpus?frame=check`,
    '.quick-check:not([hidden]) ~ .quick-check:not([hidden]) ~ .quick-check:not([hidden])',
  ],
} as const;
export type FrameName = keyof typeof FRAMES;

const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The `allow` attribute of the embed code GPU Lab generates for a teacher, which every frame here
 * carries, so the browser reads the permissions the real snippet asks for.
 */
export const GENERATED_ALLOW =
  /\sallow="([^"]*)"/.exec(
    embedSnippet({
      siteBase: base,
      path: '/embed/amdahl',
      pairs: [],
      theme: null,
      heightPx: INITIAL_HEIGHT_PX,
      title: 'GPU Lab',
      withScript: false,
    }),
  )?.[1] ?? '';

/** The host page: three GPU Lab frames, one frame of its own (a meddling sibling), no inline script. */
const HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host course page</title><link rel="icon" href="data:,">
<script src="/host.js"></script><script src="/embed.js" async></script></head>
<body><h1>A course page on another origin</h1>
${Object.entries(FRAMES)
  .map(
    ([name, [src]]) =>
      `<iframe data-name="${name}" src="${escapeAttr(src)}" title="${name} · GPU Lab" height="${INITIAL_HEIGHT_PX}" style="border:0" allow="${escapeAttr(GENERATED_ALLOW)}"></iframe>`,
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

/**
 * Serves the host page, its script, embed.js and the sibling on a port of their own (so another
 * origin than the app's, on this machine: Chromium lets local pages frame local ones), closed
 * when `close` is called; returns its address.
 */
export async function serveHostPage(): Promise<{ url: string; close(): Promise<void> }> {
  const routes: Record<string, [string, string]> = {
    '/': ['text/html', HOST_HTML],
    '/host.js': ['text/javascript', HOST_JS],
    '/embed.js': [
      'text/javascript',
      await readFile(join(process.env.E2E_DIST ?? 'dist', 'embed.js'), 'utf8'),
    ],
    '/sibling.html': ['text/html', SIBLING_HTML],
  };
  const server = createServer((req, res) => {
    const found = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (found) res.writeHead(200, { 'Content-Type': `${found[0]}; charset=utf-8` }).end(found[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  expect(new URL(url).origin).not.toBe(appOrigin);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface Logged {
  statements: { frame: string | null; statement: Record<string, unknown> }[];
  messages: { from: string | null; origin: string; data: unknown }[];
}

export const hostLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __log: Logged }).__log);

/** The `type` of a message's data, when it has one. */
export const typeOf = (data: unknown) => (data as { type?: unknown } | null)?.type;

/** The frame named `name` in the host page, once its document is the embed page. */
export async function frameOf(page: Page, name: FrameName | 'sibling'): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-name="${name}"]`);
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`iframe ${name} has no frame`);
  return frame;
}

/**
 * Posts each of `messages` from the host page to the frame `name`, in order. They travel as JSON
 * and are rebuilt in the page, so a hostile own `__proto__` key stays an own key.
 */
export async function postToFrame(page: Page, name: FrameName, messages: unknown[]): Promise<void> {
  await page.evaluate(
    ([n, origin, json]) => {
      const el = document.querySelector<HTMLIFrameElement>(`iframe[data-name="${n}"]`)!;
      for (const data of JSON.parse(json) as unknown[]) el.contentWindow!.postMessage(data, origin);
    },
    [name, appOrigin, JSON.stringify(messages)] as const,
  );
}

/** The frame's element height in the host, and its own document's scroll and client heights. */
export async function heights(page: Page, name: FrameName) {
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
export const themeOf = async (frame: Frame) =>
  frame.evaluate(() => document.documentElement.getAttribute('data-theme'));

/**
 * Posts `request-height` from the host and waits for the frame's answer: messages to a window
 * are handled in order, so everything posted before it has been handled by then.
 */
export async function barrier(page: Page, name: FrameName): Promise<void> {
  const before = (await hostLog(page)).messages.length;
  await postToFrame(page, name, [{ type: 'gpulab:request-height', version: 1 }]);
  await expect
    .poll(async () =>
      (await hostLog(page)).messages
        .slice(before)
        .some((m) => m.from === name && typeOf(m.data) === 'gpulab:resize'),
    )
    .toBe(true);
}
