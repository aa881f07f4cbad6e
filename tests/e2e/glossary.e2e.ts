import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, horizontalOverflow } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';

const { base, open } = browserSuite({ webgpu: true });

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
    await expect.poll(() => focused.textContent()).toBe('streaming multiprocessors');
    const tipId = await focused.getAttribute('aria-describedby');
    const tip = page.locator(`[id="${tipId}"]`);
    await tip.waitFor({ state: 'visible' });
    await expect.poll(() => tip.getAttribute('role')).toBe('tooltip');
    // The definition arrives with the glossary's chunk ("Loading the definition…" until then).
    await expect
      .poll(() => tip.textContent())
      .toMatch(/^SM \(streaming multiprocessor\): The block an NVIDIA GPU repeats/);
    const tipText = (await tip.textContent()) ?? '';
    // Chromium exposes the tooltip as the link's description: a screen reader reads it on focus.
    await expect.poll(() => focusedDescription(context, page)).toBe(tipText);
    // The tooltip lies inside the window.
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);

    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.term-link:focus').count()).toBe(1);

    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/glossary\/sm$/);
    // The URL changes before the page does: wait for the glossary itself.
    await expect.poll(() => page.locator('h1').textContent()).toBe('Glossary');
    await page.waitForFunction(() => document.activeElement?.id === 'term-sm');
    // The entry links back to the section that teaches the term.
    const taught = page.locator('#term-sm .glossary-taught a');
    await expect
      .poll(() => taught.getAttribute('href'))
      .toBe('#/lesson/inside-a-gpu/streaming-multiprocessors-the-unit-that-repeats');
    await taught.click();
    await page.waitForURL(/#\/lesson\/inside-a-gpu\//);
    await page.locator('#streaming-multiprocessors-the-unit-that-repeats').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the definition on hover and hides it when the pointer leaves', async () => {
    const { page } = await open('#/lesson/moving-data');
    const term = page.locator('.lesson-body .term-link').first();
    await term.waitFor();
    const tip = page.locator(`[id="${await term.getAttribute('aria-describedby')}"]`);
    await term.hover();
    await tip.waitFor({ state: 'visible' });
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'hidden' });
  });

  it('links each term only at its first use in a lesson, never in headings or code', async () => {
    const { page } = await open('#/lesson/inside-a-gpu');
    await page.locator('.lesson-body .term-link').first().waitFor();
    const terms = await page.$$eval('.lesson-body [data-term]', (els) =>
      els.map((el) => (el as HTMLElement).dataset.term ?? ''),
    );
    expect(terms.length).toBeGreaterThan(10);
    expect(new Set(terms).size).toBe(terms.length);
    await expect
      .poll(() =>
        page.locator('.lesson-body :is(h2, h3, pre, code, a:not(.term-link)) .term').count(),
      )
      .toBe(0);
  });
});

describe('the glossary page', () => {
  it('is reachable from the course home and the footer', async () => {
    const { page } = await open('#/');
    await page.locator('.home-glossary a').click();
    await page.waitForURL(/#\/glossary$/);
    await page.locator('.glossary-entry').first().waitFor();
    await page.goto(`${base}#/lesson/why-gpus`);
    await page.locator('.lesson-body h2').first().waitFor();
    await page.locator('.site-footer a[href="#/glossary"]').click();
    await page.waitForURL(/#\/glossary$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Glossary');
  });

  it('has no serious axe violations, with a lesson tooltip open too, in both themes', async () => {
    const { page, errors } = await open('#/glossary/warp');
    await page.locator('#term-warp').waitFor();
    const clean = { light: [], dark: [] };
    expect(await seriousAxeViolationsInBothThemes(page), 'glossary').toEqual(clean);
    await page.goto(`${base}#/lesson/inside-a-gpu`);
    await focusBeforeFirstTerm(page);
    await page.keyboard.press('Tab');
    await page.locator('.term-tip:not([hidden])').waitFor();
    // The open tooltip and its term, with the paragraph they sit in (the rest of the lesson is
    // checked whole in both themes by all-lessons.e2e.ts).
    const paragraph = page
      .locator('.lesson-body p')
      .filter({ has: page.locator('.term-tip:not([hidden])') });
    expect(await seriousAxeViolationsInBothThemes(page, paragraph), 'tooltip').toEqual(clean);
    await expect.poll(() => page.locator('.term-tip:not([hidden])').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('fits a 375 px screen without sideways scrolling, the page and an open tooltip', async () => {
    const { page } = await open('#/glossary/caching-allocator', { width: 375 });
    await page.locator('#term-caching-allocator').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${base}#/lesson/inside-a-gpu`);
    await focusBeforeFirstTerm(page);
    await page.keyboard.press('Tab');
    const tip = page.locator('.term-tip:not([hidden])');
    await tip.waitFor();
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
