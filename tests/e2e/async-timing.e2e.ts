import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserSuite, settledWidget, tabTo, widgetStatus } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';

/**
 * The async timing demo alone (its embed page): the same component, frame and link settings as in lesson 8,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/async-timing';
const { openWidget } = browserSuite({ webgpu: true });

/** Opens lesson 8 (with `query` for the demo's settings) once the demo has loaded. */
const openDemo = (options: Parameters<typeof openWidget>[2] = {}, query = '') =>
  openWidget(WIDGET + query, 'async-timing', options);

/** The warm median a clock's row reports, in seconds. */
async function warmMedian(demo: Locator, clock: string): Promise<number> {
  const cell = demo.locator(`[data-clock="${clock}"] [data-median-seconds]`);
  return Number(await cell.getAttribute('data-median-seconds'));
}

describe('lesson 8: the async timing demo', () => {
  it('times a matmul three ways on the software adapter: the naive clock is the shortest', async () => {
    const {
      page,
      widget: demo,
      errors,
    } = await openDemo({}, '?async-timing.n=128&async-timing.runs=3');
    // The PyTorch side is there before any run.
    await expect.poll(() => demo.locator('[data-twin]').count()).toBe(4);
    await demo.locator('[data-action="run"]').click();
    expect(await settledWidget(page, 'async-timing')).toBe('done');

    // Three clocks, each with a first run and a warm median.
    for (const clock of ['naive', 'completion', 'gpu']) {
      const row = demo.locator(`[data-clock="${clock}"]`);
      await expect.poll(() => row.count()).toBe(1);
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
    await expect
      .poll(() => demo.locator('[data-finding="naive"]').textContent())
      .toMatch(/(shorter than|far below) the wait for completion/);

    // The first run against the warm ones.
    await expect.poll(() => demo.locator('[data-run="first"]').count()).toBe(1);
    await expect.poll(() => demo.locator('[data-run="warm"]').count()).toBe(3);
    await expect
      .poll(() => demo.locator('[data-finding="first"]').textContent())
      .toMatch(/^The first run took .*a warm run's/);
    await expect
      .poll(() => demo.locator('[data-check]').textContent())
      .toMatch(/match the CPU reference/);

    // The software adapter says what differs, and its numbers are labelled measured.
    await expect
      .poll(() => demo.locator('[data-adapter]').getAttribute('data-fallback'))
      .toBe('true');
    await expect
      .poll(() => demo.locator('[data-fallback-note]').textContent())
      .toMatch(
        /^measured This is a software \(fallback\) adapter: the "GPU" is your CPU running an emulator/i,
      );
    // Results in both themes; the demo before a run is checked as lesson 8 first renders it, in
    // all-lessons.e2e.ts.
    expect(await seriousAxeViolationsInBothThemes(page, 'async-timing')).toEqual({
      light: [],
      dark: [],
    });
    expect(errors).toEqual([]);
  });

  it('is keyboard operable: choose a size, run, and the results arrive', async () => {
    const { page, widget: demo, errors } = await openDemo({ reducedMotion: 'reduce' });
    const size = demo.getByLabel('Matrix size', { exact: true });
    await tabTo(page, size);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown'); // 'auto' → 128
    await expect.poll(() => size.inputValue()).toBe('128');
    const runs = demo.getByLabel('Warm runs', { exact: true });
    await tabTo(page, runs);
    await page.keyboard.press('ArrowDown'); // 5 → 4
    await expect.poll(() => runs.inputValue()).toBe('4');
    await tabTo(page, demo.locator('[data-action="run"]'));
    await page.keyboard.press('Enter');
    expect(await settledWidget(page, 'async-timing')).toBe('done');
    await expect.poll(() => demo.locator('[data-run="warm"]').count()).toBe(4);
    await expect.poll(() => demo.locator('[data-action="run"]').textContent()).toBe('Run again');
    expect(errors).toEqual([]);
  });

  it('cancels between runs and stays usable', async () => {
    const { page, widget: demo } = await openDemo({}, '?async-timing.n=256&async-timing.runs=15');
    await demo.locator('[data-action="run"]').click();
    await demo.locator('[data-run="warm"]').first().waitFor({ timeout: 60_000 });
    await demo.locator('[data-action="cancel"]').click();
    await widgetStatus(page, 'async-timing', 'idle');
    await expect.poll(() => demo.locator('[data-notice]').textContent()).toMatch(/Cancelled/);
    await demo.getByLabel('Matrix size', { exact: true }).selectOption('128');
    await demo.getByLabel('Warm runs', { exact: true }).fill('3');
    await demo.locator('[data-action="run"]').click();
    expect(await settledWidget(page, 'async-timing')).toBe('done');
  });
});

describe('the async timing demo without WebGPU', () => {
  it('explains, and still shows the PyTorch side', async () => {
    const { widget: demo } = await openDemo({
      webgpu: false,
      initScript: () => {
        delete (Navigator.prototype as unknown as { gpu?: unknown }).gpu;
      },
    });
    await expect
      .poll(() => demo.locator('[data-unavailable]').textContent())
      .toMatch(/has no WebGPU/);
    await expect.poll(() => demo.locator('[data-twin]').count()).toBe(4);
    await expect
      .poll(() => demo.locator('[data-twin="completion"]').textContent())
      .toMatch(/torch\.cuda\.synchronize\(\)/);
  });
});
