import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, loadedWidget, settledWidget, widgetStatus } from './browser';
import { seriousAxeViolations } from './axe';

const { base, open, newContext } = browserSuite({ webgpu: true });

/**
 * The race alone (its embed page): the same component, frame and link settings as in lesson 1,
 * at less than half a lesson's load (every lesson is loaded whole in all-lessons.e2e.ts).
 */
const RACE = '#/embed/race';

/** Each quick check's choices on the page, in the order shown, by quick-check id. */
function choiceOrders(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>('[data-quick-check]'), (qc) => [
        qc.dataset.quickCheck ?? '',
        Array.from(qc.querySelectorAll('.qc-choice .qc-choice-text'), (el) =>
          (el.textContent ?? '').trim(),
        ),
      ]),
    ),
  );
}

/** Saves progress with a given learner seed, then reloads so the page reads it. */
async function reloadWithSeed(page: Page, seed: string) {
  await page.evaluate((s) => {
    const data = { visited: {}, completed: {}, answers: {}, seed: s };
    localStorage.setItem('gpu-lab:progress', JSON.stringify({ version: 2, data }));
  }, seed);
  await page.reload();
  await page.locator('[data-quick-check]').first().waitFor();
}

/** Sets the race to a small job so it finishes quickly on a software adapter. */
async function setSmallJob(race: Locator) {
  await race.getByLabel('Tasks', { exact: true }).fill('2048');
  await race.getByLabel('Work per task', { exact: true }).fill('300');
}

describe('course home', () => {
  it('lists the lessons in order with reading times, without errors or serious axe violations', async () => {
    const { page, errors } = await open('#/');
    const first = page.locator('[data-lesson="why-gpus"]');
    await expect.poll(() => first.textContent()).toMatch(/Why GPUs/);
    await expect.poll(() => first.textContent()).toMatch(/\d+ min read/);
    await expect
      .poll(() => first.locator('[data-progress]').getAttribute('data-progress'))
      .toBe('not-started');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a not-found page for an unknown lesson', async () => {
    const { page } = await open('#/lesson/no-such-lesson');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found');
  });
});

