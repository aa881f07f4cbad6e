import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, horizontalOverflow, widgetStatus } from './browser';
import { seriousAxeViolations } from './axe';

/**
 * The explorer alone (its embed page): the same component, frame and link settings as in lesson
 * 2, at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/explorer';
const { openWidget } = browserSuite({ webgpu: true });

/** Opens the explorer alone once it is ready. */
const openLesson = (options: Parameters<typeof openWidget>[2] = {}) =>
  openWidget(WIDGET, 'explorer', { ...options, status: 'idle' });

const summaryOf = (explorer: Locator) => explorer.locator('[data-summary]').textContent();

async function wavesOf(explorer: Locator): Promise<number> {
  return Number(await explorer.locator('[data-waves]').getAttribute('data-waves'));
}

async function modeledSecondsOf(page: Page): Promise<number> {
  const text = await page
    .locator('[data-widget="explorer"] [data-model] [data-modeled-seconds]')
    .getAttribute('data-modeled-seconds');
  return Number(text);
}

describe('lesson 2: Inside a GPU', () => {
  // Lesson 2 as it first renders (the explorer and the spec table with every catalog GPU, as it
  // places them without props) is loaded whole, with axe in both themes, by all-lessons.e2e.ts;
  // the widgets' first states are checked in ExplorerWidget.test.tsx and SpecTable.test.tsx.
  it('chooses a preset, plays to the end, and shows the engine’s waves and time', async () => {
    const { page, errors, widget: explorer } = await openLesson();
    await explorer.getByLabel('GPU from the catalog').selectOption('h100-sxm');
    await expect
      .poll(() => explorer.locator('[data-total="cuda-cores"]').textContent())
      .toMatch(/132 × 128 = 16,896/);
    await expect
      .poll(() => explorer.locator('[data-total="tensor-cores"]').textContent())
      .toMatch(/528/);
    await expect.poll(() => wavesOf(explorer)).toBe(32);
    const modeled = await modeledSecondsOf(page);
    expect(modeled).toBeGreaterThan(5e-6);
    expect(modeled).toBeLessThan(1e-4);
    await expect
      .poll(() => explorer.locator('[data-model]').textContent())
      .toMatch(/Cost engine, NVIDIA H100 SXM: \d+\.\d+ µs/);

    await explorer.getByRole('button', { name: 'Step one wave' }).click();
    await explorer.getByRole('button', { name: 'Step one wave' }).click();
    await expect
      .poll(() => summaryOf(explorer))
      .toMatch(/^Wave 2 of 32: 132 SMs busy, 16,896 threads running/);
    // Played to the end on four waves' worth of elements (a wave is 16,896 threads here): the
    // same animation in 2 s of frames where 32 waves take the 10 s cap.
    await explorer.getByLabel('Elements (one thread each)').fill('67584');
    await expect.poll(() => wavesOf(explorer)).toBe(4);
    await explorer.locator('[data-action="play"]').click();
    await widgetStatus(page, 'explorer', 'done', 30_000);
    await expect
      .poll(() => summaryOf(explorer))
      .toMatch(/^Finished all 4 waves: 67,584 of 67,584 elements done\./);
    expect(errors).toEqual([]);
  });

  it('runs the kernel on this GPU and shows a verified measured time beside the modeled one', async () => {
    const { page, errors, widget: explorer } = await openLesson();
    await explorer.locator('[data-action="measure"]').click();
    const result = explorer.locator('[data-measure-result]');
    await result.waitFor({ timeout: 120_000 });
    const measured = result.locator('[data-measured-seconds]');
    await expect.poll(() => measured.getAttribute('data-verified')).toBe('true');
    expect(Number(await measured.getAttribute('data-measured-seconds'))).toBeGreaterThan(0);
    const modeled = Number(
      await result.locator('[data-modeled-seconds]').getAttribute('data-modeled-seconds'),
    );
    expect(modeled).toBeCloseTo(await modeledSecondsOf(page), 12);
    await expect.poll(() => result.textContent()).toMatch(/measured.*modeled/is);
    await expect.poll(() => result.textContent()).toMatch(/Verified: all 524,288 values match/);
    // This machine's adapter is SwiftShader: the widget must say so plainly.
    await expect.poll(() => result.textContent()).toMatch(/software fallback/);
    expect(await seriousAxeViolations(page, 'explorer')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a phone-width screen, works from the keyboard and steps instead of animating under reduced motion', async () => {
    // One load at phone width with reduced motion (both set when the page opens): the fit is
    // read first, on the page as it opens, then the keyboard drives it.
    const {
      page,
      errors,
      widget: explorer,
    } = await openLesson({ width: 375, reducedMotion: 'reduce' });
    const canvas = explorer.locator('canvas');
    expect(await canvas.evaluate((c) => c.clientWidth)).toBeGreaterThan(250);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await canvas.focus();
    await page.keyboard.press('s');
    await expect.poll(() => summaryOf(explorer)).toMatch(/^Wave 1 of 76: 108 SMs busy/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => canvas.getAttribute('data-zoomed')).toBe('true');
    await expect.poll(() => canvas.getAttribute('aria-label')).toMatch(/Zoomed into SM 2 of 108/);
    await page.keyboard.press('Escape');
    await expect.poll(() => canvas.getAttribute('data-zoomed')).toBe('false');
    await explorer.getByRole('button', { name: 'Show the end' }).click();
    await expect.poll(() => explorer.getAttribute('data-status')).toBe('done');
    await expect.poll(() => summaryOf(explorer)).toMatch(/^Finished all 76 waves/);
    expect(errors).toEqual([]);
  });

  it('explains a missing GPU adapter and keeps the rest working', async () => {
    const { page, errors, widget: explorer } = await openLesson({ webgpu: false });
    await explorer.locator('[data-action="measure"]').click();
    const why = explorer.locator('.explorer-unavailable');
    await why.waitFor();
    await expect.poll(() => why.textContent()).toMatch(/WebGPU|adapter/);
    await expect.poll(() => explorer.locator('[data-action="measure"]').isDisabled()).toBe(true);
    await explorer.getByRole('button', { name: 'Step one wave' }).click();
    await expect.poll(() => summaryOf(explorer)).toMatch(/^Wave 1 of 76/);
    expect(await seriousAxeViolations(page, 'explorer')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
