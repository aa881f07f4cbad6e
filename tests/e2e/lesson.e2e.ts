import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

/** Sets the race to a small job so it finishes quickly on a software adapter. */
async function setSmallJob(page: Page) {
  const race = page.locator('[data-widget="race"]');
  await race.getByLabel('Tasks', { exact: true }).fill('2048');
  await race.getByLabel('Work per task', { exact: true }).fill('300');
}

describe('course home', () => {
  it('lists the lessons in order with reading times, without errors or serious axe violations', async () => {
    const { page, errors, context } = await open('#/');
    const first = page.locator('[data-lesson="why-gpus"]');
    await expect(first.textContent()).resolves.toMatch(/Why GPUs/);
    await expect(first.textContent()).resolves.toMatch(/\d+ min read/);
    await expect(first.locator('[data-progress]').getAttribute('data-progress')).resolves.toBe(
      'not-started',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a not-found page for an unknown lesson', async () => {
    const { page, context } = await open('#/lesson/no-such-lesson');
    await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
    await context.close();
  });
});

describe('lesson 1: Why GPUs', () => {
  it('renders the lesson with its table of contents, math and code, accessibly', async () => {
    const { page, errors, context } = await open('#/lesson/why-gpus');
    await page.locator('.lesson-body h2').first().waitFor();
    expect(await page.locator('.toc a').count()).toBeGreaterThan(4);
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    expect(await page.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    await page.locator('[data-widget="amdahl"][data-status="done"]').waitFor();
    await page.locator('[data-widget="race"][data-status="idle"]').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs the race to the end: both measured lanes have times and the GPU result is verified', async () => {
    const { page, errors, context } = await open('#/lesson/why-gpus');
    const race = page.locator('[data-widget="race"]');
    await race.waitFor();
    await setSmallJob(page);
    await race.locator('[data-action="run"]').click();
    await page.locator('[data-widget="race"][data-status="done"]').waitFor({ timeout: 120_000 });
    for (const lane of ['cpu-measured', 'gpu-measured']) {
      const el = race.locator(`[data-lane="${lane}"]`);
      await expect(el.getAttribute('data-lane-state')).resolves.toBe('done');
      const seconds = Number(await el.locator('[data-seconds]').getAttribute('data-seconds'));
      expect(seconds).toBeGreaterThan(0);
    }
    await expect(race.locator('[data-verified]').getAttribute('data-verified')).resolves.toBe(
      'true',
    );
    // The adapter here is SwiftShader: the reading must say so.
    await expect(race.locator('[data-race-summary]').textContent()).resolves.toMatch(
      /software fallback/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the race from the keyboard, and keeps animation calm under reduced motion', async () => {
    const { page, context } = await open('#/lesson/why-gpus', { reducedMotion: 'reduce' });
    const race = page.locator('[data-widget="race"]');
    await race.waitFor();
    await setSmallJob(page);
    await race.getByLabel('Work per task', { exact: true }).focus();
    await page.keyboard.press('Enter'); // submits the settings form
    await page.locator('[data-widget="race"][data-status="done"]').waitFor({ timeout: 120_000 });
    await expect(
      race.locator('[data-lane="gpu-modeled"]').getAttribute('data-lane-state'),
    ).resolves.toBe('done');
    const transition = await race
      .locator('[data-lane="gpu-modeled"] .unit')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(transition).toBeLessThan(0.001);
    await context.close();
  });

  it('keeps a quick-check answer and lesson completion across a reload', async () => {
    const { page, context } = await open('#/lesson/why-gpus');
    const check = page.locator('[data-quick-check]').first();
    await check.waitFor();
    const id = await check.getAttribute('data-quick-check');
    // Choose the first option and check it.
    await check.locator('input[type="radio"]').first().check();
    await check.getByRole('button', { name: /check/i }).click();
    await expect(check.getAttribute('data-answered')).resolves.toBe('true');
    await page.getByLabel('I have finished this lesson').check();
    await page.reload();
    const again = page.locator(`[data-quick-check="${id}"]`);
    await again.waitFor();
    await expect(again.getAttribute('data-answered')).resolves.toBe('true');
    await expect(page.getByLabel('I have finished this lesson').isChecked()).resolves.toBe(true);
    await page.goto(base + '#/');
    await expect(
      page.locator('[data-lesson="why-gpus"] [data-progress]').getAttribute('data-progress'),
    ).resolves.toBe('completed');
    await context.close();
  });

  it('sets corrupt saved progress aside with a notice instead of a blank page', async () => {
    const { page, context } = await open('#/');
    await page.evaluate(() => localStorage.setItem('gpu-lab:progress', '{not json'));
    await page.reload();
    await expect(page.locator('[data-notice="progress"]').textContent()).resolves.toMatch(
      /set aside/,
    );
    await expect(page.locator('[data-lesson="why-gpus"]').count()).resolves.toBe(1);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((k) => k.startsWith('gpu-lab:progress:set-aside:'))).toBe(true);
    await context.close();
  });

  it('keeps the lesson readable when a widget fails to load', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/RaceWidget.*\.js$/, (route) => route.abort());
    await page.goto(base + '#/lesson/why-gpus');
    const failed = page.locator('[data-widget="race"][data-status="error"]');
    await failed.waitFor();
    await expect(failed.getByRole('alert').textContent()).resolves.toMatch(/could not be shown/);
    expect(await page.locator('.lesson-body h2').count()).toBeGreaterThan(4);
    await page.locator('[data-widget="amdahl"][data-status="done"]').waitFor();
    await context.close();
  });

  it('fits a phone-width screen without sideways scrolling', async () => {
    const { page, context } = await open('#/lesson/why-gpus', { width: 375 });
    await page.locator('[data-widget="race"]').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
