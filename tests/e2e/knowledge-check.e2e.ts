import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations } from './browser';

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

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
    const { page, errors, context } = await open();
    expect(await page.locator('[data-quick-check]').count()).toBeGreaterThanOrEqual(20);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const adam = question(page, 'kc-memory-adam-state');
    await answerByKeyboard(adam, '8 GB');
    await expect(adam.getAttribute('data-correct')).resolves.toBe('false');
    await expect(adam.getByRole('status').textContent()).resolves.toMatch(
      /Not quite\..*forgets Adam's two running averages/,
    );
    const amdahl = question(page, 'kc-why-amdahl');
    await answerByKeyboard(amdahl, 'A little under 10×');
    await expect(amdahl.getAttribute('data-correct')).resolves.toBe('true');
    await expect(score(page)).resolves.toBe(`1/${await total(page)}`);

    const review = page.locator('[data-missed="kc-memory-adam-state"]');
    await expect(review.textContent()).resolves.toMatch(/16 bytes/);
    await expect(review.getByRole('link').textContent()).resolves.toMatch(
      /Read “counting the model state” in /,
    );
    await expect(review.getByRole('link').getAttribute('href')).resolves.toBe(
      '#/lesson/gpu-memory/counting-the-model-state',
    );

    await page.getByRole('button', { name: /Retry missed questions only/ }).click();
    await expect(amdahl.isVisible()).resolves.toBe(false);
    await expect(adam.isVisible()).resolves.toBe(true);
    await expect(adam.getAttribute('data-answered')).resolves.toBe('false');
    await answerByKeyboard(adam, '16 GB');
    await expect(adam.getAttribute('data-correct')).resolves.toBe('true');
    await expect(score(page)).resolves.toBe(`2/${await total(page)}`);

    await page.reload();
    await question(page, 'kc-why-amdahl').waitFor();
    await expect(question(page, 'kc-why-amdahl').getAttribute('data-correct')).resolves.toBe(
      'true',
    );
    await expect(question(page, 'kc-memory-adam-state').getAttribute('data-correct')).resolves.toBe(
      'true',
    );
    await expect(score(page)).resolves.toBe(`2/${await total(page)}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs a predict-run-explain question end to end', async () => {
    const { page, errors, context } = await open();
    const q = question(page, 'kc-moving-pinned-pageable');
    await answerByKeyboard(q, /Pinned, by a factor/, 'Lock in prediction');
    await expect(q.getByRole('status').textContent()).resolves.toMatch(/Now press Run/);
    await q.getByRole('button', { name: 'Run', exact: true }).focus();
    await page.keyboard.press('Enter');
    const status = await q.getByRole('status').textContent();
    expect(status).toMatch(/Correct\./);
    expect(status).toMatch(/Your prediction: Pinned.*pinned [\d.]+ ms, pageable [\d.]+ ms/);
    expect(status).toMatch(/modeled by the cost engine/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('measures ReLU on the software adapter and says what a real GPU would show', async () => {
    const { page, errors, context } = await open();
    const q = question(page, 'kc-inside-relu-measured');
    await answerByKeyboard(q, /The GPU, by several times/, 'Lock in prediction');
    await q.getByRole('button', { name: 'Run', exact: true }).focus();
    await page.keyboard.press('Enter');
    await q.locator('.qc-verdict').waitFor({ timeout: 120_000 });
    const status = await q.getByRole('status').textContent();
    expect(status).toMatch(/your GPU [\d.]+ [mµn]?s, your CPU \(\d+ Web Workers\) [\d.]+ [mµn]?s/);
    expect(status).toMatch(/measured on this device/);
    expect(status).toMatch(/software adapter.*the cost engine predicts [\d.]+ µs on an A100/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('grades a typed number with units, reorders steps and picks a line by keyboard', async () => {
    const { page, errors, context } = await open();
    const numeric = question(page, 'kc-moving-pinned-gib');
    const input = numeric.getByRole('textbox');
    await input.fill('fast');
    await input.press('Enter');
    await expect(numeric.getByRole('status').textContent()).resolves.toMatch(
      /does not start with a number/,
    );
    await input.fill('0.043 s');
    await input.press('Enter');
    await expect(numeric.getAttribute('data-correct')).resolves.toBe('true');
    await expect(numeric.getByRole('status').textContent()).resolves.toMatch(/\d+\.\d ms/);

    const order = question(page, 'kc-devices-loop-order');
    const first = order.locator('.qc-order-step').first();
    const firstStep = await first.getAttribute('data-step');
    await first.getByRole('button', { name: /Move down/ }).focus();
    await page.keyboard.press('Enter');
    await expect(order.locator('.qc-order-step').nth(1).getAttribute('data-step')).resolves.toBe(
      firstStep,
    );
    await expect(order.getByRole('status').textContent()).resolves.toMatch(/is now step 2 of 5/);

    const bug = question(page, 'kc-devices-same-device');
    await answerByKeyboard(bug, /line 4$/);
    await expect(bug.getByRole('status').textContent()).resolves.toMatch(
      /the bug is on line 3.*the cause is earlier/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is listed on the course home', async () => {
    const { page, context } = await openPage(browser, base + '#/');
    await page.getByRole('link', { name: 'Knowledge check' }).click();
    await page.locator('[data-quick-check]').first().waitFor();
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Knowledge check');
    await context.close();
  });
});

async function open() {
  const opened = await openPage(browser, base + '#/check');
  await opened.page.locator('[data-quick-check="kc-arch-decode"]').waitFor();
  return opened;
}

async function total(page: Page): Promise<number> {
  return page.locator('[data-quick-check]').count();
}
