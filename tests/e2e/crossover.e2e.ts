import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
/** Lesson 1 with the sweeps kept small, so they are quick on the software adapter. */
const LESSON = '#/lesson/why-gpus?crossover.emax=14&crossover.nmax=64';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

const openContexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of openContexts.splice(0)) await context.close();
});

/** Opens the lesson and waits for the crossover plot to be ready. */
async function openCrossover(options: OpenOptions = {}, url = base + LESSON) {
  const { page, errors, context } = await openPage(browser, url, options);
  openContexts.push(context);
  const widget = page.locator('[data-widget="crossover"]');
  // The lazy placeholder carries the same id; the Run button exists only in the widget itself.
  await widget.locator('[data-action="run"]').waitFor();
  await page.locator('[data-widget="crossover"][data-status="idle"]').waitFor();
  return { page, widget, errors };
}

/** Waits for the sweep to end and returns the widget's status. */
async function settled(page: Page): Promise<string> {
  await page
    .locator('[data-widget="crossover"]:is([data-status="done"], [data-status="error"])')
    .waitFor({ timeout: 120_000 });
  return (await page.locator('[data-widget="crossover"]').getAttribute('data-status')) ?? '';
}

async function pointsOf(page: Page, series: string): Promise<number> {
  const attr = await page
    .locator(`[data-widget="crossover"] [data-series="${series}"]`)
    .getAttribute('data-points');
  return Number(attr);
}

describe('lesson 1: the crossover plot', () => {
  it('sweeps small sizes of both operations: both measured curves have points, the model marks its crossover', async () => {
    const { page, widget, errors } = await openCrossover();
    await widget.getByRole('radio', { name: /Matmul/ }).check();
    await widget.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    // 16, 32 and 64: each size measured on both sides and checked.
    expect(await pointsOf(page, 'cpu-measured')).toBe(3);
    expect(await pointsOf(page, 'gpu-measured')).toBe(3);
    await expect(widget.locator('[data-size][data-measured="yes"]').count()).resolves.toBe(3);
    await expect(widget.locator('table').textContent()).resolves.toMatch(/both outputs checked/);
    // The A100 against the i9 overtakes on a matmul of a few hundred: the model marks it.
    await expect(widget.locator('[data-mark="modeled"]').count()).resolves.toBe(1);
    await expect(widget.locator('[data-reading="modeled"]').textContent()).resolves.toMatch(
      /starts to win at n ≈/,
    );
    // SwiftShader is a software adapter: the widget must say so plainly.
    await expect(widget.locator('.xo-adapter').getAttribute('data-fallback')).resolves.toBe('true');
    await expect(widget.locator('[data-reading="measured"]').textContent()).resolves.toMatch(
      /software fallback adapter: it is your CPU running a GPU emulator/,
    );
    await expect(widget.locator('[data-reading="measured"] .tag-measured').count()).resolves.toBe(
      1,
    );
    await expect(widget.locator('[data-reading="modeled"] .tag-modeled').count()).resolves.toBe(1);

    // The elementwise sweep: 1,024, 4,096 and 16,384 elements, with the kernel alone too.
    await widget.getByRole('radio', { name: /Elementwise/ }).check();
    await widget.getByRole('checkbox', { name: /kernel alone/ }).check();
    await widget.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    expect(await pointsOf(page, 'cpu-measured')).toBe(3);
    expect(await pointsOf(page, 'gpu-measured')).toBe(3);
    expect(await pointsOf(page, 'gpu-kernel')).toBe(3);
    await expect(widget.locator('[data-reading="modeled"]').textContent()).resolves.toMatch(
      /never wins/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('cancels a sweep from the keyboard and keeps what was measured', async () => {
    const { page, widget } = await openCrossover(
      { reducedMotion: 'reduce' },
      `${base}#/lesson/why-gpus?crossover.op=matmul&crossover.nmax=512`,
    );
    await widget.locator('[data-action="run"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-widget="crossover"][data-status="running"]').waitFor();
    // Wait until the first size is in, then cancel with the keyboard.
    await widget.locator('[data-size="16"][data-measured="yes"]').waitFor({ timeout: 60_000 });
    await widget.locator('[data-action="cancel"]').focus();
    await page.keyboard.press('Enter');
    await page
      .locator('[data-widget="crossover"][data-status="idle"]')
      .waitFor({ timeout: 60_000 });
    await expect(widget.locator('[data-notice]').textContent()).resolves.toMatch(
      /Sweep cancelled after \d of 6 sizes/,
    );
    const measured = await widget.locator('[data-size][data-measured="yes"]').count();
    expect(measured).toBeGreaterThanOrEqual(1);
    expect(measured).toBeLessThan(6);
  });

  it('falls back from a bad link with a clear notice, and fits a phone', async () => {
    const { page, widget } = await openCrossover(
      { width: 375 },
      `${base}#/lesson/why-gpus?crossover.op=conv&crossover.emax=99`,
    );
    await expect(widget.textContent()).resolves.toMatch(/"conv" is not one of the choices/);
    await expect(widget.getByRole('radio', { name: /Elementwise/ }).isChecked()).resolves.toBe(
      true,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('without WebGPU, explains why and still measures the CPU beside the modeled curves', async () => {
    const plain = await launchBrowser({ webgpu: false });
    try {
      const { page, errors, context } = await openPage(plain, base + LESSON);
      openContexts.push(context);
      const widget = page.locator('[data-widget="crossover"]');
      await widget.locator('[data-action="run"]').waitFor();
      await widget.locator('[data-action="run"]').click();
      expect(await settled(page)).toBe('done');
      expect(await pointsOf(page, 'cpu-measured')).toBe(3);
      expect(await pointsOf(page, 'gpu-measured')).toBe(0);
      expect(await pointsOf(page, 'cpu-modeled')).toBeGreaterThan(10);
      expect(await pointsOf(page, 'gpu-modeled')).toBeGreaterThan(10);
      await expect(widget.locator('[data-no-webgpu]').textContent()).resolves.toMatch(
        /No WebGPU here .*still measures your CPU/,
      );
      await expect(widget.locator('[data-reading="measured"]').textContent()).resolves.toMatch(
        /Only your CPU was measured/,
      );
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await plain.close();
    }
  });

  it('stays accessible in the dark theme after a sweep', async () => {
    const { page, widget } = await openCrossover({ colorScheme: 'dark' });
    await widget.getByRole('radio', { name: /Matmul/ }).check();
    await widget.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
