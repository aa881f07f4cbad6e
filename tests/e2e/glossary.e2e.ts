import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

function open(path: string, options: OpenOptions = {}) {
  return openPage(browser, base + path, options);
}

/** The accessible description Chromium computes for the focused element (what a screen reader reads). */
async function focusedDescription(context: BrowserContext, page: Page): Promise<string> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('Accessibility.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: '.term-link:focus',
  });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    nodeId,
    fetchRelatives: false,
  });
  const node = nodes.find((n) => !n.ignored);
  return String(node?.description?.value ?? '');
}

/** Puts focus just before the lesson's first glossary term, so one Tab lands on it. */
async function focusBeforeFirstTerm(page: Page) {
  await page.locator('.lesson-body .term-link').first().waitFor();
  await page.evaluate(() => {
    const first = document.querySelector<HTMLElement>('.lesson-body .term-link')!;
    const paragraph = first.closest('p')!;
    paragraph.tabIndex = -1;
    paragraph.focus();
  });
}

describe('glossary terms in a lesson', () => {
  it('reaches a term by Tab, shows and announces its definition, closes on Escape, and links to the glossary', async () => {
    const { page, errors, context } = await open('#/lesson/inside-a-gpu');
    await focusBeforeFirstTerm(page);
    await page.keyboard.press('Tab');
    const focused = page.locator('.term-link:focus');
    await expect(focused.textContent()).resolves.toBe('streaming multiprocessors');
    const tipId = await focused.getAttribute('aria-describedby');
    const tip = page.locator(`[id="${tipId}"]`);
    await expect(tip.isVisible()).resolves.toBe(true);
    await expect(tip.getAttribute('role')).resolves.toBe('tooltip');
    const tipText = (await tip.textContent()) ?? '';
    expect(tipText).toMatch(/^SM \(streaming multiprocessor\): The block an NVIDIA GPU repeats/);
    // Chromium exposes the tooltip as the link's description: a screen reader reads it on focus.
    await expect(focusedDescription(context, page)).resolves.toBe(tipText);
    // The tooltip lies inside the window.
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);

    await page.keyboard.press('Escape');
    await expect(tip.isVisible()).resolves.toBe(false);
    await expect(page.locator('.term-link:focus').count()).resolves.toBe(1);

    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/glossary\/sm$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Glossary');
    await page.waitForFunction(() => document.activeElement?.id === 'term-sm');
    // The entry links back to the section that teaches the term.
    const taught = page.locator('#term-sm .glossary-taught a');
    await expect(taught.getAttribute('href')).resolves.toBe(
      '#/lesson/inside-a-gpu/streaming-multiprocessors-the-unit-that-repeats',
    );
    await taught.click();
    await page.waitForURL(/#\/lesson\/inside-a-gpu\//);
    await page.locator('#streaming-multiprocessors-the-unit-that-repeats').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the definition on hover and hides it when the pointer leaves', async () => {
    const { page, context } = await open('#/lesson/moving-data');
    const term = page.locator('.lesson-body .term-link').first();
    await term.waitFor();
    const tip = page.locator(`[id="${await term.getAttribute('aria-describedby')}"]`);
    await term.hover();
    await tip.waitFor({ state: 'visible' });
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('links each term only at its first use in a lesson, never in headings or code', async () => {
    const { page, context } = await open('#/lesson/inside-a-gpu');
    await page.locator('.lesson-body .term-link').first().waitFor();
    const terms = await page.$$eval('.lesson-body [data-term]', (els) =>
      els.map((el) => (el as HTMLElement).dataset.term ?? ''),
    );
    expect(terms.length).toBeGreaterThan(10);
    expect(new Set(terms).size).toBe(terms.length);
    await expect(
      page.locator('.lesson-body :is(h2, h3, pre, code, a:not(.term-link)) .term').count(),
    ).resolves.toBe(0);
    await context.close();
  });
});

describe('the glossary page', () => {
  it('is reachable from the course home and the footer', async () => {
    const { page, context } = await open('#/');
    await page.locator('.home-glossary a').click();
    await page.waitForURL(/#\/glossary$/);
    await page.locator('.glossary-entry').first().waitFor();
    await page.goto(`${base}#/lesson/why-gpus`);
    await page.locator('.site-footer a[href="#/glossary"]').click();
    await page.waitForURL(/#\/glossary$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Glossary');
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious axe violations, with a lesson tooltip open too (${scheme})`, async () => {
      const { page, errors, context } = await open('#/glossary/warp', { colorScheme: scheme });
      await page.locator('#term-warp').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto(`${base}#/lesson/inside-a-gpu`);
      await focusBeforeFirstTerm(page);
      await page.keyboard.press('Tab');
      await page.locator('.term-tip:not([hidden])').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('fits a 375 px screen without sideways scrolling, the page and an open tooltip', async () => {
    const { page, context } = await open('#/glossary/caching-allocator', { width: 375 });
    await page.locator('#term-caching-allocator').waitFor();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await page.goto(`${base}#/lesson/inside-a-gpu`);
    await focusBeforeFirstTerm(page);
    await page.keyboard.press('Tab');
    const tip = page.locator('.term-tip:not([hidden])');
    await tip.waitFor();
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await context.close();
  });
});
