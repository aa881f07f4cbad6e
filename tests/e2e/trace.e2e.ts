import { describe, expect, it } from 'vitest';
import { browserSuite, horizontalOverflow, type OpenOptions } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';

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
  // One page for what needs the example open (a worker parses it: the costly part): its reading,
  // axe, the keyboard, then a phone's width.
  it('opens the example in a worker, is axe clean in both themes, zooms and pans from the keyboard, and fits a phone', async () => {
    const { page, errors, widget } = await open();
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
    expect(await seriousAxeViolationsInBothThemes(page, 'trace')).toEqual({ light: [], dark: [] });

    // The timeline from the keyboard: zoom in, pan, and back to the whole trace.
    const timeline = widget.getByTestId('trace-timeline');
    const shown = widget.getByTestId('trace-window');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 0 s to 109 ms/);
    await timeline.focus();
    await page.keyboard.press('+');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 27\.3 ms to 82 ms/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 38\.2 ms to 92\.9 ms/);
    await page.keyboard.press('0');
    await expect.poll(() => shown.textContent()).toMatch(/^Showing 0 s to 109 ms/);

    // A phone-width window: the layout follows (CSS, and the timeline's resize observer redraws
    // the canvas at the new width) and fits.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 375);
    await expect
      .poll(() => widget.evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    const box = await widget.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(375);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
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
});
