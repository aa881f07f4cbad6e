/**
 * A generated SCORM 1.2 package under a real SCORM runtime: an "LMS" on its own origin (a small
 * server here) serves the package's launch pages, each inside a frame of its own that installs
 * scorm-again's Scorm12API as `window.API`, the way an LMS wraps a SCO. The learner answers the
 * lesson's questions in one and passes a check in the other, in one page load; the runtime must
 * record each SCO's lesson_status and score.raw, and see LMSInitialize, LMSCommit and LMSFinish.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { browserSuite, collectErrors } from './browser';
import { buildPackage } from '../../src/lms-package/index';
import { readCourseCatalog } from '../../scripts/lms-catalog';

const base = inject('baseUrl');
const { newContext, open } = browserSuite({ webgpu: false });

/** The LMS's page: one frame per SCO; each frame is its own runtime. No inline script. */
const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,"></head>
<body><h1>An LMS</h1>
<iframe data-sco="lesson" src="/runtime.html?sco=lesson-inside-a-gpu.html" title="Lesson" style="width:1000px;height:1400px"></iframe>
<iframe data-sco="check" src="/runtime.html?sco=check-why-gpus.html" title="Check" style="width:1000px;height:1400px"></iframe>
</body></html>`;

const RUNTIME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SCO runtime</title>
<script src="/scorm12.js"></script><script src="/runtime.js"></script></head><body></body></html>`;

/** Installs the runtime, logs the calls the SCO makes, then frames the SCO's launch page. */
const RUNTIME_JS = `
window.__calls = [];
window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) {
  window.API.on(name, function () { window.__calls.push(name); });
});
window.API.on('LMSSetValue.cmi.*', function (element, value) { window.__calls.push(element + '=' + value); });
document.addEventListener('DOMContentLoaded', function () {
  var frame = document.createElement('iframe');
  frame.title = 'SCO';
  frame.style.width = '980px';
  frame.style.height = '1300px';
  frame.src = '/pkg/' + new URLSearchParams(location.search).get('sco');
  document.body.appendChild(frame);
});
`;

