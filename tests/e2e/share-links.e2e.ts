import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slugFromPath } from '../../src/lessons/frontmatter';
import { serializeState } from '../../src/state/pairs';
import { buildQuery } from '../../src/state/query';
import { alternativeState } from '../../src/state/testing/alternative';
import { loadWidgetSchemas, WIDGETS } from '../../src/widgets/registry';
import { launchBrowser, openPage } from './browser';

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ webgpu: true });
});

afterAll(async () => {
  await browser?.close();
});

/** The first lesson that places `tag`, as its slug. */
function lessonWith(tag: string): string {
  const dir = join(process.cwd(), 'content');
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .sort()
    .find((f) => new RegExp(`<${tag}\\b`).test(readFileSync(join(dir, f), 'utf8')));
  if (!file) throw new Error(`no lesson places <${tag}>`);
  return slugFromPath(`content/${file}`);
}

/** The widget's root once its code has loaded (not the placeholder). */
async function loadedWidget(page: Page, id: string) {
  const root = page.locator(`section[data-widget="${id}"]:not(.widget-placeholder)`).first();
  await root.waitFor({ timeout: 60_000 });
  return root;
}

/** Opens the widget's Share control and returns the link it offers. */
async function shareLinkOf(page: Page, id: string): Promise<string> {
  const root = await loadedWidget(page, id);
  await root.getByRole('button', { name: /^Share/ }).click();
  const field = root.getByLabel('Link to these settings');
  return field.inputValue();
}

const WIDGET_SCHEMAS = await loadWidgetSchemas();
const cases = WIDGET_SCHEMAS.map((schema) => {
  const entry = WIDGETS.find((w) => w.id === schema.id);
  if (!entry) throw new Error(`schema ${schema.id} has no widget`);
  return { schema, slug: lessonWith(entry.tag) };
});

describe.each(cases.map((c) => [c.schema.id, c] as const))('the %s widget’s link', (id, c) => {
  it('round-trips its settings through the URL and its Share link, and lands on the widget', async () => {
    const pairs = serializeState(c.schema, alternativeState(c.schema) as never);
    const { page, errors, context } = await openPage(
      browser,
      `${base}#/lesson/${c.slug}?${buildQuery(pairs)}`,
    );
    const link = await shareLinkOf(page, id);
    expect(link).toContain(`#/lesson/${c.slug}/widget-${id}${pairs.length > 0 ? '?' : ''}`);
    for (const [key, value] of pairs) {
      expect(new URL(link).hash, `${key}=${value}`).toContain(
        `${key}=${buildQuery([[key, value]]).split('=')[1]}`,
      );
    }
    // Opened fresh, the link restores the same settings (so the same link) and scrolls there.
    const second = await openPage(browser, link);
    expect(await shareLinkOf(second.page, id)).toBe(link);
    const box = await (await loadedWidget(second.page, id)).boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(-2);
    expect(box?.y ?? 10_000).toBeLessThan(900);
    expect([...errors, ...second.errors]).toEqual([]);
    await second.context.close();
    await context.close();
  });

  it('survives a hostile link: notices, defaults, nothing rendered as HTML or run', async () => {
    const trap = '<img src=x onerror="window.__pwned=1">';
    const hostile = [
      ...Object.values(c.schema.fields).map((f) => [`${id}.${f.key}`, trap] as [string, string]),
      [`${id}.bogus`, '%E0%A4%A'],
      [`${id}.__proto__`, '1e309'],
      [`${id}.v`, '999'],
    ] satisfies Array<[string, string]>;
    const { page, errors, context } = await openPage(
      browser,
      `${base}#/lesson/${c.slug}?${buildQuery(hostile)}&%zz=%&&=`,
    );
    const root = await loadedWidget(page, id);
    expect(await root.getAttribute('data-status')).not.toBe('error');
    const notices = root.locator('.widget-notices-box');
    await notices.waitFor();
    expect(await notices.textContent()).toMatch(/bogus is not a setting of this widget/);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => Object.prototype.hasOwnProperty.call({}, 'v'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('writing settings to the URL', () => {
  it('follows a change of setting without adding history entries', async () => {
    const { page, errors, context } = await openPage(browser, `${base}#/lesson/why-gpus`);
    const race = await loadedWidget(page, 'race');
    const before = await page.evaluate(() => history.length);
    const tasks = race.getByLabel('Tasks', { exact: true });
    for (const value of ['3', '30', '300']) await tasks.fill(value);
    await expect
      .poll(() => page.evaluate(() => location.hash), { timeout: 5000 })
      .toBe('#/lesson/why-gpus?race.tasks=300');
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
