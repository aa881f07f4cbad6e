import { describe, expect, it } from 'vitest';
import { browserSuite, horizontalOverflow, type OpenOptions } from './browser';
import { seriousAxeViolations } from './axe';

/**
 * The trace reader alone (its embed page): the same component, frame and link settings as in lesson 8,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/trace';
const suite = browserSuite({ webgpu: false });

/** Opens the lesson with the widget's code loaded, scrolled into view. */
async function open(options: OpenOptions = {}) {
  const opened = await suite.openWidget(WIDGET, 'trace', options);
  await opened.widget.scrollIntoViewIfNeeded();
  return opened;
}

describe('profiler trace reader', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`opens the example in a worker: kernels, busy share, verdict; axe clean (${colorScheme})`, async () => {
      const { page, errors, widget } = await open({ colorScheme });
      await expect.poll(() => widget.textContent()).toMatch(/never uploaded/);
      const worker = page.waitForEvent('worker');
      await widget.getByRole('button', { name: 'Open the example' }).click();
      await expect.poll(() => widget.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
      expect((await worker).url()).toMatch(/trace\.worker-[\w-]+\.js$/);
      const summary = widget.getByTestId('trace-summary');
      await expect.poll(() => summary.textContent()).toMatch(/1,145 kernels per step/);
      await expect.poll(() => summary.textContent()).toMatch(/GPU busy 30 % of the traced time/);
      await expect
        .poll(() => widget.getByTestId('trace-verdict').textContent())
        .toMatch(/^Bound by the host/);
      expect(await seriousAxeViolations(page, 'trace')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('zooms and pans the timeline from the keyboard', async () => {
    const { page, errors, widget } = await open();
    await widget.getByRole('button', { name: 'Open the example' }).click();
    const timeline = widget.getByTestId('trace-timeline');
    await timeline.waitFor({ timeout: 60_000 });
    const shown = widget.getByTestId('trace-window');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 0 s to 109 ms/);
    await timeline.focus();
    await page.keyboard.press('+');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 27\.3 ms to 82 ms/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 38\.2 ms to 92\.9 ms/);
    await page.keyboard.press('0');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 0 s to 109 ms/);
    expect(errors).toEqual([]);
  });

  it('gives a bad file a clear message', async () => {
    const { errors, widget } = await open();
    await widget.getByTestId('trace-file-input').setInputFiles({
      name: 'cut.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"traceEvents": [{"ph": "X", "name": "a'),
    });
    const alert = widget.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toMatch(/cut short/);
    await expect.poll(() => widget.getAttribute('data-status')).toBe('error');
    expect(errors).toEqual([]);
  });

  it('fits a phone screen with the example open', async () => {
    const { page, errors, widget } = await open({ width: 375 });
    await widget.getByRole('button', { name: 'Open the example' }).click();
    await widget.getByTestId('kernel-table').waitFor({ timeout: 60_000 });
    expect(await widget.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = await widget.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(375);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
