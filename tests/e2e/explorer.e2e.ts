import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations } from './browser';

const base = inject('baseUrl');
const LESSON = '#/lesson/inside-a-gpu';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

async function openLesson(
  options: { reducedMotion?: 'reduce' | 'no-preference'; width?: number; on?: Browser } = {},
) {
  const { page, errors, context } = await openPage(options.on ?? browser, base + LESSON, options);
  const explorer = page.locator('[data-widget="explorer"]');
  await page.locator('[data-widget="explorer"][data-status="idle"]').waitFor();
  return { page, errors, context, explorer };
}

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
  it('renders the lesson, the explorer and the spec table accessibly', async () => {
    const { page, errors, context, explorer } = await openLesson();
    expect(await page.locator('.lesson-body h2').count()).toBeGreaterThan(5);
    await page.locator('[data-widget="spec-table"][data-status="done"]').waitFor();
    const h100 = page.locator('[data-widget="spec-table"] tr[data-gpu="h100-sxm"]');
    await expect(h100.textContent()).resolves.toMatch(/16,896/);
    expect(await page.locator('.spec-sources li').count()).toBeGreaterThan(5);
    await expect(summaryOf(explorer)).resolves.toMatch(/^Ready: 524,288 elements/);
    expect(await wavesOf(explorer)).toBe(76);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('chooses a preset, plays to the end, and shows the engine’s waves and time', async () => {
    const { page, errors, context, explorer } = await openLesson();
    await explorer.getByLabel('GPU from the catalog').selectOption('h100-sxm');
    await expect(explorer.locator('[data-total="cuda-cores"]').textContent()).resolves.toMatch(
      /132 × 128 = 16,896/,
    );
    await expect(explorer.locator('[data-total="tensor-cores"]').textContent()).resolves.toMatch(
      /528/,
    );
    expect(await wavesOf(explorer)).toBe(32);
    const modeled = await modeledSecondsOf(page);
    expect(modeled).toBeGreaterThan(5e-6);
    expect(modeled).toBeLessThan(1e-4);
    await expect(explorer.locator('[data-model]').textContent()).resolves.toMatch(
      /Cost engine, NVIDIA H100 SXM: \d+\.\d+ µs/,
    );

    await explorer.getByRole('button', { name: 'Step one wave' }).click();
    await explorer.getByRole('button', { name: 'Step one wave' }).click();
    await expect(summaryOf(explorer)).resolves.toMatch(
      /^Wave 2 of 32: 132 SMs busy, 16,896 threads running/,
    );
    await explorer.locator('[data-action="play"]').click();
    await page.locator('[data-widget="explorer"][data-status="done"]').waitFor({ timeout: 30_000 });
    await expect(summaryOf(explorer)).resolves.toMatch(
      /^Finished all 32 waves: 524,288 of 524,288 elements done\./,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs the kernel on this GPU and shows a verified measured time beside the modeled one', async () => {
    const { page, errors, context, explorer } = await openLesson();
    await explorer.locator('[data-action="measure"]').click();
    const result = explorer.locator('[data-measure-result]');
    await result.waitFor({ timeout: 120_000 });
    const measured = result.locator('[data-measured-seconds]');
    await expect(measured.getAttribute('data-verified')).resolves.toBe('true');
    expect(Number(await measured.getAttribute('data-measured-seconds'))).toBeGreaterThan(0);
    const modeled = Number(
      await result.locator('[data-modeled-seconds]').getAttribute('data-modeled-seconds'),
    );
    expect(modeled).toBeCloseTo(await modeledSecondsOf(page), 12);
    await expect(result.textContent()).resolves.toMatch(/measured.*modeled/is);
    await expect(result.textContent()).resolves.toMatch(/Verified: all 524,288 values match/);
    // This machine's adapter is SwiftShader: the widget must say so plainly.
    await expect(result.textContent()).resolves.toMatch(/software fallback/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard and steps instead of animating under reduced motion', async () => {
    const { page, errors, context, explorer } = await openLesson({ reducedMotion: 'reduce' });
    const canvas = explorer.locator('canvas');
    await canvas.focus();
    await page.keyboard.press('s');
    await expect(summaryOf(explorer)).resolves.toMatch(/^Wave 1 of 76: 108 SMs busy/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(canvas.getAttribute('data-zoomed')).resolves.toBe('true');
    await expect(canvas.getAttribute('aria-label')).resolves.toMatch(/Zoomed into SM 2 of 108/);
    await page.keyboard.press('Escape');
    await expect(canvas.getAttribute('data-zoomed')).resolves.toBe('false');
    await explorer.getByRole('button', { name: 'Show the end' }).click();
    await expect(explorer.getAttribute('data-status')).resolves.toBe('done');
    await expect(summaryOf(explorer)).resolves.toMatch(/^Finished all 76 waves/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone-width screen without sideways scrolling', async () => {
    const { page, context, explorer } = await openLesson({ width: 375 });
    await page.locator('[data-widget="spec-table"][data-status="done"]').waitFor();
    const canvasWidth = await explorer.locator('canvas').evaluate((c) => c.clientWidth);
    expect(canvasWidth).toBeGreaterThan(250);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('explains a missing GPU adapter and keeps the rest working', async () => {
    const noGpu = await launchBrowser({ webgpu: false });
    try {
      const { page, errors, context, explorer } = await openLesson({ on: noGpu });
      await explorer.locator('[data-action="measure"]').click();
      const why = explorer.locator('.explorer-unavailable');
      await why.waitFor();
      await expect(why.textContent()).resolves.toMatch(/WebGPU|adapter/);
      await expect(explorer.locator('[data-action="measure"]').isDisabled()).resolves.toBe(true);
      await explorer.getByRole('button', { name: 'Step one wave' }).click();
      await expect(summaryOf(explorer)).resolves.toMatch(/^Wave 1 of 76/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await noGpu.close();
    }
  });
});
