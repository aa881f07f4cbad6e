/**
 * The Triton puzzles in Chromium with WebGPU (SwiftShader here), one page load: the list, the
 * vector add typed in from its reference passing on WebGPU with the times measured, another
 * puzzle's starter failing with its first wrong element, axe in both themes, 375 px, and the
 * puzzle embedded (`#/embed/triton/<id>`). Then lesson 13's Triton kernel widget alone (its
 * embed page): a softmax and a tl.dot matmul typed in and passing on WebGPU, a mask removed and
 * named, and an autotune of the matmul's configs, all from the keyboard.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findTritonPuzzle } from '../../src/triton/puzzles/index';
import { runAndSettle, typeInEditor } from './editor';
import { browserSuite, horizontalOverflow, settledWidget } from './browser';
import { seriousAxeViolations, seriousAxeViolationsInBothThemes } from './axe';

const { open, openWidget } = browserSuite({ webgpu: true });

const editorOf = (page: Page) => page.locator('[data-triton] .cm-content');

/** Replaces the editor's text as a learner would. */
const typeCode = (page: Page, code: string) => typeInEditor(page, editorOf(page), code);

/** Runs the check and waits for a settled result. */
const check = (page: Page, expected: 'pass' | 'fail') => runAndSettle(page, page, expected);

describe('Triton puzzles', () => {
  it('lists the puzzles, passes a typed vector add on WebGPU, fails a starter with its element, axe in both themes at 375 px', async () => {
    const { page, errors } = await open('#/triton', { width: 375 });
    const items = page.locator('[data-puzzle-item]');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(10);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator('[data-puzzle-item="vector-add"] a').click();
    await page.locator('[data-editor="ready"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-backend]').getAttribute('data-backend'), { timeout: 60_000 })
      .toBe('webgpu');
    const solution = findTritonPuzzle('vector-add')!.solution;
    await typeCode(page, solution);
    await expect.poll(() => editorOf(page).textContent()).toMatch(/tl\.store/);
    let result = await check(page, 'pass');
    expect(await result.locator('[data-ran-on]').textContent()).toMatch(
      /^Ran on WebGPU \(software adapter/,
    );
    await result.locator('[data-timings]').waitFor({ timeout: 120_000 });
    expect(await result.locator('[data-time="yours"] dt').textContent()).toBe(
      'Your kernel (measured)',
    );
    await page.locator('[data-solved-mark]').waitFor();

    // Another puzzle's starter runs and is wrong: the first wrong element, by position.
    await page.evaluate(() => (location.hash = '#/triton/row-sum'));
    await page
      .locator('[data-triton="row-sum"] [data-editor="ready"]')
      .waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-backend]').getAttribute('data-backend'), { timeout: 60_000 })
      .toBe('webgpu');
    result = await check(page, 'fail');
    expect(await result.locator('[data-check="fail"]').textContent()).toMatch(
      /out\[\d+\] should be .* but is/,
    );
    await page.locator('[data-action="hint"]').click();
    await expect.poll(() => page.locator('[data-hint]').count()).toBe(1);
    await page.locator('[data-solution] summary').click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
    expect(await seriousAxeViolations(page, undefined, 'colour'), 'dark').toEqual([]);

    // The solved mark shows in the list.
    await page.evaluate(() => (location.hash = '#/triton'));
    await expect
      .poll(() => page.locator('[data-puzzle-item="vector-add"]').getAttribute('data-solved'))
      .toBe('yes');

    // The same puzzle alone, as another site embeds it.
    await page.evaluate(() => (location.hash = '#/embed/triton/row-sum'));
    await expect
      .poll(() => page.locator('.embed-page').getAttribute('data-embed'), { timeout: 60_000 })
      .toBe('triton');
    await page
      .locator('[data-triton="row-sum"] [data-editor="ready"]')
      .waitFor({ timeout: 60_000 });
    expect(await seriousAxeViolations(page, undefined, 'colour'), 'embed, dark').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lesson 13’s widget: a typed softmax and tl.dot matmul pass on WebGPU, a missing mask is named, the matmul autotunes; keyboard, axe in both themes, 375 px', async () => {
    const { page, widget, errors } = await openWidget('#/embed/triton-kernel', 'triton-kernel', {
      width: 375,
      ready: '[data-editor="ready"]',
    });
    await expect
      .poll(() => widget.locator('[data-backend]').getAttribute('data-backend'), {
        timeout: 60_000,
      })
      .toBe('webgpu');
    const editor = widget.locator('.cm-content');
    const result = widget.locator('[data-result]');
    /** Types `code` over the widget's kernel, runs it from the keyboard, waits for `expected`. */
    const typeAndRun = async (code: string, expected: 'pass' | 'fail') => {
      await typeInEditor(page, editor, code);
      await expect.poll(() => editor.textContent()).toMatch(/tl\.store/);
      await runAndSettle(page, widget, expected, { keyboard: true });
    };

    // The softmax, written out: it passes on WebGPU, and the times come with the prediction.
    const softmax = findTritonPuzzle('fused-softmax')!.solution;
    await typeAndRun(softmax, 'pass');
    expect(await result.locator('[data-ran-on]').textContent()).toMatch(
      /^Ran on WebGPU \(software adapter/,
    );
    expect(await settledWidget(page, 'triton-kernel')).toBe('done');
    await result.locator('[data-timings]').waitFor({ timeout: 120_000 });
    // Its store without a mask: refused with the line, the program and the first bad offset.
    const unmasked = softmax.replace(/, mask=mask\)\s*$/, ')');
    expect(unmasked).not.toBe(softmax);
    await typeAndRun(unmasked, 'fail');
    const storeLine = unmasked.split('\n').findIndex((l) => l.includes('tl.store')) + 1;
    expect(await result.locator('[data-check="fail"]').textContent()).toMatch(
      new RegExp(`line ${storeLine}\\b.*program.*offset`, 's'),
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The tl.dot matmul, chosen with the keyboard and written out: it passes on WebGPU.
    const puzzle = widget.getByLabel('Triton puzzle', { exact: true });
    await puzzle.focus();
    await puzzle.selectOption('tiled-matmul');
    await widget.locator('[data-editor="ready"]').waitFor({ timeout: 60_000 });
    await typeAndRun(findTritonPuzzle('tiled-matmul')!.solution, 'pass');

    // Its autotune: every config compiled, checked and timed, the fastest marked.
    await widget.getByLabel('View', { exact: true }).selectOption('autotune');
    const tune = widget.locator('[data-action="autotune"]');
    await expect.poll(() => tune.isEnabled(), { timeout: 60_000 }).toBe(true);
    await tune.focus();
    await page.keyboard.press('Enter');
    await widget.locator('[data-cache-sentence]').waitFor({ timeout: 180_000 });
    const rows = widget.locator('[data-tune-table] tbody tr');
    expect(await rows.count()).toBe(6);
    expect(await widget.locator('[data-tune-table] tr[data-outcome="timed"]').count()).toBe(6);
    expect(await widget.locator('[data-tune-table] tr[data-fastest="yes"]').count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    expect(errors).toEqual([]);
  });
});
