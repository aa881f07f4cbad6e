import { describe, expect, it } from 'vitest';
import { browserSuite, tabTo } from './browser';
import { seriousAxeViolations, seriousAxeViolationsInBothThemes } from './axe';

/**
 * The precision explorer alone (its embed page): the same component, frame and link settings as in lesson 6,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const WIDGET = '#/embed/precision';
const { openWidget } = browserSuite({ webgpu: true });

/** Opens lesson 6 (with `query` for its settings) once the explorer is ready. */
const openExplorer = (options: Parameters<typeof openWidget>[2] = {}, query = '') =>
  openWidget(WIDGET + query, 'precision', { ...options, status: 'done' });

describe('lesson 6: the precision explorer', () => {
  it('shows 0.1 as fp16 and bf16 store it, exactly', async () => {
    const { page, widget, errors } = await openExplorer();
    const input = widget.getByLabel('Number', { exact: true });
    await input.fill('0.1');
    await expect
      .poll(() => widget.locator('tr[data-format="fp16"] [data-value]').textContent())
      .toBe('0.0999755859375');
    await expect
      .poll(() => widget.locator('tr[data-format="bf16"] [data-value]').textContent())
      .toBe('0.10009765625');
    const text = (await widget.textContent()) ?? '';
    expect(text).toContain('0.0999755859375');
    expect(text).toContain('0.10009765625');
    // Bad input gets a message, and the table stays.
    await input.fill('one tenth');
    await expect
      .poll(() => widget.locator('[data-input-error]').textContent())
      .toMatch(/not a number I can read/);
    await expect.poll(() => widget.locator('tr[data-format]').count()).toBe(6);
    expect(await seriousAxeViolations(page, 'precision')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is keyboard operable: type, flip a bit with Space, switch parts with the arrow keys', async () => {
    const { page, widget, errors } = await openExplorer({ reducedMotion: 'reduce' });
    const input = widget.getByLabel('Number', { exact: true });
    await tabTo(page, input);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0.1');
    // The bit row is one tab stop: Tab lands on the sign bit, Space flips it.
    const sign = widget.locator('[data-bit-editor] [data-bit="15"]');
    await tabTo(page, sign);
    await page.keyboard.press('Space');
    await expect.poll(() => input.inputValue()).toBe('-0.0999755859375');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-bit')))
      .toBe('14');
    const formatsRadio = widget.getByRole('radio', { name: 'Number formats' });
    await formatsRadio.focus();
    await page.keyboard.press('ArrowRight');
    await widget.locator('[data-panel="scaling"]').waitFor();
    await tabTo(page, widget.locator('[data-action="next"]'));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => widget.locator('[data-action="next"]').textContent())
      .toBe('Run scaler.scale(loss)');
    expect(errors).toEqual([]);
  });

  it('runs the kernel on this WebGPU and says plainly when f16 is missing', async () => {
    const { page, widget, errors } = await openExplorer(
      {},
      '?precision.part=kernel&precision.n=64',
    );
    await widget.locator('[data-action="run-kernel"]').click();
    await page
      .locator('[data-kernel-status="done"], [data-kernel-status="error"]')
      .waitFor({ timeout: 120_000 });
    await expect
      .poll(() => widget.locator('[data-kernel-status]').getAttribute('data-kernel-status'))
      .toBe('done');
    const f32 = widget.locator('[data-result="f32"]');
    await expect.poll(() => f32.getAttribute('data-verified')).toBe('true');
    expect(
      Number(await f32.locator('[data-seconds]').getAttribute('data-seconds')),
    ).toBeGreaterThan(0);
    const adapter = widget.locator('[data-adapter]');
    const fallback = (await adapter.getAttribute('data-fallback')) === 'true';
    if (fallback) await expect.poll(() => adapter.textContent()).toMatch(/software fallback/);
    const hasF16 = (await widget.locator('[data-result="f16"]').count()) === 1;
    if (hasF16) {
      await expect
        .poll(() => widget.locator('[data-result="f16"]').getAttribute('data-verified'))
        .toBe('true');
    } else {
      console.warn('[precision e2e] this Chromium adapter has no shader-f16: checking the message');
      await expect
        .poll(() => widget.locator('[data-f16-absent]').textContent())
        .toMatch(/does not offer the "shader-f16" feature/);
    }
    expect(await seriousAxeViolations(page, 'precision')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('has no serious axe violations in the parts a learner switches to, in both themes', async () => {
    const { page, widget, errors } = await openExplorer();
    const clean = { light: [], dark: [] };
    // Number formats, the part it opens on, is checked as lesson 6 first renders it, in
    // all-lessons.e2e.ts.
    const parts = {
      scaling: 'Loss scaling',
      autocast: 'Autocast',
      step: 'Step time (modeled)',
      kernel: 'On your GPU (measured)',
    };
    for (const [panel, part] of Object.entries(parts)) {
      await widget.getByRole('radio', { name: part }).check();
      await widget.locator(`.precision-panel[data-panel="${panel}"]`).waitFor();
      expect(await seriousAxeViolationsInBothThemes(page, 'precision'), part).toEqual(clean);
    }
    expect(errors).toEqual([]);
  });
});
