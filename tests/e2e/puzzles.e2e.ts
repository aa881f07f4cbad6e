/**
 * The WGSL puzzles in Chromium with WebGPU (SwiftShader here): the list, a starter's mismatch,
 * a syntax error at its line, an endless loop stopped and a correct run after it, the revealed
 * solution passing with timings, typing over a selection without a CSP violation, the solved mark
 * and the code after a reload, keyboard use of the editor, axe and a 375 px wide screen. One
 * page does it all but the reload.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { runAndSettle, typeInEditor } from './editor';
import { browserSuite, cspViolations, horizontalOverflow, recordCspViolations } from './browser';
import { seriousAxeViolations } from './axe';

const { open } = browserSuite({ webgpu: true });

/** The editor's text area (CodeMirror, in its host's open shadow root). */
const editorOf = (page: Page) => page.locator('[data-puzzle] .cm-content');

/** Replaces the editor's text as a learner would. */
const typeCode = (page: Page, code: string) => typeInEditor(page, editorOf(page), code);

/** Runs the kernel and waits for a settled result; returns the result region. */
const run = (page: Page, expected: string): Promise<Locator> => runAndSettle(page, page, expected);

const MAP_WITH = (body: string) => `@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
${body}
}
`;

describe('WGSL puzzles', () => {
  it('lists the puzzles, checks a starter, a syntax error, an endless loop and the solution, and keeps the mark', async () => {
    const { page, errors } = await open('#/puzzles', {
      width: 375,
      initScript: recordCspViolations,
    });
    const items = page.locator('[data-puzzle-item]');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(12);
    // SwiftShader is a software adapter, and the page says so before anything runs.
    const notice = page.locator('[data-gpu]');
    await expect.poll(() => notice.getAttribute('data-gpu'), { timeout: 60_000 }).toBe('ready');
    expect(await notice.getAttribute('data-fallback')).toBe('true');
    expect(await notice.textContent()).toMatch(/software fallback/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator('[data-puzzle-item="map"] a').click();
    await page.locator('[data-editor="ready"]').waitFor({ timeout: 60_000 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The starter compiles and is wrong: the first mismatch names index, expected and got.
    let result = await run(page, 'mismatch');
    const first = result.locator('[data-mismatch]').first();
    expect(await first.getAttribute('data-mismatch')).toBe('0');
    const expectedValue = Number(await first.getAttribute('data-expected'));
    const got = Number(await first.getAttribute('data-got'));
    expect(expectedValue - got).toBe(10);
    expect(await result.textContent()).toMatch(/out\[0\]/);

    // A syntax error names the learner's own line.
    await typeCode(page, MAP_WITH('  out[i] = a[i] + ;'));
    result = await run(page, 'compile-error');
    const diagnostic = result.locator('[data-diagnostic="error"]').first();
    expect(await diagnostic.getAttribute('data-line')).toBe('4');
    expect(await diagnostic.textContent()).toMatch(/Line 4, column \d+/);
    await page.locator('.cm-error-line').first().waitFor();

    // An endless loop is stopped with a message, and the next run works.
    await typeCode(page, MAP_WITH('  loop { }\n  out[i] = a[i] + 10.0;'));
    result = await run(page, 'out-of-budget');
    expect(await result.textContent()).toMatch(/was stopped/);
    await typeCode(page, MAP_WITH('  out[i] = a[i] + 10.0;'));
    await run(page, 'pass');
    await page.locator('[data-solved-mark]').waitFor();

    // Hints open one at a time; the revealed solution passes and is timed beside the model.
    await page.locator('[data-action="hint"]').click();
    await expect.poll(() => page.locator('[data-hint]').count()).toBe(1);
    await page.locator('[data-action="hint"]').click();
    await expect.poll(() => page.locator('[data-hint]').count()).toBe(2);
    await page.locator('[data-solution] summary').click();
    await page.locator('[data-action="use-solution"]').click();
    await expect.poll(() => editorOf(page).textContent()).toMatch(/a\[i\] \+ 10\.0/);
    result = await run(page, 'pass');
    const timings = result.locator('[data-timings]');
    await timings.waitFor();
    for (const which of ['yours', 'reference', 'model']) {
      const seconds = Number(
        await timings.locator(`[data-time="${which}"]`).getAttribute('data-seconds'),
      );
      expect(seconds).toBeGreaterThan(0);
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Typing over a selection (each typeCode above) breaks no rule of the page's CSP: left to
    // the browser, it wrote a style attribute that style-src 'self' refuses.
    expect(await cspViolations(page)).toEqual([]);

    // The solved mark survives a reload, and so does the code in the editor.
    const before = await editorOf(page).textContent();
    await page.reload();
    await expect
      .poll(() => page.locator('[data-puzzle="map"]').getAttribute('data-solved'))
      .toBe('yes');
    await expect.poll(() => editorOf(page).textContent()).toBe(before);
    await page.goto(page.url().replace(/#.*$/, '#/puzzles'));
    await expect
      .poll(() => page.locator('[data-puzzle-item="map"]').getAttribute('data-solved'))
      .toBe('yes');
    expect(errors).toEqual([]);
  });

  it('is used by keyboard: Tab indents in the editor, Escape then Tab leaves it for Run', async () => {
    const { page, errors } = await open('#/puzzles/zip');
    await page.locator('[data-editor="ready"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-gpu]').getAttribute('data-gpu'), { timeout: 60_000 })
      .toBe('ready');
    expect(await page.locator('.pz-keys').textContent()).toMatch(/Escape, then Tab/);
    await editorOf(page).focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Tab');
    await expect.poll(() => editorOf(page).textContent()).toMatch(/^ {2}@compute/);
    expect(await editorOf(page).evaluate((el) => el.getRootNode() instanceof ShadowRoot)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-action')))
      .toBe('run');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-result]').getAttribute('data-result'), { timeout: 60_000 })
      .toBe('mismatch');
    // The same puzzle alone, as another site embeds it.
    await page.evaluate(() => (location.hash = '#/embed/puzzle/zip'));
    await expect
      .poll(() => page.locator('.embed-page').getAttribute('data-embed'), { timeout: 60_000 })
      .toBe('puzzle');
    await page.locator('[data-puzzle="zip"] [data-editor="ready"]').waitFor({ timeout: 60_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
