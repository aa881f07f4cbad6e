/**
 * Embedding across origins: the built app on one port, a host page on another (embed-host.ts)
 * that holds three GPU Lab frames and the app's own embed.js, the way a course site would.
 * Checks that frames size themselves, that an answer reaches the host as an xAPI statement, that
 * a retried check is reported by its first answers with its attempts, that the frames' `allow`
 * (the generated embed code's) names no feature the browser does not know, that hostile messages
 * change nothing, that a configure message sets the theme, and that the embed pages pass axe
 * (the widget's with its Share menu and embed code open).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, collectErrors } from './browser';
import { seriousAxeViolations } from './axe';
import {
  appOrigin,
  barrier,
  FRAMES,
  frameOf,
  GENERATED_ALLOW,
  heights,
  hostLog,
  INITIAL_HEIGHT_PX,
  postToFrame,
  QUIZ_ID,
  serveHostPage,
  themeOf,
  typeOf,
  type FrameName,
} from './embed-host';

const { browser, open } = browserSuite({ webgpu: true });

/** The right choice of the question the host's quiz frame shows. */
const QUIZ_RIGHT_CHOICE = 'Each output needs the inputs, never another output';
/** The xAPI activity id of that question: on the app's origin, ending in its embed route. */
const QUIZ_ACTIVITY = new RegExp(
  `^${appOrigin.replace(/[.:/]/g, '\\$&')}/.*#/embed/quiz/${QUIZ_ID}$`,
);

