import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  browserSuite,
  recordCspViolations,
  settledCspViolations,
  type OpenOptions,
} from './browser';
import { seriousAxeViolations } from './axe';

const suite = browserSuite({ webgpu: true });

/** Opens the knowledge check page once its questions are there. */
async function open(options: OpenOptions = {}) {
  const opened = await suite.open('#/check', options);
  await opened.page.locator('[data-quick-check="kc-arch-decode"]').waitFor();
  return opened;
}

const question = (page: Page, id: string) => page.locator(`[data-quick-check="${id}"]`);
const score = (page: Page) => page.locator('[data-check-score]').getAttribute('data-check-score');

/** Picks a radio by its label and submits with the keyboard only. */
async function answerByKeyboard(q: Locator, label: string | RegExp, submit = 'Check') {
  await q.getByRole('radio', { name: label }).focus();
  await q.page().keyboard.press('Space');
  await q.getByRole('button', { name: submit }).focus();
  await q.page().keyboard.press('Enter');
}

describe('the knowledge check', () => {
  it('scores answers, explains a miss, retries missed questions only and keeps it all on reload', async () => {
    const { page, errors } = await open({ initScript: recordCspViolations });
    await expect.poll(() => page.locator('[data-quick-check]').count()).toBeGreaterThanOrEqual(20);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const adam = question(page, 'kc-memory-adam-state');
    await answerByKeyboard(adam, '8 GB');
    await expect.poll(() => adam.getAttribute('data-correct')).toBe('false');
    await expect
      .poll(() => adam.getByRole('status').textContent())
      .toMatch(/Not quite\..*forgets Adam's two running averages/);
    const amdahl = question(page, 'kc-why-amdahl');
    await answerByKeyboard(amdahl, 'A little under 10×');
    await expect.poll(() => amdahl.getAttribute('data-correct')).toBe('true');
    await expect.poll(() => score(page)).toBe(`1/${await total(page)}`);

    const review = page.locator('[data-missed="kc-memory-adam-state"]');
    await expect.poll(() => review.textContent()).toMatch(/16 bytes/);
    await expect
      .poll(() => review.getByRole('link').textContent())
      .toBe('Read “Counting the model state” in GPU memory');
    await expect
      .poll(() => review.getByRole('link').getAttribute('href'))
      .toBe('#/lesson/gpu-memory/counting-the-model-state');
    // The score and the review with a miss in them (the rest of the page is checked whole).
    for (const part of ['.check-score', '.check-review']) {
      expect(await seriousAxeViolations(page, page.locator(part)), part).toEqual([]);
    }

    await page.getByRole('button', { name: /Retry missed questions only/ }).click();
    await expect.poll(() => amdahl.isVisible()).toBe(false);
    await expect.poll(() => adam.isVisible()).toBe(true);
    await expect.poll(() => adam.getAttribute('data-answered')).toBe('false');
    // The retry starts clean: the old wrong choice is not selected, nor anything else.
    await expect.poll(() => adam.locator('input:checked').count()).toBe(0);
    expect(await adam.textContent()).not.toMatch(/your answer|Not quite/);
    await answerByKeyboard(adam, '16 GB');
    await expect.poll(() => adam.getAttribute('data-correct')).toBe('true');
    await expect.poll(() => score(page)).toBe(`2/${await total(page)}`);
    // Right now, but only one of the two was right on the first try.
    expect(await page.locator('[data-check-score]').getAttribute('data-first-try')).toBe('1');

    await page.reload();
    await question(page, 'kc-why-amdahl').waitFor();
    await expect
      .poll(() => question(page, 'kc-why-amdahl').getAttribute('data-correct'))
      .toBe('true');
    await expect
      .poll(() => question(page, 'kc-memory-adam-state').getAttribute('data-correct'))
      .toBe('true');
    await expect.poll(() => score(page)).toBe(`2/${await total(page)}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Read once what arrives late (on scrolling, fonts, workers' scripts) is in.
    expect(await settledCspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('measures ReLU on the software adapter and says what a real GPU would show', async () => {
    const { page, errors } = await open();
    const q = question(page, 'kc-inside-relu-measured');
    await answerByKeyboard(q, /The GPU, by several times/, 'Lock in prediction');
    await q.getByRole('button', { name: 'Run', exact: true }).focus();
    await page.keyboard.press('Enter');
    await q.locator('.qc-verdict').waitFor({ timeout: 120_000 });
    await expect.poll(() => q.getByRole('status').textContent()).toMatch(/measured on this device/);
    const status = await q.getByRole('status').textContent();
    expect(status).toMatch(/your GPU [\d.]+ [mµn]?s, your CPU \(\d+ Web Workers\) [\d.]+ [mµn]?s/);
    expect(status).toMatch(/software adapter.*the cost engine predicts [\d.]+ µs on an A100/);
    // The question it drove (the page is checked whole untouched and answered, above).
    expect(await seriousAxeViolations(page, q)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('grades a typed number with units, reorders steps and picks a line by keyboard', async () => {
    const { page, errors } = await open();
    const numeric = question(page, 'kc-moving-pinned-gib');
    const input = numeric.getByRole('textbox');
    await input.fill('fast');
    await input.press('Enter');
    await expect
      .poll(() => numeric.getByRole('status').textContent())
      .toMatch(/does not start with a number/);
    await input.fill('0.043 s');
    await input.press('Enter');
    await expect.poll(() => numeric.getAttribute('data-correct')).toBe('true');
    await expect.poll(() => numeric.getByRole('status').textContent()).toMatch(/\d+\.\d ms/);

    const order = question(page, 'kc-devices-loop-order');
    const first = order.locator('.qc-order-step').first();
    const firstStep = await first.getAttribute('data-step');
    await first.getByRole('button', { name: /Move down/ }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => order.locator('.qc-order-step').nth(1).getAttribute('data-step'))
      .toBe(firstStep);
    await expect.poll(() => order.getByRole('status').textContent()).toMatch(/is now step 2 of 5/);

    const bug = question(page, 'kc-devices-same-device');
    await answerByKeyboard(bug, /line 4$/);
    await expect
      .poll(() => bug.getByRole('status').textContent())
      .toMatch(/You picked line 4\..*the cause is earlier/);
    // The bug's line waits until it is found or asked for.
    expect(await bug.getByRole('status').textContent()).not.toMatch(/the bug is on line 3/);
    // The questions it drove (the page is checked whole untouched and answered, above).
    for (const q of [numeric, order, bug]) expect(await seriousAxeViolations(page, q)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is listed on the course home', async () => {
    const { page } = await suite.open('#/');
    await page.getByRole('link', { name: 'Knowledge check' }).click();
    await page.locator('[data-quick-check]').first().waitFor();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Knowledge check');
  });
});

async function total(page: Page): Promise<number> {
  return page.locator('[data-quick-check]').count();
}
