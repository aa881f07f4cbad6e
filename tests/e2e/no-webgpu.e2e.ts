import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser } from './browser';

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
});

async function runSmallRace(removeNavigatorGpu: boolean) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  if (removeNavigatorGpu) {
    await context.addInitScript(() => {
      delete (Navigator.prototype as unknown as { gpu?: unknown }).gpu;
    });
  }
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(base + '#/lesson/why-gpus');
  const race = page.locator('[data-widget="race"]');
  await race.waitFor();
  await race.getByLabel('Tasks', { exact: true }).fill('1024');
  await race.getByLabel('Work per task', { exact: true }).fill('100');
  await race.locator('[data-action="run"]').click();
  await page.locator('[data-widget="race"][data-status="done"]').waitFor({ timeout: 120_000 });
  return { page, race, errors, context };
}

describe('the race in a browser without WebGPU', () => {
  it('runs the CPU and modeled lanes and says why the GPU lane is missing (no adapter)', async () => {
    const { race, errors, context } = await runSmallRace(false);
    await expect(
      race.locator('[data-lane="cpu-measured"]').getAttribute('data-lane-state'),
    ).resolves.toBe('done');
    await expect(
      race.locator('[data-lane="gpu-measured"]').getAttribute('data-lane-state'),
    ).resolves.toBe('skipped');
    await expect(
      race.locator('[data-lane="gpu-modeled"]').getAttribute('data-lane-state'),
    ).resolves.toBe('done');
    await expect(race.locator('[data-race-summary]').textContent()).resolves.toMatch(
      /GPU lane did not run/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a browser that has no navigator.gpu at all', async () => {
    const { race, context } = await runSmallRace(true);
    await expect(
      race.locator('[data-lane="gpu-measured"] .lane-note').textContent(),
    ).resolves.toMatch(/no WebGPU/);
    await context.close();
  });
});