async function serveLms(files: Record<string, string>) {
  const routes: Record<string, [string, string]> = {
    '/': ['text/html', HOST_HTML],
    '/runtime.html': ['text/html', RUNTIME_HTML],
    '/runtime.js': ['text/javascript', RUNTIME_JS],
    '/scorm12.js': [
      'text/javascript',
      await readFile(join('node_modules', 'scorm-again', 'dist', 'scorm12.min.js'), 'utf8'),
    ],
  };
  for (const [path, text] of Object.entries(files)) {
    const type = path.endsWith('.html')
      ? 'text/html'
      : path.endsWith('.js')
        ? 'text/javascript'
        : path.endsWith('.css')
          ? 'text/css'
          : 'application/xml';
    routes[`/pkg/${path}`] = [type, text];
  }
  const server = createServer((req, res) => {
    const found = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (found) res.writeHead(200, { 'Content-Type': `${found[0]}; charset=utf-8` }).end(found[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The runtime frame of a SCO, and the GPU Lab embed inside its launch page. */
async function frames(page: Page, sco: 'lesson' | 'check'): Promise<[Frame, Frame]> {
  const runtime = await (await page.waitForSelector(`iframe[data-sco="${sco}"]`)).contentFrame();
  if (!runtime) throw new Error(`no runtime frame for ${sco}`);
  const launch = await (await runtime.waitForSelector('iframe')).contentFrame();
  if (!launch) throw new Error(`no launch frame for ${sco}`);
  const embed = await (await launch.waitForSelector('#gpulab-item')).contentFrame();
  if (!embed) throw new Error(`no embed frame for ${sco}`);
  return [runtime, embed];
}

/** What the runtime holds for its SCO, read from the runtime's own data model. */
const recorded = (runtime: Frame) =>
  runtime.evaluate(() => {
    const api = (
      window as unknown as {
        API: { cmi: { core: { lesson_status: string; score: { raw: string } } } };
        __calls: string[];
      }
    ).API;
    return {
      status: api.cmi.core.lesson_status,
      raw: api.cmi.core.score.raw,
      calls: (window as unknown as { __calls: string[] }).__calls,
    };
  });

describe('a SCORM 1.2 package under a real runtime (scorm-again)', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it('records a completed lesson and a passed check with their scores', async () => {
    const built = buildPackage(
      { baseUrl: base, format: 'scorm12', items: 'lesson:inside-a-gpu,check:why-gpus' },
      readCourseCatalog(),
    );
    const lms = await serveLms(built.files);
    close = lms.close;
    expect(new URL(lms.url).origin).not.toBe(new URL(base).origin);
    const context = await newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(lms.url);

    const [lessonRuntime, lesson] = await frames(page, 'lesson');
    const [checkRuntime, check] = await frames(page, 'check');
    // Both SCOs started: LMSInitialize, and "incomplete" until something is done.
    for (const runtime of [lessonRuntime, checkRuntime]) {
      await expect.poll(async () => (await recorded(runtime)).status).toBe('incomplete');
      expect((await recorded(runtime)).calls[0]).toBe('LMSInitialize');
    }

    // The lesson: answer each of its "Check yourself" questions (any answer completes it).
    await lesson.waitForSelector('[data-check-score]', { timeout: 60_000 });
    const ids = await lesson
      .locator('[data-quick-check]')
      .evaluateAll((els) => [
        ...new Set(
          els.filter((el) => el.checkVisibility()).map((el) => el.getAttribute('data-quick-check')),
        ),
      ]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const q = lesson.locator(`[data-quick-check="${id}"]`);
      if ((await q.getByRole('textbox').count()) > 0) await q.getByRole('textbox').fill('1');
      else await q.locator('label:has(input)').first().click();
      await q.getByRole('button', { name: 'Check', exact: true }).click();
    }
    await expect.poll(async () => (await recorded(lessonRuntime)).status).toBe('completed');
    expect(['0', '33', '67', '100']).toContain((await recorded(lessonRuntime)).raw);

    // The check: all three right passes (mastery 80 %), with a full score.
    await check.waitForSelector('[data-check-score]', { timeout: 60_000 });
    const question = (id: string) => check.locator(`[data-quick-check="${id}"]`);
    await question('cy-why-independent')
      .getByText('Each output needs the inputs, never another output')
      .click();
    await question('cy-why-independent')
      .getByRole('button', { name: 'Check', exact: true })
      .click();
    await question('cy-why-h100-matmul').getByRole('textbox').fill('1.44 ms');
    await question('cy-why-h100-matmul')
      .getByRole('button', { name: 'Check', exact: true })
      .click();
    await question('cy-why-crossover').getByText('Batch or fuse small operations').click();
    await question('cy-why-crossover').getByRole('button', { name: 'Check', exact: true }).click();
    await expect.poll(async () => (await recorded(checkRuntime)).status).toBe('passed');
    const passed = await recorded(checkRuntime);
    expect(passed.raw).toBe('100');
    expect(passed.calls).toEqual(
      expect.arrayContaining([
        'cmi.core.lesson_status=passed',
        'cmi.core.score.raw=100',
        'LMSCommit',
      ]),
    );
    // The launch page says what it recorded.
    const launch = checkRuntime.childFrames()[0];
    expect(await launch?.locator('#gpulab-status').textContent()).toMatch(
      /Recorded in the LMS: passed, score 100 %/,
    );

    // Leaving the SCO finishes it: LMSCommit and LMSFinish.
    await checkRuntime.evaluate(() => {
      document.querySelector('iframe')?.remove();
    });
    await expect.poll(async () => (await recorded(checkRuntime)).calls.at(-1)).toBe('LMSFinish');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('builds the same zip in the browser from the instructors’ guide', async () => {
    const { page, errors } = await open('#/guide/instructors');
    const form = page.locator('[data-lms-package]');
    await form.getByLabel(/^Items/).fill('lesson:why-gpus,check:why-gpus');
    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Build package' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('gpulab-scorm12.zip');
    const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    const expected = buildPackage(
      { baseUrl: base, format: 'scorm12', items: 'lesson:why-gpus,check:why-gpus' },
      readCourseCatalog(),
    ).files;
    expect(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]))).toEqual(
      expected,
    );
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(/Built gpulab-scorm12\.zip: 2 items/);
    expect(errors).toEqual([]);
  });
});
