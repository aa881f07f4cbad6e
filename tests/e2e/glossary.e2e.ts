import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  browserSuite,
  horizontalOverflow,
  recordCspViolations,
  settledCspViolations,
} from './browser';
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
  // One load walks the whole path, lesson → tooltip → glossary entry → back to the lesson, and
  // checks each state where it first appears (axe, the policy and the 375 px fit included).
  it('links terms at first use only, shows a definition on hover and on Tab (announced, closed by Escape), leads to the glossary and back; tooltip and glossary pass axe in both themes, break no CSP rule and fit 375 px, the header menu too', async () => {
    const { page, errors, context } = await open('#/lesson/inside-a-gpu', {
      initScript: recordCspViolations,
    });
    // Each term is linked once, never in headings or code (the rules are unit-tested in
    // src/glossary/terms.test.ts and scripts/remark-glossary.test.ts; here, a real lesson's many).
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

    // A real pointer: the definition shows on hover and goes when the pointer leaves.
    const firstTerm = page.locator('.lesson-body .term-link').first();
    const tip = page.locator(`[id="${await firstTerm.getAttribute('aria-describedby')}"]`);
    await firstTerm.hover();
    await tip.waitFor({ state: 'visible' });
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'hidden' });

    // The keyboard: Tab reaches the same term and opens its tooltip.
    await focusBeforeFirstTerm(page);
    await page.keyboard.press('Tab');
    const focused = page.locator('.term-link:focus');
    await expect.poll(() => focused.textContent()).toBe('streaming multiprocessors');
    expect(await focused.getAttribute('aria-describedby')).toBe(
      await firstTerm.getAttribute('aria-describedby'),
    );
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
    // The open tooltip and its term, with the paragraph they sit in (the rest of the lesson is
    // checked whole in both themes by all-lessons.e2e.ts).
    const clean = { light: [], dark: [] };
    const paragraph = page.locator('.lesson-body p').filter({ has: tip });
    expect(await seriousAxeViolationsInBothThemes(page, paragraph), 'tooltip').toEqual(clean);
    await expect.poll(() => tip.isVisible()).toBe(true);

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
    // The glossary page: every entry, one of them focused.
    expect(await seriousAxeViolationsInBothThemes(page), 'glossary').toEqual(clean);
    // Read once what arrives late (on scrolling, fonts, workers' scripts) is in.
    expect(await settledCspViolations(page)).toEqual([]);
    // A phone-width window: the glossary fits it.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The header's lessons menu fits the phone's width and height.
    await page.getByRole('button', { name: 'Lessons' }).click();
    const menu = page.locator('.course-menu-panel');
    await menu.waitFor();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(375);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(900);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // Back to the lesson, now drawn at 375 px: an open tooltip stays inside the window.
    await taught.click();
    await page.waitForURL(/#\/lesson\/inside-a-gpu\//);
    await page.locator('#streaming-multiprocessors-the-unit-that-repeats').waitFor();
    await focusBeforeFirstTerm(page);
    await page.keyboard.press('Tab');
    const narrowTip = page.locator('.term-tip:not([hidden])');
    await narrowTip.waitFor();
    const narrowBox = (await narrowTip.boundingBox())!;
    expect(narrowBox.x).toBeGreaterThanOrEqual(0);
    expect(narrowBox.x + narrowBox.width).toBeLessThanOrEqual(375);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
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
});
