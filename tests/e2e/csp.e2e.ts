/**
 * The Content-Security-Policy: in the page and the server's header, enforced, and not in the way
 * of the pages that are not lessons (every lesson is checked in all-lessons.e2e.ts, which
 * records violations the same way) or of the embed demo.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../scripts/csp';
import {
  allWidgetsLoaded,
  browserSuite,
  cspViolations,
  recordCspViolations,
  scrollThrough,
} from './browser';
import { networkQuiet } from './network-quiet';

const { base, open } = browserSuite({ webgpu: true });

/** Console messages about the policy, kept from the moment the page is opened. */
function cspMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
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

  it('lets the embed demo page frame the app and run its embed script', async () => {
    const { page } = await open('about:blank', { initScript: recordCspViolations });
    const messages = cspMessages(page);
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
    await networkQuiet(page);
    // The page's own record and every frame's (init scripts run in frames too).
    const records = await Promise.all(page.frames().map((f) => cspViolations(f)));
    expect(records.flat()).toEqual([]);
    expect(messages).toEqual([]);
  });

  it.each([
    ['#/', '[data-lesson]'],
    ['#/glossary', 'main h1'],
    ['#/check', 'main h1'],
    ['#/embed/amdahl', 'section[data-widget="amdahl"]:not(.widget-placeholder)'],
  ])('%s runs with no violation', async (hash, ready) => {
    const { page } = await open('about:blank', { initScript: recordCspViolations });
    const messages = cspMessages(page);
    await page.goto(base + hash);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await scrollThrough(page);
    // What arrives late (widgets, fonts, workers' scripts) is in before the record is read.
    await allWidgetsLoadedIfAny(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await networkQuiet(page);
    expect(await cspViolations(page)).toEqual([]);
    expect(messages).toEqual([]);
  });
});

/** Waits for widgets' placeholders to go, on pages that have widgets. */
async function allWidgetsLoadedIfAny(page: Page): Promise<void> {
  if ((await page.locator('[data-widget]').count()) > 0) await allWidgetsLoaded(page);
}
