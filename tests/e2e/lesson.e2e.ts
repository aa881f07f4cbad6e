import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  browserSuite,
  loadedWidget,
  recordCspViolations,
  settledCspViolations,
  settledWidget,
  widgetStatus,
} from './browser';
import { seriousAxeViolations, seriousAxeViolationsInBothThemes } from './axe';

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

/** Sets the race to a small job so it finishes quickly on a software adapter. */
async function setSmallJob(race: Locator) {
  await race.getByLabel('Tasks', { exact: true }).fill('2048');
  await race.getByLabel('Work per task', { exact: true }).fill('300');
}

describe('course home', () => {
  it('lists the lessons in order with reading times, without errors, CSP or serious axe violations', async () => {
    const { page, errors } = await open('#/', { initScript: recordCspViolations });
    const first = page.locator('[data-lesson="why-gpus"]');
    await expect.poll(() => first.textContent()).toMatch(/Why GPUs/);
    await expect.poll(() => first.textContent()).toMatch(/\d+ min read/);
    await expect
      .poll(() => first.locator('[data-progress]').getAttribute('data-progress'))
      .toBe('not-started');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Read once what arrives late (on scrolling, fonts, workers' scripts) is in.
    expect(await settledCspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('lesson 1: Why GPUs', () => {
  // Its accessibility is checked whole, in both themes, in all-lessons.e2e.ts.
  it('renders the lesson with its table of contents, math, code and widgets; the next lesson opens at its top, Back returns, the header’s menu reaches a lesson', async () => {
    const { page, errors } = await open('#/lesson/why-gpus');
    await page.locator('.lesson-body h2').first().waitFor();
    await expect.poll(() => page.locator('.toc a').count()).toBeGreaterThan(4);
    await expect.poll(() => page.locator('.katex').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    await widgetStatus(page, 'amdahl', 'done');
    await widgetStatus(page, 'race', 'idle');

    // The next-lesson link at the end, followed from far down: lesson 2 opens at its top, with
    // focus on its heading (the app restores positions itself).
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
    const next = page.locator('.lesson-footer a[rel="next"]');
    await next.scrollIntoViewIfNeeded();
    // Read and clicked in one task: the position the page is left at.
    const leftAtPx = await next.evaluate((a: HTMLAnchorElement) => {
      const y = window.scrollY;
      a.click();
      return y;
    });
    expect(leftAtPx).toBeGreaterThan(3000);
    await page.waitForURL(/#\/lesson\/inside-a-gpu$/);
    const focusedHeading = () =>
      page.evaluate(
        () => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`,
      );
    await expect.poll(focusedHeading).toBe('H1 Inside a GPU');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(2);
    // Back: lesson 1 again, once its text is there, where it was left.
    await page.goBack();
    await expect.poll(focusedHeading).toBe('H1 Why GPUs');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(leftAtPx - 100);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - leftAtPx)).toBeLessThan(100);

    // The header stays in view down there; its menu opens from the keyboard, marks this lesson,
    // passes axe open (both themes), closes on Escape, and reaches a lesson.
    const header = page.locator('.site-header');
    expect((await header.boundingBox())?.y).toBe(0);
    const menuButton = header.getByRole('button', { name: 'Lessons' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = header.getByRole('navigation', { name: 'Course' });
    await menu.waitFor();
    expect(await menu.locator('[aria-current="page"]').getAttribute('href')).toBe(
      '#/lesson/why-gpus',
    );
    expect(await seriousAxeViolationsInBothThemes(page, header)).toEqual({ light: [], dark: [] });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => menuButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: /Inside a GPU/ }).click();
    await page.waitForURL(/#\/lesson\/inside-a-gpu$/);
    await expect.poll(focusedHeading).toBe('H1 Inside a GPU');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(2);
    await menu.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('runs the race to the end: both measured lanes have times and the GPU result is verified', async () => {
    const { page, errors } = await open(RACE);
    const race = await loadedWidget(page, 'race');
    // The "Tiny job" preset's reading comes from the modeled lanes (the A100 1.34× ahead)...
    await race.getByRole('button', { name: 'Tiny job' }).click();
    const preset = race.locator('[data-preset-reading]');
    await expect
      .poll(() => preset.textContent())
      .toMatch(/Modeled: the NVIDIA A100 SXM 80 GB finishes 1\.34× sooner than the Intel Core/);
    await race.locator('[data-action="run"]').click();
    expect(await settledWidget(page, 'race')).toBe('done');
    // ...and, once run, from the measured lanes too, saying whether they agree with the model.
    await expect
      .poll(() => preset.textContent())
      .toMatch(
        /Measured on this machine: .*(agrees with the model|model and your machine disagree)/,
      );
    for (const lane of ['cpu-measured', 'gpu-measured']) {
      const el = race.locator(`[data-lane="${lane}"]`);
      await expect.poll(() => el.getAttribute('data-lane-state')).toBe('done');
      const seconds = Number(
        await el.locator('[data-seconds]').first().getAttribute('data-seconds'),
      );
      expect(seconds).toBeGreaterThan(0);
      // Start-up is a part of its own; the lane's time is its timed work.
      expect(await el.locator('[data-phase="startup"]').count()).toBe(1);
      const work = el.locator('[data-phase="work"]');
      expect(Number(await work.getAttribute('data-seconds'))).toBe(seconds);
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
