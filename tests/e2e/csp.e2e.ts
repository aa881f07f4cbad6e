/**
 * The Content-Security-Policy: in the page and the server's header, enforced, and not in the way
 * of the embed demo. The app's pages record violations where their own tests open them, each read
 * after scrolling through and a quiet network: every lesson in all-lessons.e2e.ts, the course
 * home in lesson.e2e.ts, the glossary in glossary.e2e.ts, the knowledge check in
 * knowledge-check.e2e.ts, and an embed page (the Amdahl widget's) in the demo page here.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../scripts/csp';
import { browserSuite, cspViolations, recordCspViolations } from './browser';
import { networkQuiet } from './network-quiet';

const { base, open } = browserSuite({ webgpu: true });

/**
 * Console messages about the policy, kept from the moment the page is opened; with `pattern`,
 * those matching it instead (warnings too).
 */
function cspMessages(page: Page, pattern = /Content Security Policy/i): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (pattern.test(m.text())) messages.push(m.text());
  });
  return messages;
}

describe('Content-Security-Policy', () => {
  it('is in the built page as a meta tag, and sent by the preview server as a header', async () => {
    const { page } = await open('about:blank');
    const response = await page.goto(base);
    const meta = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(meta).toBe(contentSecurityPolicy());
    expect(meta).not.toContain('unsafe-eval');
    expect(meta).not.toContain('frame-ancestors');
    expect(response?.headers()['content-security-policy']).toBe(contentSecurityPolicy());
  });

  it('is enforced, and the listener sees what it blocks (so a clean run means something)', async () => {
    const { page } = await open('#/', { initScript: recordCspViolations });
    await page.locator('[data-lesson]').first().waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      document.body.setAttribute('style', 'outline: 1px solid red');
    });
    // Each is reported once per policy in force: the meta tag's and the header's.
    const directives = async () =>
      [...new Set((await cspViolations(page)).map((v) => v.directive))].sort();
    await expect.poll(directives).toEqual(['script-src-elem', 'style-src-attr']);
    // The blocked script never ran (it would have run as it was appended).
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBe(
      undefined,
    );
  });

  it('lets the embed demo page frame the app, run its embed script and log an answer’s statement', async () => {
    const { page, errors } = await open('about:blank', { initScript: recordCspViolations });
    const messages = cspMessages(page);
    // Its frames' allow attributes name only features the browser knows (no "webgpu").
    const unrecognized = cspMessages(page, /Unrecognized feature/i);
    await page.goto(`${base}embed-demo.html`);
    // Each frame loads lazily, as it comes into view: bring each there and wait for its content.
    const frames = page.locator('iframe');
    await frames.first().waitFor();
    for (let i = 0; i < (await frames.count()); i++) {
      await frames.nth(i).scrollIntoViewIfNeeded();
      await page
        .frameLocator('iframe')
        .nth(i)
        .locator('section[data-widget]:not(.widget-placeholder), .quick-check:not([hidden])')
        .first()
        .waitFor({ timeout: 60_000 });
    }
    // An answer in the question's frame reaches the demo's own log, through embed.js.
    await page.locator('iframe[src*="#/embed/quiz/"]').scrollIntoViewIfNeeded();
    const quiz = page.frameLocator('iframe[src*="#/embed/quiz/"]');
    await quiz.getByText('Batch or fuse small operations', { exact: false }).click();
    await quiz.getByRole('button', { name: 'Check', exact: true }).click();
    const logged = page.locator('#statement-log li').first();
    await logged.waitFor({ timeout: 15_000 });
    await expect.poll(() => logged.textContent()).toMatch(/answered .*· right/);
    await expect.poll(() => page.locator('#statement-count').textContent()).toBe('1');
    await networkQuiet(page);
    // The page's own record and every frame's (init scripts run in frames too).
    const records = await Promise.all(page.frames().map((f) => cspViolations(f)));
    expect(records.flat()).toEqual([]);
    expect(messages).toEqual([]);
    expect(unrecognized).toEqual([]);
    expect(errors).toEqual([]);
  });
});
