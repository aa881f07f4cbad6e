import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, settledWidget, widgetStatus } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';
import { estimateTextWidthPx } from '../../src/ui/plot/label-placement';

/**
 * The crossover plot alone (its embed page): the same component, frame and link settings as in lesson 1,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 * The sweeps are kept small, so they are quick on the software adapter. A bad link's notice and
 * fallback are checked in settings.test.ts and, on the lesson page, by share-links.e2e.ts; the
 * run without WebGPU in Crossover.test.tsx and controller.test.ts (the real no-adapter path is
 * the shared device code the race and explorer tests run without WebGPU).
 */
const WIDGET = '#/embed/crossover?crossover.emax=14&crossover.nmax=64';
const { openWidget } = browserSuite({ webgpu: true });

/** Opens the lesson once the crossover plot is ready. */
const openCrossover = (options: Parameters<typeof openWidget>[2] = {}, path = WIDGET) =>
  openWidget(path, 'crossover', { ...options, status: 'idle' });

/**
 * The plot's words as the browser set them: any two whose boxes overlap, and any wider than the
 * placement's estimate (which would let a line cross the part it did not count).
 */
async function labelTrouble(page: Page): Promise<{ overlapping: string[]; wider: string[] }> {
  const boxes = await page
    .locator(
      '[data-widget="crossover"] svg [data-end-label], [data-widget="crossover"] .xo-mark text',
    )
    .evaluateAll((texts) =>
      texts.map((t) => {
        const b = (t as SVGTextElement).getBBox();
        return { text: t.textContent ?? '', x: b.x, y: b.y, width: b.width, height: b.height };
      }),
    );
  const overlapping: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      if (!apart) overlapping.push(`${a.text} / ${b.text}`);
    }),
  );
  const wider = boxes.filter((b) => b.width > estimateTextWidthPx(b.text, 11)).map((b) => b.text);
  return { overlapping, wider };
}

/** Waits for the sweep to end and returns the widget's status. */
const settled = (page: Page) => settledWidget(page, 'crossover');

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
    await expect.poll(() => widget.locator('[data-size][data-measured="yes"]').count()).toBe(3);
    await expect.poll(() => widget.locator('table').textContent()).toMatch(/both outputs checked/);
    // The A100 against the i9 overtakes on a matmul of a few hundred: the model marks it.
    await expect.poll(() => widget.locator('[data-mark="modeled"]').count()).toBe(1);
    await expect
      .poll(() => widget.locator('[data-reading="modeled"]').textContent())
      .toMatch(/starts to win at n ≈/);
    // SwiftShader is a software adapter: the widget must say so plainly.
    await expect
      .poll(() => widget.locator('.xo-adapter').getAttribute('data-fallback'))
      .toBe('true');
    await expect
      .poll(() => widget.locator('[data-reading="measured"]').textContent())
      .toMatch(/software fallback adapter: it is your CPU running a GPU emulator/);
    await expect
      .poll(() => widget.locator('[data-reading="measured"] .tag-measured').count())
      .toBe(1);
    await expect
      .poll(() => widget.locator('[data-reading="modeled"] .tag-modeled').count())
      .toBe(1);
    expect(await labelTrouble(page)).toEqual({ overlapping: [], wider: [] });
    const clean = { light: [], dark: [] };
    expect(
      await seriousAxeViolationsInBothThemes(page, 'crossover'),
      'after the matmul sweep',
    ).toEqual(clean);

    // The elementwise sweep: 1,024, 4,096 and 16,384 elements, with the kernel alone too.
    await widget.getByRole('radio', { name: /Elementwise/ }).check();
    await widget.getByRole('checkbox', { name: /kernel alone/ }).check();
    await widget.locator('[data-action="run"]').click();
    expect(await settled(page)).toBe('done');
    expect(await pointsOf(page, 'cpu-measured')).toBe(3);
    expect(await pointsOf(page, 'gpu-measured')).toBe(3);
    expect(await pointsOf(page, 'gpu-kernel')).toBe(3);
    await expect
      .poll(() => widget.locator('[data-reading="modeled"]').textContent())
      .toMatch(/never wins/);
    // The modeled curves are drawn beside the measured ones, over the whole range.
    expect(await pointsOf(page, 'cpu-modeled')).toBeGreaterThan(10);
    expect(await pointsOf(page, 'gpu-modeled')).toBeGreaterThan(10);
    // Every curve and mark named on the plot, no name on another, none wider than estimated.
    await expect.poll(() => page.locator('[data-end-label]').count()).toBe(5);
    expect(await labelTrouble(page)).toEqual({ overlapping: [], wider: [] });
    expect(
      await seriousAxeViolationsInBothThemes(page, 'crossover'),
      'after the elementwise sweep',
    ).toEqual(clean);
    expect(errors).toEqual([]);
  });

  it('cancels a sweep from the keyboard and keeps what was measured', async () => {
    const { page, widget } = await openCrossover(
      { reducedMotion: 'reduce' },
      '#/embed/crossover?crossover.op=matmul&crossover.nmax=512',
    );
    await widget.locator('[data-action="run"]').focus();
    await page.keyboard.press('Enter');
    await widgetStatus(page, 'crossover', 'running');
    // Wait until the first size is in, then cancel with the keyboard.
    await widget.locator('[data-size="16"][data-measured="yes"]').waitFor({ timeout: 60_000 });
    await widget.locator('[data-action="cancel"]').focus();
    await page.keyboard.press('Enter');
    await widgetStatus(page, 'crossover', 'idle', 60_000);
    await expect
      .poll(() => widget.locator('[data-notice]').textContent())
      .toMatch(/Sweep cancelled after \d of 6 sizes/);
    const measured = await widget.locator('[data-size][data-measured="yes"]').count();
    expect(measured).toBeGreaterThanOrEqual(1);
    expect(measured).toBeLessThan(6);
  });
});
