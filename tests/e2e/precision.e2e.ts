import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations, type OpenOptions } from './browser';

const base = inject('baseUrl');
const LESSON = '#/lesson/mixed-precision';
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

/** Opens lesson 6 and waits for the explorer to be loaded. */
async function openExplorer(options: OpenOptions = {}, query = '') {
  const { page, errors, context } = await openPage(browser, base + LESSON + query, options);
  openContexts.push(context);
  const widget = page.locator('[data-widget="precision"]');
  await page.locator('[data-widget="precision"][data-status="done"]').waitFor({ timeout: 60_000 });
  return { page, widget, errors };
}

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
  }
  throw new Error('Tab never reached the element');
}

describe('lesson 6: the precision explorer', () => {
  it('shows 0.1 as fp16 and bf16 store it, exactly', async () => {
    const { page, widget, errors } = await openExplorer();
    const input = widget.getByLabel('Number', { exact: true });
    await input.fill('0.1');
    await expect(widget.locator('tr[data-format="fp16"] [data-value]').textContent()).resolves.toBe(
      '0.0999755859375',
    );
    await expect(widget.locator('tr[data-format="bf16"] [data-value]').textContent()).resolves.toBe(
      '0.10009765625',
    );
    const text = (await widget.textContent()) ?? '';
    expect(text).toContain('0.0999755859375');
    expect(text).toContain('0.10009765625');
    // Bad input gets a message, and the table stays.
    await input.fill('one tenth');
    await expect(widget.locator('[data-input-error]').textContent()).resolves.toMatch(
      /not a number I can read/,
    );
    await expect(widget.locator('tr[data-format]').count()).resolves.toBe(6);
    expect(await seriousAxeViolations(page)).toEqual([]);
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
    await expect(input.inputValue()).resolves.toBe('-0.0999755859375');
    await page.keyboard.press('ArrowRight');
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-bit')),
    ).resolves.toBe('14');
    const formatsRadio = widget.getByRole('radio', { name: 'Number formats' });
    await formatsRadio.focus();
    await page.keyboard.press('ArrowRight');
    await widget.locator('[data-panel="scaling"]').waitFor();
    await tabTo(page, widget.locator('[data-action="next"]'));
    await page.keyboard.press('Enter');
    await expect(widget.locator('[data-action="next"]').textContent()).resolves.toBe(
      'Run scaler.scale(loss)',
    );
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
    await expect(
      widget.locator('[data-kernel-status]').getAttribute('data-kernel-status'),
    ).resolves.toBe('done');
    const f32 = widget.locator('[data-result="f32"]');
    await expect(f32.getAttribute('data-verified')).resolves.toBe('true');
    expect(
      Number(await f32.locator('[data-seconds]').getAttribute('data-seconds')),
    ).toBeGreaterThan(0);
    const adapter = widget.locator('[data-adapter]');
    const fallback = (await adapter.getAttribute('data-fallback')) === 'true';
    if (fallback) await expect(adapter.textContent()).resolves.toMatch(/software fallback/);
    const hasF16 = (await widget.locator('[data-result="f16"]').count()) === 1;
    if (hasF16) {
      await expect(
        widget.locator('[data-result="f16"]').getAttribute('data-verified'),
      ).resolves.toBe('true');
    } else {
      console.warn('[precision e2e] this Chromium adapter has no shader-f16: checking the message');
      await expect(widget.locator('[data-f16-absent]').textContent()).resolves.toMatch(
        /does not offer the "shader-f16" feature/,
      );
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious axe violations in any part (${colorScheme})`, async () => {
      const { page, widget, errors } = await openExplorer({ colorScheme });
      expect(await seriousAxeViolations(page), 'Number formats').toEqual([]);
      for (const part of [
        'Loss scaling',
        'Autocast',
        'Step time (modeled)',
        'On your GPU (measured)',
      ]) {
        await widget.getByRole('radio', { name: part }).check();
        await widget.locator('.precision-panel').waitFor();
        expect(await seriousAxeViolations(page), part).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
});
