import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, seriousAxeViolations } from './browser';
import { buildManifest } from '../../scripts/lesson-manifest-plugin';

const base = inject('baseUrl');
const lessons = buildManifest('content');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

describe('every lesson', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it.each(lessons.map((l) => l.slug))(
      `%s renders all its widgets without errors or serious axe violations (${scheme})`,
      async (slug) => {
        const { page, errors, context } = await openPage(browser, `${base}#/lesson/${slug}`, {
          colorScheme: scheme,
        });
        await page.locator('.lesson-body h2').first().waitFor();
        // Every widget has replaced its loading placeholder and none has failed.
        await page.waitForFunction(
          () =>
            document.querySelectorAll('.widget-placeholder').length === 0 &&
            document.querySelectorAll('[data-widget]').length > 0,
          undefined,
          { timeout: 60_000 },
        );
        const failed = await page.locator('[data-widget][data-status="error"]').count();
        expect(failed).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  }

  it.each(lessons.map((l) => l.slug))(
    '%s fits a phone-width screen with every widget loaded, without sideways scrolling',
    async (slug) => {
      const { page, errors, context } = await openPage(browser, `${base}#/lesson/${slug}`, {
        width: 375,
      });
      await page.locator('.lesson-body h2').first().waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('.widget-placeholder').length === 0,
        undefined,
        { timeout: 60_000 },
      );
      const overflowPx = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflowPx).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
