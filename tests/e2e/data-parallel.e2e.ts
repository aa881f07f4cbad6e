import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
/** Lesson 7 holds the data-parallel simulator. */
const LESSON = '#/lesson/several-gpus';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
});

/** Contexts of the current test, closed after it even when it fails half-way. */
const openContexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of openContexts.splice(0)) await context.close();
});

/** Opens a page and waits for the simulator to replace its placeholder with an answer. */
async function openSimulator(path: string, options: OpenOptions = {}) {
  const { page, errors, context } = await openPage(browser, base + path, options);
  openContexts.push(context);
  const sim = page.locator('section[data-widget="data-parallel"]:not(.widget-placeholder)');
  await sim.locator('[data-summary], [data-problem]').first().waitFor({ timeout: 60_000 });
  return { page, sim, errors };
}

/** A number an element carries in a data attribute. */
async function numberAt(target: Locator, attribute: string): Promise<number> {
  return Number(await target.getAttribute(attribute));
}

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

describe('lesson 7: the data-parallel simulator', () => {
  it('compares DDP and DataParallel at 4 GPUs: DataParallel’s step is longer, GPU 0 busier', async () => {
    const { page, sim, errors } = await openSimulator(`${LESSON}?data-parallel.gpus=2`);
    await sim.getByLabel('GPUs per node').fill('4');
    const ddpLanes = sim.locator('svg[data-mode="ddp"] [data-lane]');
    await expect.poll(() => ddpLanes.count()).toBe(4);
    await expect(sim.locator('svg[data-mode="dp"] [data-lane]').count()).resolves.toBe(4);
    const ddp = await numberAt(sim.locator('[data-step-seconds="ddp"]'), 'data-seconds');
    const dp = await numberAt(sim.locator('[data-step-seconds="dp"]'), 'data-seconds');
    expect(dp).toBeGreaterThan(ddp);
    const busy = (gpu: number) =>
      numberAt(sim.locator(`svg[data-mode="dp"] [data-lane="${gpu}"]`), 'data-busy-seconds');
    expect(await busy(0)).toBeGreaterThan(await busy(1));
    expect(await sim.locator('svg[data-mode="ddp"] .dp-seg--nccl').count()).toBeGreaterThan(0);
    await expect(
      sim
        .getByText(/modeled/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    // Back at the defaults, the link carries no settings of this widget.
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(LESSON);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('steps the ring all-reduce with the keyboard; each GPU sends 2·3/4 of the gradient (dark)', async () => {
    const { page, sim, errors } = await openSimulator(LESSON, { colorScheme: 'dark' });
    const gradient = await numberAt(sim.locator('[data-gradient-bytes]'), 'data-gradient-bytes');
    const perGpu = await numberAt(sim.locator('[data-bytes-per-gpu]'), 'data-bytes-per-gpu');
    expect(gradient).toBeGreaterThan(0);
    expect(perGpu).toBeCloseTo((2 * 3 * gradient) / 4, 3);
    await expect(sim.locator('[data-bytes-per-gpu]').textContent()).resolves.toMatch(
      /^2\(4−1\)\/4 × [\d.]+ MB = [\d.]+ MB/,
    );
    const status = sim.locator('.dp-ring-status');
    const step = sim.getByRole('button', { name: 'Step', exact: true });
    await sim.getByLabel('Precision').focus();
    await tabTo(page, step);
    await page.keyboard.press('Enter');
    await expect(status.textContent()).resolves.toMatch(/^Step 1 of 6 \(reduce-scatter\)/);
    await expect(sim.locator('.dp-ring-transfers').textContent()).resolves.toBe(
      'GPU 0 → GPU 1: chunk 0; GPU 1 → GPU 2: chunk 1; GPU 2 → GPU 3: chunk 2; GPU 3 → GPU 0: chunk 3',
    );
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter');
    await expect(status.textContent()).resolves.toMatch(
      /^Step 6 of 6 \(all-gather\).*whole summed gradient/,
    );
    await expect(sim.locator('.dp-ring__cell--full').count()).resolves.toBe(16);
    await sim.getByRole('button', { name: 'Step back' }).press('Enter');
    await expect(status.textContent()).resolves.toMatch(/^Step 5 of 6/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('does not animate under reduced motion: no Play, Step only', async () => {
    const { sim, errors } = await openSimulator(LESSON, { reducedMotion: 'reduce' });
    await expect(sim.getByRole('button', { name: 'Play' }).count()).resolves.toBe(0);
    await expect(sim.getByText(/Reduced motion is on/).count()).resolves.toBe(1);
    await sim.getByRole('button', { name: 'Step', exact: true }).click();
    await expect(sim.locator('.dp-ring-status').textContent()).resolves.toMatch(/^Step 1 of 6/);
    await expect(sim.locator('.dp-ring__packet').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('plays the ring when motion is allowed, and pauses', async () => {
    const { sim, errors } = await openSimulator(LESSON);
    await sim.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => sim.locator('.dp-ring__packet').count()).toBe(4);
    await sim.getByRole('button', { name: 'Pause' }).click();
    await expect(sim.locator('.dp-ring__packet').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('corrects a bad link with notices and shows one node of a two-node run, in dark mode', async () => {
    const { page, sim, errors } = await openSimulator(
      `${LESSON}?data-parallel.gpus=9&data-parallel.nodes=2&data-parallel.gpu=t4&data-parallel.link=nvlink3&data-parallel.prec=amp-fp16`,
      { colorScheme: 'dark' },
    );
    const notices = sim.locator('.widget-notices');
    await expect(notices.textContent()).resolves.toMatch(
      /GPUs per node can be at most 8; using 8\./,
    );
    await expect(notices.textContent()).resolves.toMatch(
      /The NVIDIA T4 cannot use NVLink 3 \(A100, NVSwitch\); using PCIe 3\.0/,
    );
    await expect(sim.locator('svg[data-mode="ddp"] [data-lane]').count()).resolves.toBe(8);
    await expect(sim.locator('svg[data-mode="dp"]').count()).resolves.toBe(0);
    await expect(sim.getByText(/Showing the 8 GPUs of one node out of 16/).count()).resolves.toBe(
      1,
    );
    await expect(sim.locator('[data-dp-unavailable]').textContent()).resolves.toMatch(
      /one process/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    const { page, sim, errors } = await openSimulator(LESSON, { width: 375 });
    await sim.locator('table[data-scaling-table]').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
