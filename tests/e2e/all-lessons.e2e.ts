/**
 * Every lesson, loaded once with all its widgets: its title and objectives, every block its
 * source places (rendered, none showing a problem), no failed widget, no error printed, no
 * Content-Security-Policy violation, no serious axe violation in the light and the dark theme;
 * at a 1280 px laptop width every widget control within reach, every option label whole and no
 * widget table scrolling sideways; at phone width no sideways scrolling of the page, each
 * widget table fitting or stacked into rows, and controls and option labels still whole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../scripts/lesson-manifest-plugin';
import { QUESTION_TAG_NAMES } from '../../src/lessons/component-names';
import { slugFromPath } from '../../src/lessons/frontmatter';
import {
  allWidgetsLoaded,
  browserSuite,
  horizontalOverflow,
  recordCspViolations,
  settledCspViolations,
} from './browser';
import { seriousAxeViolations } from './axe';
import { clippedWidgetControls, cutOptionLabels, tablesScrollingSideways } from './widget-layout';

const lessons = buildManifest('content');
const { open } = browserSuite({ webgpu: true });

/** How many of each kind of block a lesson's source places, by the selector its element matches. */
function blocksInSource(slug: string): Record<string, number> {
  const file = readdirSync('content').find((f) => f.endsWith('.mdx') && slugFromPath(f) === slug);
  if (!file) throw new Error(`no lesson ${slug}`);
  const source = readFileSync(join('content', file), 'utf8');
  const count = (tag: string) => (source.match(new RegExp(`<${tag}\\b`, 'g')) ?? []).length;
  return {
    // Every question kind renders in a .quick-check frame.
    '.quick-check': QUESTION_TAG_NAMES.reduce((sum, tag) => sum + count(tag), 0),
    '.annotated-code': count('AnnotatedCode'),
    '.callout': count('Callout'),
    '.task': count('Task'),
    // A catalog value resolved at build time carries its kind.
    '.catalog-value[data-kind]': count('CatalogValue'),
  };
}

/**
 * What the page shows of the lesson's own text (widgets left out): its title, its objectives,
 * how many of each block, blocks showing a problem (an alert, an unresolved catalog value),
 * `<details>` whose first child is not its summary, and ids used twice anywhere in the page.
 * `blocks` counts the elements matching each of `selectors`.
 */
function renderedLesson(page: Page, selectors: string[]) {
  return page.evaluate((selectors) => {
    const body = document.querySelector('.lesson-body');
    const own = [...(body?.querySelectorAll('*') ?? [])].filter(
      (el) => !el.closest('[data-widget]'),
    );
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    return {
      title: document.querySelector('h1')?.textContent,
      objectives: [...document.querySelectorAll('.objectives li')].map((li) => li.textContent),
      blocks: Object.fromEntries(
        selectors.map((s) => [s, own.filter((el) => el.matches(s)).length]),
      ),
      problems: own
        .filter((el) => el.matches('[role="alert"], .catalog-value-missing'))
        .map((el) => el.outerHTML.slice(0, 200)),
      detailsWithoutSummary: own.filter(
        (el) => el.localName === 'details' && el.firstElementChild?.localName !== 'summary',
      ).length,
      repeatedIds: ids.filter((id, i) => ids.indexOf(id) !== i),
    };
  }, selectors);
}

describe('every lesson', () => {
  it.each(lessons.map((l) => l.slug))(
    '%s renders all its widgets without errors, CSP or serious axe violations (light and dark), clips no widget control at 1280 px, and fits a phone-width screen',
    async (slug) => {
      const { page, errors } = await open(`#/lesson/${slug}`, { initScript: recordCspViolations });
      await page.locator('.lesson-body h2').first().waitFor();
      // Every widget has replaced its loading placeholder and none has failed.
      await allWidgetsLoaded(page);
      expect(await page.locator('[data-widget][data-status="error"]').count()).toBe(0);
      // Read once what arrives late (on scrolling, fonts, workers' scripts) is in.
      expect(await settledCspViolations(page)).toEqual([]);
      // The lesson's text as its source has it: every block rendered, none with a problem.
      const lesson = lessons.find((l) => l.slug === slug);
      const blocks = blocksInSource(slug);
      const rendered = () => renderedLesson(page, Object.keys(blocks));
      await expect.poll(async () => (await rendered()).blocks).toEqual(blocks);
      expect(await rendered()).toEqual({
        title: lesson?.title,
        objectives: lesson?.objectives,
        blocks,
        problems: [],
        detailsWithoutSummary: 0,
        repeatedIds: [],
      });

      // A laptop (the page opens 1280 px wide): widgets take the column's width beside the text,
      // and nothing in them is cut off or needs a sideways scroll to reach.
      expect(await clippedWidgetControls(page), 'controls at 1280 px').toEqual([]);
      expect(await cutOptionLabels(page), 'option labels at 1280 px').toEqual([]);
      expect(await tablesScrollingSideways(page), 'tables at 1280 px').toEqual([]);

      expect(await seriousAxeViolations(page), 'light').toEqual([]);
      // The themes are CSS media queries that change colours only (and the explorer's canvas
      // listens to the change): the dark theme is checked with the rules that read colours.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
      expect(await seriousAxeViolations(page, undefined, 'colour'), 'dark').toEqual([]);

      // A phone-width window: the layout follows (CSS and resize observers) and fits.
      await page.setViewportSize({ width: 375, height: 900 });
      await page.waitForFunction(() => window.innerWidth === 375);
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // Tables whose columns do not fit stack into labelled rows (a comparison table may scroll
      // in its own box, its first column kept in view), and no control is out of reach.
      await expect
        .poll(() => tablesScrollingSideways(page, true), { message: 'tables at 375 px' })
        .toEqual([]);
      expect(await clippedWidgetControls(page), 'controls at 375 px').toEqual([]);
      expect(await cutOptionLabels(page), 'option labels at 375 px').toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
