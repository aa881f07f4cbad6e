/**
 * Every widget's link: its settings survive the URL and its Share link, and a hostile link is
 * refused harmlessly. One page per lesson carries the settings of all the widgets it places (so
 * a lesson loads once for all its widgets, not once per widget). The Share link of the lesson's
 * last widget (the one furthest down the page) is then opened fresh, as a reader following it
 * would: the link's `/widget-<id>` path scrolls to it and its settings come back the same. The
 * other widgets' links go through the same route and settings code, already exercised by the
 * first page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { slugFromPath } from '../../src/lessons/frontmatter';
import { serializeState } from '../../src/state/pairs';
import { buildQuery } from '../../src/state/query';
import { alternativeState } from '../../src/state/testing/alternative';
import { loadWidgetSchemas, WIDGETS } from '../../src/widgets/registry';
import { browserSuite, loadedWidget } from './browser';

const { open } = browserSuite({ webgpu: true });

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

/**
 * The props the lesson's unnamed `<tag>` sets, by attribute name, as the source writes their
 * values ("fp8", {1024}, {true}): that instance starts at them, so its link leaves them out.
 */
function propsOf(slug: string, tag: string): Map<string, string> {
  const dir = join(process.cwd(), 'content');
  const file = readdirSync(dir).find((f) => f.endsWith('.mdx') && slugFromPath(f) === slug);
  const source = file ? readFileSync(join(dir, file), 'utf8') : '';
  const first = [...source.matchAll(new RegExp(`<${tag}\\b([^>]*)/>`, 'g'))]
    .map((m) => m[1] ?? '')
    .find((attributes) => !/\binstance=/.test(attributes));
  const props = new Map<string, string>();
  for (const m of (first ?? '').matchAll(/(\w+)=(?:"([^"]*)"|\{([^}]*)\})/g)) {
    props.set(m[1]!, m[2] ?? m[3]!);
  }
  return props;
}

/** Every widget with a link schema, with the first lesson that places it. */
const cases = (await loadWidgetSchemas()).map((schema) => {
  const entry = WIDGETS.find((w) => w.id === schema.id);
  if (!entry) throw new Error(`schema ${schema.id} has no widget`);
  const slug = lessonWith(entry.tag);
  // The link keys whose alternative value the lesson's props already set.
  const props = propsOf(slug, entry.tag);
  const startsAt = new Map(
    Object.entries(schema.fields as Record<string, { key: string }>)
      .filter(([name]) => props.has(name))
      .map(([name, field]) => [`${schema.id}.${field.key}`, props.get(name)!]),
  );
  return { schema, slug, startsAt };
});

/** The widgets' schemas grouped by the lesson that holds them, in lesson order. */
const lessons = [...new Set(cases.map((c) => c.slug))].map(
  (slug) => [slug, cases.filter((c) => c.slug === slug).map((c) => c.schema)] as const,
);

/** Init script: notes the top (px) of each element the page scrolls into view, right after. */
function noteScrollsIntoView() {
  const landed: Array<[string, number]> = [];
  (window as unknown as { __landed: typeof landed }).__landed = landed;
  const scroll = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (
    this: Element,
    arg?: boolean | ScrollIntoViewOptions,
  ) {
    scroll.call(this, arg);
    landed.push([this.id, this.getBoundingClientRect().top]);
  };
}

/** Where the element with `id` was right after the page last scrolled it into view; null if never. */
function landingOf(page: Page, id: string): Promise<number | null> {
  return page.evaluate((target) => {
    const landed = (window as unknown as { __landed: Array<[string, number]> }).__landed;
    return landed.findLast(([el]) => el === target)?.[1] ?? null;
  }, id);
}

/** Opens the widget's Share control and returns the link it offers. */
async function shareLinkOf(page: Page, id: string): Promise<string> {
  const root = await loadedWidget(page, id);
  await root.getByRole('button', { name: /^Share/ }).click();
  const field = root.getByLabel('Link to these settings');
  await expect.poll(() => field.inputValue()).toContain(`/widget-${id}`);
  return field.inputValue();
}

