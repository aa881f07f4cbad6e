import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite } from './browser';
import { seriousAxeViolations } from './axe';

const QUESTION = 'why-gpus-amdahl-step';
const { base, open } = browserSuite({ webgpu: false });

/** Moves focus to an element and activates it from the keyboard. */
async function press(page: Page, target: Locator, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

/** Answers a quick check wrongly from the keyboard, trying choices until one is marked wrong. */
async function answerWrongly(page: Page, check: Locator) {
  const radios = check.locator('input[type="radio"]');
  const n = await radios.count();
  for (let i = 0; i < n; i++) {
    await press(page, radios.nth(i), 'Space');
    await press(page, check.getByRole('button', { name: 'Check', exact: true }));
    await expect.poll(() => check.getAttribute('data-answered')).toBe('true');
    if ((await check.getAttribute('data-correct')) === 'false') return;
    await press(page, check.getByRole('button', { name: /try again/i }));
  }
  throw new Error(`no wrong choice found in ${QUESTION}`);
}

/** The saved progress and review records, as stored. */
function savedRecords(page: Page) {
  return page.evaluate(() => ({
    progress: JSON.parse(localStorage.getItem('gpu-lab:progress') ?? 'null'),
    review: JSON.parse(localStorage.getItem('gpu-lab:review') ?? 'null'),
  }));
}

describe('portable progress and review', () => {
  it('schedules a missed question, shows it due, exports, clears, imports and finds it all again', async () => {
    const { page, errors } = await open('#/');
    // 1. Miss a quick check.
    await page.goto(base + '#/lesson/why-gpus');
    const check = page.locator(`[data-quick-check="${QUESTION}"]`);
    await check.waitFor();
    await answerWrongly(page, check);
    await expect
      .poll(async () => (await savedRecords(page)).review?.data.items[QUESTION]?.step)
      .toBe(0);

    // 2. Make it due (the schedule says tomorrow; move its day into the past) and open the home.
    await page.evaluate((id) => {
      const saved = JSON.parse(localStorage.getItem('gpu-lab:review')!);
      saved.data.items[id].dueDay = '2026-01-01';
      localStorage.setItem('gpu-lab:review', JSON.stringify(saved));
    }, QUESTION);
    await page.goto(base + '#/');
    await page.reload();
    const panel = page.locator('.review-panel');
    await expect.poll(() => panel.getAttribute('data-review-due')).toBe('1');
    const link = panel.locator(`[data-review-item="${QUESTION}"] a`);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#\/lesson\/why-gpus\/[a-z0-9-]+$/);
    await expect
      .poll(() =>
        page.locator('[data-lesson="why-gpus"] .lesson-score').getAttribute('data-score-answered'),
      )
      .toBe('1');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The link leads to the section that holds the question.
    await press(page, link);
    await check.waitFor();
    const section = href!.split('/').pop()!;
    await expect.poll(() => page.locator(`[id="${section}"]`).count()).toBe(1);
    const before = await savedRecords(page);

    // 3. Export from the keyboard.
    await page.goto(base + '#/progress');
    const download = page.waitForEvent('download');
    await press(page, page.getByRole('button', { name: 'Download progress file' }));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^gpu-lab-progress-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(exported).toMatchObject({ format: 'gpu-lab-progress', version: 1 });
    expect(exported.progress).toEqual(before.progress);
    expect(exported.review).toEqual(before.review);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // 4. Clear storage: nothing is left.
    await page.evaluate(() => localStorage.clear());
    await page.goto(base + '#/');
    await page.reload();
    await expect.poll(() => panel.getAttribute('data-review-due')).toBe('0');
    await expect
      .poll(() =>
        page.locator('[data-lesson="why-gpus"] [data-progress]').getAttribute('data-progress'),
      )
      .toBe('not-started');

    // 5. Import from the keyboard through the styled picker: the button opens the file chooser,
    // the chosen name shows, the comparison and what a merge brings are read, then merge.
    await page.goto(base + '#/progress');
    const chooser = page.waitForEvent('filechooser');
    await press(page, page.getByRole('button', { name: 'Choose a progress file…' }));
    await (await chooser).setFiles((await file.path())!);
    const confirm = page.getByRole('button', { name: 'Merge into my progress' });
    await confirm.waitFor();
    await expect
      .poll(() => page.locator('[data-chosen-file]').getAttribute('data-chosen-file'))
      .toBe(basename((await file.path())!));
    const dueRow = page.locator('[data-row="reviewScheduled"] td');
    await expect.poll(() => dueRow.allTextContents()).toEqual(['1', '0']);
    await expect
      .poll(() => page.locator('[data-merge-preview] li').allTextContents())
      .toEqual(expect.arrayContaining(['1 lesson marked visited', '1 answer added']));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await press(page, confirm);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(
        /^Merged the file .*: 1 lesson marked visited, 1 answer added, .* kept as the backup from \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}(:\d{2})?;/,
      );
    // The confirmation is gone; keyboard focus rests on the outcome, not on the page's start.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-import-step')))
      .toBe('done');
    const backups = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('gpu-lab:progress:backup:')),
    );
    expect(backups).toHaveLength(1);
    // Listed by its time in words, not by its storage key.
    const listed = page.getByRole('region', { name: 'Backups' });
    await expect.poll(() => listed.textContent()).toMatch(/Backup from \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(await listed.textContent()).not.toContain('gpu-lab:progress:backup:');

    // 6. Everything is back, saved, and shown on the home page after a reload.
    const after = await savedRecords(page);
    expect(after.progress).toEqual(before.progress);
    expect(after.review).toEqual(before.review);
    await page.goto(base + '#/');
    await page.reload();
    await expect.poll(() => panel.getAttribute('data-review-due')).toBe('1');
    await expect
      .poll(() =>
        page.locator('[data-lesson="why-gpus"] [data-progress]').getAttribute('data-progress'),
      )
      .toBe('visited');
    expect(errors).toEqual([]);
  });
});

describe('review schedule storage and dark theme', () => {
  it('sets a damaged schedule aside with a notice, and both pages pass axe in the dark theme', async () => {
    const { page, errors } = await open('#/', { colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('gpu-lab:review', '{"version":1,"data":7}'));
    await page.reload();
    await expect
      .poll(() => page.locator('[data-notice="review"]').textContent())
      .toMatch(/set aside/);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((k) => k.startsWith('gpu-lab:review:set-aside:'))).toBe(true);
    await page.locator('.review-panel').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(base + '#/progress');
    await page.getByRole('heading', { name: 'Your progress' }).waitFor();
    // The same markup as the light run over this page above (and the notice as on the home page
    // just now): the colour rules only.
    expect(await seriousAxeViolations(page, undefined, 'colour')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