describe('lesson 1: Why GPUs', () => {
  // Its accessibility is checked whole, in both themes, in all-lessons.e2e.ts.
  it('renders the lesson with its table of contents, math, code and widgets', async () => {
    const { page, errors } = await open('#/lesson/why-gpus');
    await page.locator('.lesson-body h2').first().waitFor();
    await expect.poll(() => page.locator('.toc a').count()).toBeGreaterThan(4);
    await expect.poll(() => page.locator('.katex').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    await widgetStatus(page, 'amdahl', 'done');
    await widgetStatus(page, 'race', 'idle');
    expect(errors).toEqual([]);
  });

  it('runs the race to the end: both measured lanes have times and the GPU result is verified', async () => {
    const { page, errors } = await open(RACE);
    const race = await loadedWidget(page, 'race');
    await setSmallJob(race);
    await race.locator('[data-action="run"]').click();
    expect(await settledWidget(page, 'race')).toBe('done');
    for (const lane of ['cpu-measured', 'gpu-measured']) {
      const el = race.locator(`[data-lane="${lane}"]`);
      await expect.poll(() => el.getAttribute('data-lane-state')).toBe('done');
      const seconds = Number(await el.locator('[data-seconds]').getAttribute('data-seconds'));
      expect(seconds).toBeGreaterThan(0);
    }
    await expect
      .poll(() => race.locator('[data-verified]').getAttribute('data-verified'))
      .toBe('true');
    // The adapter here is SwiftShader: the reading must say so.
    await expect
      .poll(() => race.locator('[data-race-summary]').textContent())
      .toMatch(/software fallback/);
    expect(await seriousAxeViolations(page, 'race')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('starts the race from the keyboard, and keeps animation calm under reduced motion', async () => {
    const { page } = await open(RACE, { reducedMotion: 'reduce' });
    const race = await loadedWidget(page, 'race');
    await setSmallJob(race);
    await race.getByLabel('Work per task', { exact: true }).focus();
    await page.keyboard.press('Enter'); // submits the settings form
    expect(await settledWidget(page, 'race')).toBe('done');
    await expect
      .poll(() => race.locator('[data-lane="gpu-modeled"]').getAttribute('data-lane-state'))
      .toBe('done');
    const transition = await race
      .locator('[data-lane="gpu-modeled"] .unit')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(transition).toBeLessThan(0.001);
  });

  it('keeps a quick-check answer and lesson completion across a reload', async () => {
    const { page } = await open('#/lesson/why-gpus');
    const check = page.locator('[data-quick-check]').first();
    await check.waitFor();
    const id = await check.getAttribute('data-quick-check');
    const before = await choiceOrders(page);
    // Choose the first option shown and check it.
    const chosen = await check.locator('.qc-choice').first().getAttribute('data-choice');
    await check.locator('input[type="radio"]').first().check();
    await check.getByRole('button', { name: /check/i }).click();
    await expect.poll(() => check.getAttribute('data-answered')).toBe('true');
    await page.getByLabel('I have finished this lesson').check();
    await page.reload();
    const again = page.locator(`[data-quick-check="${id}"]`);
    await again.waitFor();
    await expect.poll(() => again.getAttribute('data-answered')).toBe('true');
    // Same learner, same order of choices, and the answer still on the choice that was picked.
    await expect.poll(() => choiceOrders(page)).toEqual(before);
    await expect
      .poll(() => again.locator(`.qc-choice[data-choice="${chosen}"] input`).isChecked())
      .toBe(true);
    await expect.poll(() => page.getByLabel('I have finished this lesson').isChecked()).toBe(true);
    await page.goto(base + '#/');
    await expect
      .poll(() =>
        page.locator('[data-lesson="why-gpus"] [data-progress]').getAttribute('data-progress'),
      )
      .toBe('completed');
  });

  it('orders quick-check choices per learner, by the seed kept with the progress', async () => {
    const { page, errors } = await open('#/lesson/why-gpus');
    await page.locator('[data-quick-check]').first().waitFor();
    // A first visit creates and saves a seed.
    const savedSeed = async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('gpu-lab:progress'))) ?? '{}').data
        ?.seed;
    await expect.poll(savedSeed).toMatch(/^[0-9a-z]+$/);
    const orders = new Map<string, string>();
    // Two learners (seeds whose shuffles differ: the order is a pure function of the seed).
    for (const seed of ['learner1', 'learner2']) {
      await reloadWithSeed(page, seed);
      orders.set(seed, JSON.stringify(await choiceOrders(page)));
    }
    // Different learners see different orders; the same learner sees the same one again.
    expect(orders.get('learner1')).not.toBe(orders.get('learner2'));
    await reloadWithSeed(page, 'learner1');
    expect(JSON.stringify(await choiceOrders(page))).toBe(orders.get('learner1'));
    // Every order holds the same choices.
    const sorted = (json: string) =>
      Object.values(JSON.parse(json) as Record<string, string[]>).map((c) => [...c].sort());
    expect(sorted(orders.get('learner1')!)).toEqual(sorted(orders.get('learner2')!));
    expect(errors).toEqual([]);
  });

  it('sets corrupt saved progress aside with a notice instead of a blank page', async () => {
    const { page } = await open('#/');
    await page.evaluate(() => localStorage.setItem('gpu-lab:progress', '{not json'));
    await page.reload();
    await expect
      .poll(() => page.locator('[data-notice="progress"]').textContent())
      .toMatch(/set aside/);
    await expect.poll(() => page.locator('[data-lesson="why-gpus"]').count()).toBe(1);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((k) => k.startsWith('gpu-lab:progress:set-aside:'))).toBe(true);
  });

  it('keeps the lesson readable when a widget fails to load', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.route(/RaceWidget.*\.js$/, (route) => route.abort());
    await page.goto(base + '#/lesson/why-gpus');
    const failed = page.locator('[data-widget="race"][data-status="error"]');
    await failed.waitFor();
    await expect.poll(() => failed.getByRole('alert').textContent()).toMatch(/could not be shown/);
    await expect.poll(() => page.locator('.lesson-body h2').count()).toBeGreaterThan(4);
    await widgetStatus(page, 'amdahl', 'done');
  });
});