describe.each(lessons)('the widgets of %s', (slug, schemas) => {
  const ids = schemas.map((s) => s.id).join(', ');

  it(`round-trip their settings through the URL and their Share links; the last one's lands on it (${ids})`, async () => {
    const settings = schemas.map(
      (schema) => [schema, serializeState(schema, alternativeState(schema) as never)] as const,
    );
    const { page, errors } = await open(
      `#/lesson/${slug}?${buildQuery(settings.flatMap(([, pairs]) => pairs))}`,
    );
    for (const [schema, pairs] of settings) {
      const link = await shareLinkOf(page, schema.id);
      expect(link).toContain(`#/lesson/${slug}/widget-${schema.id}${pairs.length > 0 ? '?' : ''}`);
      const startsAt = cases.find((c) => c.schema === schema)!.startsAt;
      for (const [key, value] of pairs) {
        // The widget starts at its props; a setting equal to one is rightly left out.
        if (startsAt.get(key) === String(value)) continue;
        expect(new URL(link).hash, `${key}=${value}`).toContain(
          `${key}=${buildQuery([[key, value]]).split('=')[1]}`,
        );
      }
      if (schema !== settings.at(-1)?.[0]) continue;
      // Opened fresh, the link scrolls to the widget and restores the same settings (so the
      // same link). Where the scroll put the widget is read when it happened: widgets above it
      // that load later can still move it afterwards.
      const second = await open(link, { initScript: noteScrollsIntoView });
      await loadedWidget(second.page, schema.id);
      const landed = () => landingOf(second.page, `widget-${schema.id}`);
      await expect
        .poll(landed, { message: `${schema.id} never scrolled into view` })
        .not.toBeNull();
      expect(await landed(), schema.id).toBeGreaterThanOrEqual(-2);
      expect(await landed(), schema.id).toBeLessThan(900);
      expect(await shareLinkOf(second.page, schema.id)).toBe(link);
      expect(second.errors).toEqual([]);
      await second.context.close();
    }
    expect(errors).toEqual([]);
  });

  it(`survive a hostile link: notices, defaults, nothing rendered as HTML or run (${ids})`, async () => {
    const trap = '<img src=x onerror="window.__pwned=1">';
    const hostile = schemas.flatMap(({ id, fields }) => [
      ...Object.values(fields).map((f) => [`${id}.${f.key}`, trap] as [string, string]),
      [`${id}.bogus`, '%E0%A4%A'] as [string, string],
      [`${id}.__proto__`, '1e309'] as [string, string],
      [`${id}.v`, '999'] as [string, string],
    ]);
    const { page, errors } = await open(`#/lesson/${slug}?${buildQuery(hostile)}&%zz=%&&=`);
    for (const { id } of schemas) {
      const root = await loadedWidget(page, id);
      const notices = root.locator('.widget-notices-box');
      await notices.waitFor();
      await expect
        .poll(() => notices.textContent())
        .toMatch(/bogus is not a setting of this widget/);
      expect(await root.getAttribute('data-status'), id).not.toBe('error');
    }
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => Object.prototype.hasOwnProperty.call({}, 'v'))).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('writing settings to the URL', () => {
  it('follows a change of setting without adding history entries', async () => {
    // The race alone (its embed page) writes its settings into its hash as a lesson page does.
    const { page, errors } = await open('#/embed/race');
    const race = await loadedWidget(page, 'race');
    const before = await page.evaluate(() => history.length);
    const tasks = race.getByLabel('Tasks', { exact: true });
    for (const value of ['3', '30', '300']) await tasks.fill(value);
    await expect
      .poll(() => page.evaluate(() => location.hash), { timeout: 5000 })
      .toBe('#/embed/race?race.tasks=300');
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(errors).toEqual([]);
  });
});