describe('GPU Lab embedded in a page on another origin', () => {
  let page: Page;
  let errors: string[];
  /** Every console message of the host page and its frames, warnings included. */
  const consoleLines: string[] = [];
  let host: Awaited<ReturnType<typeof serveHostPage>>;

  beforeAll(async () => {
    // One host page for the whole describe: its context outlives each test, so it is made here.
    const context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = collectErrors(page);
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    host = await serveHostPage();
    await page.goto(host.url);
    // Wait for real content in each frame: the widget (not its placeholder), the question, the check.
    for (const [name, [, ready]] of Object.entries(FRAMES)) {
      await (await frameOf(page, name as FrameName)).waitForSelector(ready, { timeout: 60_000 });
    }
    await (await frameOf(page, 'check')).waitForSelector('[data-check-score]');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  });

  afterAll(async () => {
    await page?.context().close();
    await host?.close();
  });

  it('announces each frame once it has drawn, from the app’s origin', async () => {
    const ready = async () =>
      (await hostLog(page)).messages.filter((m) => typeOf(m.data) === 'gpulab:ready');
    await expect
      .poll(async () => new Set((await ready()).map((m) => m.from)).size, { timeout: 30_000 })
      .toBe(3);
    for (const m of await ready()) {
      expect(m.origin).toBe(appOrigin);
      expect(m.data).toMatchObject({ version: 1, frame: m.from });
    }
    const kinds = Object.fromEntries(
      (await ready()).map((m) => [m.from, (m.data as { embed: unknown }).embed]),
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
    await expect.poll(async () => (await hostLog(page)).statements.length).toBeGreaterThan(before);
    const fresh = (await hostLog(page)).statements.slice(before);
    expect(fresh).toHaveLength(1);
    // An xAPI statement with a fresh UUID, about this question on the app's origin, and no actor
    // (none was given, so none is invented).
    expect(fresh[0]).toMatchObject({ frame: 'quiz' });
    const { statement } = fresh[0]!;
    expect(statement).toMatchObject({
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
      object: { objectType: 'Activity', id: expect.stringMatching(QUIZ_ACTIVITY) },
      result: {
        success: true,
        score: { raw: 1, min: 0, max: 1, scaled: 1 },
        response: expect.stringMatching(/./),
      },
    });
    expect(statement).not.toHaveProperty('actor');
  });

  it('reports a retried check by its first answers, with the attempts, to the host', async () => {
    const check = await frameOf(page, 'check');
    await page.locator('iframe[data-name="check"]').scrollIntoViewIfNeeded();
    const question = (id: string) => check.locator(`[data-quick-check="${id}"]`);
    const answer = async (id: string, choice: string) => {
      await question(id).getByText(choice).click();
      await question(id).getByRole('button', { name: 'Check', exact: true }).click();
    };
    const before = (await hostLog(page)).statements.length;
    const completed = async () =>
      (await hostLog(page)).statements
        .slice(before)
        .filter((s) => s.frame === 'check')
        .map((s) => s.statement as { verb: { id: string }; result: Record<string, unknown> })
        .filter((s) => s.verb.id === 'http://adlnet.gov/expapi/verbs/completed');

    // First answers: a wrong choice, a wrong number, a right choice.
    await answer('cy-why-independent', "Its weights fit in the GPU's fast on-chip memory");
    const numeric = question('cy-why-h100-matmul');
    await numeric.getByRole('textbox').fill('100 ms');
    await numeric.getByRole('button', { name: 'Check', exact: true }).click();
    // The wrong number is told wrong without the engine's number: its place in the explanation
    // is held, and nothing offers the answer after one try.
    await expect
      .poll(() => numeric.getByRole('status').textContent())
      .toMatch(/Not quite\..*not within 20 % of the engine's answer.*that takes \[answer hidden\]/);
    expect(await numeric.getByRole('button', { name: 'Show the answer' }).count()).toBe(0);
    await answer('cy-why-crossover', 'Batch or fuse small operations');
    await expect.poll(async () => (await completed()).length).toBe(1);
    const byName = (result: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries((result.extensions ?? {}) as Record<string, unknown>).map(([iri, v]) => {
          expect(iri.startsWith(`${appOrigin}/`), iri).toBe(true);
          return [iri.replace(/^.*#\/xapi\/extensions\//, ''), v];
        }),
      );
    const [first] = await completed();
    expect(first?.result).toMatchObject({ completion: true, score: { raw: 1, max: 3 } });
    expect(byName(first!.result)).toEqual({
      attempts: 1,
      scoring: 'first',
      scores: { first: 1, last: 1, best: 1 },
    });

    // A retry makes the first question right: the score stays the first answers', 1 of 3.
    await question('cy-why-independent').getByRole('button', { name: 'Try again' }).click();
    await answer('cy-why-independent', QUIZ_RIGHT_CHOICE);
    await expect.poll(async () => (await completed()).length).toBe(2);
    const [, retried] = await completed();
    expect(retried?.result).toMatchObject({
      completion: true,
      score: { raw: 1, min: 0, max: 3, scaled: 1 / 3 },
    });
    expect(byName(retried!.result)).toEqual({
      attempts: 2,
      scoring: 'first',
      scores: { first: 1, last: 2, best: 2 },
    });
    // The learner is told the same.
    await expect
      .poll(() => check.locator('[data-check-score]').textContent())
      .toMatch(/1 of 3 right on the first try \(2 right now\)/);
  });

  it('asks the host page for no permission the browser does not know', () => {
    // Chromium warns "Unrecognized feature: 'webgpu'." for the name it once carried.
    expect(GENERATED_ALLOW).not.toBe('');
    expect(consoleLines.filter((line) => /Unrecognized feature/i.test(line))).toEqual([]);
  });

  it('ignores hostile messages from the host and from a sibling frame, then obeys a real configure', async () => {
    const amdahl = await frameOf(page, 'amdahl');
    expect(await themeOf(amdahl)).toBeNull();
    const statementsBefore = (await hostLog(page)).statements.length;
    const dark = { type: 'gpulab:configure', version: 1, theme: 'dark' };

    // From the host page itself: the right type but the wrong shape, in many ways.
    await postToFrame(page, 'amdahl', [
      { ...dark, extra: true },
      { ...dark, version: 2 },
      { ...dark, version: '1' },
      { ...dark, theme: 'purple' },
      { ...dark, theme: 'dark'.repeat(10_000) },
      { ...dark, actor: { name: 'No id' } },
      JSON.parse('{"type":"gpulab:configure","version":1,"theme":"dark","__proto__":{"x":1}}'),
      JSON.stringify(dark),
      [dark],
      { context: 'h5p', action: 'hello', theme: 'dark' },
      { type: 'gpulab:statement', version: 1, statement: { verb: { id: 'x' } } },
      null,
      42,
    ]);
    await barrier(page, 'amdahl');

    // From a sibling frame on the host page: a well-formed configure, but not from the parent.
    // It comes from another window, so the host's barrier does not order it: wait until the frame
    // has dispatched it (the app's listener, added first, has seen it by then), then until the
    // tasks queued meanwhile (a render the app would have scheduled) have run.
    await amdahl.evaluate(() => {
      window.addEventListener('message', (e) => {
        if (e.source !== window.parent) (window as { fromSibling?: boolean }).fromSibling = true;
      });
    });
    await (
      await frameOf(page, 'sibling')
    ).evaluate(
      ([origin, data]) => {
        const frame = window.parent.document.querySelector<HTMLIFrameElement>(
          'iframe[data-name="amdahl"]',
        )!;
        frame.contentWindow!.postMessage(data, origin);
      },
      [appOrigin, dark] as const,
    );
    await amdahl.waitForFunction(() => (window as { fromSibling?: boolean }).fromSibling);
    await amdahl.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(null);
        }),
    );
    await barrier(page, 'amdahl');

    expect(await themeOf(amdahl)).toBeNull();
    expect((await hostLog(page)).statements.length).toBe(statementsBefore);
    // Still working: the widget is there and answers its controls.
    await amdahl.waitForSelector('section[data-widget="amdahl"]:not(.widget-placeholder)');

    // The control: the same message from the parent, in the right shape, is obeyed.
    await postToFrame(page, 'amdahl', [dark]);
    await expect.poll(() => themeOf(amdahl), { timeout: 10_000 }).toBe('dark');
  });

  it('printed no errors in the host or the frames', () => {
    expect(errors).toEqual([]);
  });
});

// The demo page (embed-demo.html), its frames and its statement log run under the real policy
// in csp.e2e.ts.
describe('the embed pages and the guides on their own', () => {
  it.each([
    [
      'the widget, its Share menu open',
      '#/embed/amdahl?tools=1',
      'section[data-widget="amdahl"]:not(.widget-placeholder)',
    ],
    ['a question', `#/embed/quiz/${QUIZ_ID}`, `[data-quick-check="${QUIZ_ID}"]`],
    [
      'a lesson check, dark',
      '#/embed/check/why-gpus?theme=dark',
      '.quick-check:not([hidden]) ~ .quick-check:not([hidden])',
    ],
    [
      'the instructors guide',
      '#/guide/instructors',
      'article[data-guide="instructors"] .code-block',
    ],
    ['the authors guide', '#/guide/authors', '[data-widget-key="amdahl.p"]'],
  ])('%s renders and passes axe', async (what, path, ready) => {
    // The app's Content-Security-Policy forbids inline script, which is how axe is injected;
    // the test lifts it for axe alone (the host test above runs under the real policy).
    const { page, errors } = await open(path, { bypassCSP: true });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    if (what.endsWith('dark')) {
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
        .toBe('dark');
    }
    if (what.endsWith('menu open')) {
      // The host asked for tools: one Share button in the header, which opening leaves in place.
      const share = page.getByRole('button', { name: /^Share Amdahl/ });
      const before = await share.boundingBox();
      await share.click();
      await page.getByRole('textbox', { name: 'Link to these settings' }).waitFor();
      await page.getByRole('button', { name: 'Embed on another site' }).click();
      await page.getByRole('textbox', { name: 'Embed code' }).waitFor();
      expect(await share.boundingBox()).toEqual(before);
      // The panel opens below the header row, across the widget's width.
      const panel = await page.locator('.share-panel').boundingBox();
      expect(panel!.y).toBeGreaterThanOrEqual(before!.y + before!.height);
    }
    if (what.endsWith('guide')) {
      await page.locator('article[data-guide] .code-block').first().waitFor();
      await expect.poll(() => page.title()).toMatch(/^Guide for .* · GPU Lab$/);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
