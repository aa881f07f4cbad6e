import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, horizontalOverflow } from './browser';
import { seriousAxeViolationsInBothThemes } from './axe';
import { parseCsv } from '../../src/class-report/csv';
import {
  classOf30,
  statementExport,
  type FixtureIds,
} from '../../src/class-report/testing/fixtures';

// The instructors' pages, one page load each: the class report (#/class) over 30 progress files
// (two older, two corrupt, one duplicate) and an xAPI statement export, with this course's real
// question ids; and the lab-machine check (#/check-machine) on this machine's software adapter.
const { open } = browserSuite();

/** Two quick checks of lesson 1, one of lesson 2, two of the knowledge check. */
const IDS: FixtureIds = {
  qa: 'why-gpus-independence-apply',
  qb: 'why-gpus-amdahl-step',
  qc: 'inside-gpu-tf32-step',
  ka: 'kc-why-amdahl',
  kb: 'kc-why-small-matmul',
};

/** Moves focus to an element and activates it from the keyboard. */
async function press(page: Page, target: Locator, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

/** A table's cells as text, row by row (headings first). */
function tableText(table: Locator): Promise<string[][]> {
  return table.evaluate((t: HTMLTableElement) =>
    [...t.rows].map((r) => [...r.cells].map((c) => (c.textContent ?? '').trim())),
  );
}

/** The row of a table whose first cell is `first`. */
function rowOf(rows: string[][], first: string): string[] | undefined {
  return rows.find((r) => r[0] === first);
}

describe('the instructors’ pages', () => {
  it('reads a class of files and an export, counts exactly, downloads the table as shown', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpu-lab-class-'));
    const paths: string[] = [];
    for (const f of classOf30(IDS)) {
      const path = join(dir, f.name);
      await writeFile(path, f.text);
      paths.push(path);
    }
    const exportPath = join(dir, 'lrs-statements.json');
    await writeFile(exportPath, statementExport(IDS));

    const { page, errors } = await open('#/class');
    const input = page.getByTestId('class-file-input');
    await input.waitFor({ state: 'attached' });
    // The 30 progress files, then the export added to them.
    await input.setInputFiles(paths);
    await expect
      .poll(() => page.locator('[data-summary]').getAttribute('data-summary'))
      .toBe('27/30/2');
    await input.setInputFiles(exportPath);
    await expect
      .poll(() => page.locator('[data-summary]').getAttribute('data-summary'))
      .toBe('30/31/2');
    // Focus moves to the outcome, which says what was read.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('status');

    // The corrupt files, with their reasons; the duplicate, named.
    expect(await page.locator('[data-problem-file]').count()).toBe(2);
    await expect
      .poll(() => page.locator('[data-duplicate]').getAttribute('data-duplicate'))
      .toBe('Learner 03');

    // Per learner.
    const learners = page.locator('[data-table="learners"] table');
    const rows = await tableText(learners);
    expect(rows[0]).toEqual([
      'Learner',
      'Lessons visited',
      'Lessons completed',
      'Quick checks right',
      'Quick checks missed',
      'Knowledge check',
      'Puzzles solved',
      'Triton puzzles solved',
      'Last activity (UTC)',
      'From',
    ]);
    expect(rows).toHaveLength(31);
    const kcTotal = rowOf(rows, 'Learner 00')![5]!.split(' / ')[1];
    expect(Number(kcTotal)).toBeGreaterThan(2);
    // Learner 00 solved a WGSL puzzle and a Triton one; Learner 05 neither.
    expect(rowOf(rows, 'Learner 00')!.slice(1, 8)).toEqual([
      '1',
      '0',
      '3',
      '0',
      `1 / ${kcTotal}`,
      '1',
      '1',
    ]);
    expect(rowOf(rows, 'Learner 03')!.slice(1, 9)).toEqual([
      '1',
      '0',
      '2',
      '1',
      `0 / ${kcTotal}`,
      '0',
      '0',
      '2026-03-20 12:00',
    ]);
    expect(rowOf(rows, 'Learner 05')!.slice(1, 8)).toEqual([
      '3',
      '2',
      '0',
      '2',
      `1 / ${kcTotal}`,
      '0',
      '0',
    ]);
    expect(rowOf(rows, 'Older B')!.slice(1, 8)).toEqual([
      '3',
      '2',
      '0',
      '0',
      `0 / ${kcTotal}`,
      '0',
      '0',
    ]);
    expect(rowOf(rows, 'Ada Statements')!.slice(1)).toEqual([
      '1',
      '1',
      '1',
      '0',
      `0 / ${kcTotal}`,
      '1',
      '0',
      '2026-03-07 11:00',
      'lrs-statements.json (statements)',
    ]);
    // A Triton puzzle completed in an embed counts from its xAPI statement.
    expect(rowOf(rows, 'Grace Statements')?.[7]).toBe('1');
    // A name that is markup is shown as text, never made into an element.
    expect(rowOf(rows, '<img src=x onerror="alert(1)">Mallory')?.slice(3, 5)).toEqual(['0', '1']);
    expect(await page.locator('.class-report img').count()).toBe(0);

    // Per question.
    const questions = await tableText(page.locator('[data-table="questions"] table'));
    const qa = questions.find((r) => r[0]!.endsWith(`(${IDS.qa})`));
    expect(qa?.slice(2)).toEqual(['27', '52 %', 'The usual slip (13)']);
    const qb = questions.find((r) => r[0]!.endsWith(`(${IDS.qb})`));
    expect(qb?.slice(2)).toEqual(['26', '35 %', 'choice cwrong-b1 (9)']);
    expect(questions.find((r) => r[0] === IDS.qc)?.slice(2)).toEqual(['8', '100 %', '—']);
    expect(questions.find((r) => r[0]!.endsWith(`(${IDS.ka})`))?.slice(2)).toEqual([
      '26',
      '23 %',
      'choice cwrong-k (20)',
    ]);
    const link = page.locator('[data-table="questions"] a', { hasText: IDS.qc });
    expect(await link.getAttribute('href')).toMatch(/^#\/lesson\/inside-a-gpu\/[a-z0-9-]+$/);

    // Per lesson: the funnel.
    const lessons = await tableText(page.locator('[data-table="lessons"] table'));
    expect(lessons[1]!.slice(0, 3)).toEqual(['1. Why GPUs', '30', '19']);
    expect(lessons[2]!.slice(1, 3)).toEqual(['18', '9']);
    expect(await page.locator('[data-funnel]').count()).toBe(lessons.length - 1);

    // Sorted from the keyboard, then downloaded: the CSV is the table as shown.
    const sortBy = page.locator('[data-table="learners"] select').first();
    await sortBy.focus();
    await sortBy.selectOption({ label: 'lessons visited' });
    await page.locator('[data-table="learners"] select').nth(1).selectOption('descending');
    await expect
      .poll(() => learners.locator('th[aria-sort="descending"]').textContent())
      .toBe('Lessons visited');
    const shown = await tableText(learners);
    const download = page.waitForEvent('download');
    await press(page, page.getByRole('button', { name: 'Download CSV of learners' }));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^gpu-lab-class-learners-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(parseCsv(await readFile((await file.path())!, 'utf8'))).toEqual(shown);

    expect(await seriousAxeViolationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expect.poll(() => page.locator('[data-table="learners"] [data-stacked]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('checks this machine: the software adapter, the test kernel, a verdict per part and a report to copy', async () => {
    const { page, errors, context } = await open('#/check-machine', { reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const verdict = page.locator('[data-kernel]');
    // The two-second kernel on a loaded machine: wait for the state, however long it takes.
    await expect
      .poll(() => verdict.getAttribute('data-kernel'), { timeout: 90_000 })
      .toBe('passed');
    expect(await verdict.textContent()).toMatch(/software fallback adapter/);
    expect(await page.locator('[data-fallback]').getAttribute('data-fallback')).toBe('true');
    expect(await page.locator('[data-kernel-line]').textContent()).toMatch(
      /^ReLU on 1,048,576 floats: .* verified: all 1,048,576 values match the CPU reference$/,
    );
    const kinds = await page
      .locator('[data-part]')
      .evaluateAll((items) =>
        items.map((i) => [i.getAttribute('data-part'), i.getAttribute('data-kind')]),
      );
    expect(Object.fromEntries(kinds)).toEqual({
      race: 'measures-cpu',
      inside: 'measures-cpu',
      console: 'measures-cpu',
      transfer: 'measures-cpu',
      precision: expect.stringMatching(/^measures-cpu$/),
      timing: 'measures-cpu',
      puzzles: 'measures-cpu',
      files: 'models',
      models: 'models',
    });
    expect(await page.locator('[data-feature="timestamp-query"]').count()).toBe(1);

    // The report, labelled and copied from the keyboard.
    await page.getByLabel('This machine (room, seat)').fill('Lab 2, seat 14');
    await press(page, page.getByRole('button', { name: 'Copy report' }));
    await expect.poll(() => page.locator('.mc-copied').textContent()).toMatch(/copied/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByLabel('The report as plain text').inputValue());
    expect(copied).toMatch(/^GPU Lab machine check: Lab 2, seat 14\n/);
    expect(copied).toContain('Software fallback: yes (runs on the CPU)');
    expect(copied).toMatch(/\[MEASURES ON CPU\] The WGSL puzzles/);

    expect(await seriousAxeViolationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
