import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserSuite, horizontalOverflow, tabTo } from './browser';
import { seriousAxeViolations } from './axe';

/**
 * The data-parallel simulator alone (its embed page): the same component, frame and link settings as in lesson 7,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/data-parallel';
const { openWidget } = browserSuite({ webgpu: false });

/** Opens a page once the simulator has replaced its placeholder with an answer. */
const openSimulator = (path: string, options: Parameters<typeof openWidget>[2] = {}) =>
  openWidget(path, 'data-parallel', { ...options, ready: '[data-summary], [data-problem]' });

/** A number an element carries in a data attribute. */
async function numberAt(target: Locator, attribute: string): Promise<number> {
  return Number(await target.getAttribute(attribute));
}

describe('lesson 7: the data-parallel simulator', () => {
  it('steps the ring all-reduce with the keyboard; each GPU sends 2·3/4 of the gradient (dark)', async () => {
    const { page, widget: sim, errors } = await openSimulator(WIDGET, { colorScheme: 'dark' });
    const gradient = await numberAt(sim.locator('[data-gradient-bytes]'), 'data-gradient-bytes');
    const perGpu = await numberAt(sim.locator('[data-bytes-per-gpu]'), 'data-bytes-per-gpu');
    expect(gradient).toBeGreaterThan(0);
    expect(perGpu).toBeCloseTo((2 * 3 * gradient) / 4, 3);
    await expect
      .poll(() => sim.locator('[data-bytes-per-gpu]').textContent())
      .toMatch(/^2\(4−1\)\/4 × [\d.]+ MB = [\d.]+ MB/);
    const status = sim.locator('.dp-ring-status');
    const step = sim.getByRole('button', { name: 'Step', exact: true });
    await sim.getByLabel('Precision').focus();
    await tabTo(page, step);
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toMatch(/^Step 1 of 6 \(reduce-scatter\)/);
    await expect
      .poll(() => sim.locator('.dp-ring-transfers').textContent())
      .toBe(
        'GPU 0 → GPU 1: chunk 0; GPU 1 → GPU 2: chunk 1; GPU 2 → GPU 3: chunk 2; GPU 3 → GPU 0: chunk 3',
      );
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Step 6 of 6 \(all-gather\).*whole summed gradient/);
    await expect.poll(() => sim.locator('.dp-ring__cell--full').count()).toBe(16);
    await sim.getByRole('button', { name: 'Step back' }).press('Enter');
    await expect.poll(() => status.textContent()).toMatch(/^Step 5 of 6/);
    expect(await seriousAxeViolations(page, 'data-parallel')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('does not animate under reduced motion: no Play, Step only', async () => {
    const { widget: sim, errors } = await openSimulator(WIDGET, { reducedMotion: 'reduce' });
    await sim.getByText(/Reduced motion is on/).waitFor();
    await expect.poll(() => sim.getByRole('button', { name: 'Play' }).count()).toBe(0);
    await sim.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => sim.locator('.dp-ring-status').textContent()).toMatch(/^Step 1 of 6/);
    await expect.poll(() => sim.locator('.dp-ring__packet').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('plays the ring when motion is allowed, and pauses; then fits a 375 px phone', async () => {
    const { page, widget: sim, errors } = await openSimulator(WIDGET);
    await sim.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => sim.locator('.dp-ring__packet').count()).toBe(4);
    await sim.getByRole('button', { name: 'Pause' }).click();
    await sim.getByRole('button', { name: 'Play' }).waitFor();
    await expect.poll(() => sim.locator('.dp-ring__packet').count()).toBe(0);
    // A phone-width window on the same page: the layout follows (CSS and the plot's resize
    // observer), fits without sideways scrolling, and stays axe-clean at that width
    // (all-lessons.e2e.ts runs axe on lesson 7 at desktop width only).
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await sim.locator('table[data-scaling-table]').waitFor({ state: 'attached' });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'data-parallel')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('corrects a bad link with notices and shows one node of a two-node run, sharded, in dark mode', async () => {
    const {
      page,
      widget: sim,
      errors,
    } = await openSimulator(
      `${WIDGET}?data-parallel.gpus=9&data-parallel.nodes=2&data-parallel.gpu=t4&data-parallel.link=nvlink3&data-parallel.prec=amp-fp16&data-parallel.shard=zero3`,
      { colorScheme: 'dark' },
    );
    const notices = sim.locator('.widget-notices');
    await expect
      .poll(() => notices.textContent())
      .toMatch(/GPUs per node can be at most 8; using 8\./);
    await expect
      .poll(() => notices.textContent())
      .toMatch(/The NVIDIA T4 cannot use NVLink 3 \(A100, NVSwitch\); using PCIe 3\.0/);
    await expect.poll(() => sim.locator('svg[data-mode="ddp"] [data-lane]').count()).toBe(8);
    await expect.poll(() => sim.locator('svg[data-mode="dp"]').count()).toBe(0);
    // The link's strategy: full sharding drawn beside DDP and marked in the table.
    await expect.poll(() => sim.locator('svg[data-mode="zero3"] [data-lane]').count()).toBe(8);
    await expect
      .poll(() =>
        sim.locator('[data-sharding-table] tr[aria-current="true"]').getAttribute('data-strategy'),
      )
      .toBe('zero3');
    await expect
      .poll(() => sim.getByText(/Showing the 8 GPUs of one node out of 16/).count())
      .toBe(1);
    await expect
      .poll(() => sim.locator('[data-dp-unavailable]').textContent())
      .toMatch(/one process/);
    expect(await seriousAxeViolations(page, 'data-parallel')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
