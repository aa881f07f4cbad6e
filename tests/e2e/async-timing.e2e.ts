import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
const LESSON = '#/lesson/measuring';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Contexts of the current test, closed after it even when it fails half-way. */
const openContexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of openContexts.splice(0)) await context.close();
});

/** Opens lesson 8 (with `query` for the demo's settings) and waits for the demo to load. */
async function openDemo(options: OpenOptions = {}, query = '') {
  const { page, errors, context } = await openPage(browser, base + LESSON + query, options);
  openContexts.push(context);
  const demo = page.locator('section[data-widget="async-timing"]:not(.widget-placeholder)');
  await demo.waitFor({ timeout: 60_000 });
  return { page, demo, errors };
}

/** Waits for the demo to finish (done or error) and returns its status. */
async function settled(page: Page): Promise<string> {
  const done = '[data-widget="async-timing"]:is([data-status="done"], [data-status="error"])';
  await page.locator(done).waitFor({ timeout: 120_000 });
  return (await page.locator('[data-widget="async-timing"]').getAttribute('data-status')) ?? '';
}

/** The warm median a clock's row reports, in seconds. */
async function warmMedian(demo: Locator, clock: string): Promise<number> {
  const cell = demo.locator(`[data-clock="${clock}"] [data-median-seconds]`);
  return Number(await cell.getAttribute('data-median-seconds'));
}

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 200): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
  }
  throw new Error('Tab never reached the element');
}

describe('lesson 8: the async timing demo', () => {
  it('times a matmul three ways on the software adapter: the naive clock is the shortest', async () => {
    const { page, demo, errors } = await openDemo({}, '?async-timing.n=128&async-timing.runs=3');
    // The PyTorch side is there before any run.
    await expect(demo.locator('[data-twin]').count()).resolves.toBe(4);
    await demo.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');

    // Three clocks, each with a first run and a warm median.
    for (const clock of ['naive', 'completion', 'gpu']) {
      const row = demo.locator(`[data-clock="${clock}"]`);
      await expect(row.count()).resolves.toBe(1);
      expect(
        Number(await row.locator('[data-first-seconds]').getAttribute('data-first-seconds')),
      ).toBeGreaterThanOrEqual(0);
    }
    const naive = await warmMedian(demo, 'naive');
    const completion = await warmMedian(demo, 'completion');
    expect(naive).toBeLessThan(completion);
    // SwiftShader offers timestamp-query: the GPU clock is there, and still longer than submit.
    const gpu = await warmMedian(demo, 'gpu');
    expect(gpu).toBeGreaterThan(0);
    expect(naive).toBeLessThan(gpu);
    // "N× shorter than", or "far below" when the page's coarse clock read 0 s around submit.
    await expect(demo.locator('[data-finding="naive"]').textContent()).resolves.toMatch(
      /(shorter than|far below) the wait for completion/,
    );

    // The first run against the warm ones.
    await expect(demo.locator('[data-run="first"]').count()).resolves.toBe(1);
    await expect(demo.locator('[data-run="warm"]').count()).resolves.toBe(3);
    await expect(demo.locator('[data-finding="first"]').textContent()).resolves.toMatch(
      /^The first run took .*a warm run's/,
    );
    await expect(demo.locator('[data-check]').textContent()).resolves.toMatch(
      /match the CPU reference/,
    );

    // The software adapter says what differs, and its numbers are labelled measured.
    await expect(demo.locator('[data-adapter]').getAttribute('data-fallback')).resolves.toBe(
      'true',
    );
    await expect(demo.locator('[data-fallback-note]').textContent()).resolves.toMatch(
      /^measured This is a software \(fallback\) adapter: the "GPU" is your CPU running an emulator/i,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is keyboard operable: choose a size, run, and the results arrive', async () => {
    const { page, demo, errors } = await openDemo({ reducedMotion: 'reduce' });
    const size = demo.getByLabel('Matrix size', { exact: true });
    await tabTo(page, size);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown'); // 'auto' → 128
    await expect(size.inputValue()).resolves.toBe('128');
    const runs = demo.getByLabel('Warm runs', { exact: true });
    await tabTo(page, runs);
    await page.keyboard.press('ArrowDown'); // 5 → 4
    await expect(runs.inputValue()).resolves.toBe('4');
    await tabTo(page, demo.locator('[data-action="run"]'));
    await page.keyboard.press('Enter');
    expect(await settled(page)).toBe('done');
    await expect(demo.locator('[data-run="warm"]').count()).resolves.toBe(4);
    await expect(demo.locator('[data-action="run"]').textContent()).resolves.toBe('Run again');
    expect(errors).toEqual([]);
  });

  it('cancels between runs and stays usable', async () => {
    const { page, demo } = await openDemo({}, '?async-timing.n=256&async-timing.runs=15');
    await demo.locator('[data-action="run"]').click();
    await demo.locator('[data-run="warm"]').first().waitFor({ timeout: 60_000 });
    await demo.locator('[data-action="cancel"]').click();
    await page.locator('[data-widget="async-timing"][data-status="idle"]').waitFor();
    await expect(demo.locator('[data-notice]').textContent()).resolves.toMatch(/Cancelled/);
    await demo.getByLabel('Matrix size', { exact: true }).selectOption('128');
    await demo.getByLabel('Warm runs', { exact: true }).fill('3');
    await demo.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious axe violations before and after a run (${colorScheme})`, async () => {
      const { page, demo, errors } = await openDemo(
        { colorScheme },
        '?async-timing.n=128&async-timing.runs=3',
      );
      expect(await seriousAxeViolations(page), 'before a run').toEqual([]);
      await demo.locator('[data-action="run"]').click();
      expect(await settled(page)).toBe('done');
      expect(await seriousAxeViolations(page), 'after a run').toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('the async timing demo without WebGPU', () => {
  it('explains, and still shows the PyTorch side', async () => {
    const noGpu = await launchBrowser({ webgpu: false });
    try {
      const context = await noGpu.newContext();
      await context.addInitScript(() => {
        delete (Navigator.prototype as unknown as { gpu?: unknown }).gpu;
      });
      const page = await context.newPage();
      await page.goto(base + LESSON);
      const demo = page.locator('section[data-widget="async-timing"]:not(.widget-placeholder)');
      await demo.waitFor({ timeout: 60_000 });
      await expect(demo.locator('[data-unavailable]').textContent()).resolves.toMatch(
        /has no WebGPU/,
      );
      await expect(demo.locator('[data-twin]').count()).resolves.toBe(4);
      await expect(demo.locator('[data-twin="completion"]').textContent()).resolves.toMatch(
        /torch\.cuda\.synchronize\(\)/,
      );
    } finally {
      await noGpu.close();
    }
  });
});
