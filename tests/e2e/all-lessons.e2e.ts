/**
 * Every lesson, loaded once with all its widgets: no failed widget, no error printed, no
 * Content-Security-Policy violation, no serious axe violation in the light and the dark theme,
 * and no sideways scrolling at phone width.
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../scripts/lesson-manifest-plugin';
import {
  allWidgetsLoaded,
  browserSuite,
  cspViolations,
  horizontalOverflow,
  recordCspViolations,
  scrollThrough,
} from './browser';
import { seriousAxeViolations } from './axe';

const lessons = buildManifest('content');
const { open } = browserSuite({ webgpu: true });

describe('every lesson', () => {
  it.each(lessons.map((l) => l.slug))(
    '%s renders all its widgets without errors, CSP or serious axe violations (light and dark), and fits a phone-width screen',
    async (slug) => {
      const { page, errors } = await open(`#/lesson/${slug}`, { initScript: recordCspViolations });
      await page.locator('.lesson-body h2').first().waitFor();
      // Every widget has replaced its loading placeholder and none has failed.
      await allWidgetsLoaded(page);
      expect(await page.locator('[data-widget][data-status="error"]').count()).toBe(0);
      // What arrives late (on scrolling, fonts, workers' scripts) is in before the record is read.
      await scrollThrough(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForLoadState('networkidle');
      expect(await cspViolations(page)).toEqual([]);

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
      expect(errors).toEqual([]);
    },
  );
});
