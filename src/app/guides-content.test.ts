import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import GithubSlugger from 'github-slugger';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { mdxOptions } from '../../scripts/mdx-options';
import { readFrontmatter } from '../../scripts/lesson-manifest-plugin';
import { validateFrontmatter } from '../lessons/frontmatter';
import { WIDGETS } from '../widgets/registry';
import { loadWidgetSchemas } from '../widgets/registry';
import { describeField, widgetStateRows } from './guide-components';
import { GUIDE_NAMES, parseRoute, type GuideName } from '../state/route';

const guidesDir = join(process.cwd(), 'content', 'guides');
const guideFiles = readdirSync(guidesDir).filter((f) => f.endsWith('.mdx'));
const sourceOf = (name: string) => readFileSync(join(guidesDir, `${name}.mdx`), 'utf8');

/** Where examples are compiled, as if they were a new lesson: the path errors name. */
const EXAMPLE_PATH = 'content/11-my-lesson.mdx';

/** One fenced block of a guide, with the line its fence opens on. */
interface Fence {
  lang: string;
  meta: string;
  body: string;
  line: number;
}

/** The fenced blocks of an MDX source (any fence length, so ````mdx can hold ```python). */
export function fencesOf(source: string): Fence[] {
  const out: Fence[] = [];
  const re = /^(`{3,})([\w-]*)[ \t]*([^\n`]*)\n([\s\S]*?)\n\1[ \t]*$/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    out.push({
      lang: m[2] ?? '',
      meta: (m[3] ?? '').trim(),
      body: m[4] ?? '',
      line: source.slice(0, m.index).split('\n').length,
    });
  }
  return out;
}

/** Compiles an example the way the build compiles a lesson, and checks its frontmatter if any. */
async function buildExample(body: string): Promise<void> {
  if (body.startsWith('---\n')) validateFrontmatter(EXAMPLE_PATH, readFrontmatter(body));
  await compile(new VFile({ path: EXAMPLE_PATH, value: body }), mdxOptions);
}

/** The error an example's build throws, or null when it builds. */
async function buildError(body: string): Promise<string | null> {
  try {
    await buildExample(body);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Whether `message` holds the parts of `expected` in order, "…" standing for any text. */
function matchesShown(message: string, expected: string): boolean {
  let from = 0;
  for (const part of expected.split('…')) {
    const at = message.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/** Section ids of a guide, made the way rehype-slug makes them. */
function headingIds(source: string): Set<string> {
  const slugger = new GithubSlugger();
  const withoutFences = source.replace(/^(`{3,})[\s\S]*?^\1[ \t]*$/gm, '');
  return new Set(
    [...withoutFences.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugger.slug(m[1]!.trim())),
  );
}

describe('the guides', () => {
  it('has exactly one MDX file per guide route', () => {
    expect(guideFiles.map((f) => f.replace(/\.mdx$/, '')).sort()).toEqual([...GUIDE_NAMES].sort());
  });

  // Each guide compiling with the lesson checks (the build's MDX plugin and options), its title
  // and its summary are checked where the app loads it: loadGuide in GuidePage.test.tsx.

  it.each(GUIDE_NAMES)('%s links only to guide sections, lessons and pages that exist', (name) => {
    // Files of the site itself (the demo page) are linked relatively and must be in public/.
    const files = [...sourceOf(name).matchAll(/\]\(\.\/([^)\s#?]+)\)/g)].map((m) => m[1]!);
    for (const file of files) {
      expect(existsSync(join(process.cwd(), 'public', file)), file).toBe(true);
    }
    const links = [...sourceOf(name).matchAll(/\]\((#\/[^)\s]*)\)/g)].map((m) => m[1]!);
    for (const href of links) {
      const route = parseRoute(href);
      expect(route.page, href).not.toBe('not-found');
      if (route.page === 'guide' && route.section) {
        expect(headingIds(sourceOf(route.name)).has(route.section), href).toBe(true);
      }
    }
  });
});

describe('the examples in the guides', () => {
  const examples = GUIDE_NAMES.flatMap((name: GuideName) =>
    fencesOf(sourceOf(name)).map((fence, i, all) => ({ name, fence, next: all[i + 1] })),
  ).filter((e) => e.fence.lang === 'mdx');

  it('finds the MDX examples, both ones that build and ones that must fail', () => {
    expect(examples.filter((e) => e.fence.meta === '').length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((e) => e.fence.meta === 'fails').length).toBeGreaterThanOrEqual(3);
    expect(examples.every((e) => e.fence.meta === '' || e.fence.meta === 'fails')).toBe(true);
  });

  it.each(examples.filter((e) => e.fence.meta === '').map((e) => [e.name, e.fence.line, e]))(
    'the %s guide’s example at line %i builds as a lesson',
    async (_name, _line, e) => {
      expect(await buildError(e.fence.body)).toBeNull();
    },
  );

  it.each(examples.filter((e) => e.fence.meta === 'fails').map((e) => [e.name, e.fence.line, e]))(
    'the %s guide’s failing example at line %i fails with the message shown after it',
    async (_name, _line, e) => {
      expect(e.next?.lang, 'a ```text fence with the message follows').toBe('text');
      const error = await buildError(e.fence.body);
      expect(error).not.toBeNull();
      const shown = e.next!.body.trim();
      expect(matchesShown(error!, shown), `${shown}\n--- but the build said ---\n${error}`).toBe(
        true,
      );
    },
  );

  it('reads fences of any length and their meta', () => {
    const src = 'a\n\n````mdx\n```python\nx\n```\n````\n\n```mdx fails\n<X />\n```\n';
    expect(fencesOf(src)).toEqual([
      { lang: 'mdx', meta: '', body: '```python\nx\n```', line: 3 },
      { lang: 'mdx', meta: 'fails', body: '<X />', line: 9 },
    ]);
  });

  it('matches a shown message with … as any text, in order only', () => {
    expect(
      matchesShown('a.mdx:1:1: unknown component <X>: has A, B', 'a.mdx:1:1: unknown …B'),
    ).toBe(true);
    expect(matchesShown('first second', 'second…first')).toBe(false);
  });
});

describe('the generated widget table', () => {
  it('lists every registered widget once, with every URL key of its schema', async () => {
    const WIDGET_SCHEMAS = await loadWidgetSchemas();
    const rows = widgetStateRows(WIDGETS, WIDGET_SCHEMAS);
    expect(rows.map((r) => r.id)).toEqual(WIDGETS.map((w) => w.id));
    for (const row of rows) {
      const schema = WIDGET_SCHEMAS.find((s) => s.id === row.id)!;
      expect(row.keys.map((k) => k.urlKey)).toEqual(
        Object.values(schema.fields).map((f) => `${row.id}.${f.key}`),
      );
    }
    const amdahl = rows.find((r) => r.id === 'amdahl')!;
    expect(amdahl.keys.find((k) => k.urlKey === 'amdahl.p')?.accepts).toMatch(/^number 0 to /);
  });

  it('says what each kind of field accepts, shortening long lists', () => {
    const common = { key: 'k', label: 'K' };
    expect(describeField({ ...common, kind: 'integer', default: 1, min: 1, max: 9 })).toBe(
      'whole number 1 to 9',
    );
    expect(
      describeField({ ...common, kind: 'number', default: 0.5, min: 0, max: 1, decimals: 2 }),
    ).toBe('number 0 to 1, 2 decimals');
    expect(describeField({ ...common, kind: 'boolean', default: false })).toBe('true or false');
    const many = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(describeField({ ...common, kind: 'enum', default: 'a', values: () => many })).toBe(
      'one of a, b, c, d, e, f, … (8 in all)',
    );
    expect(
      describeField({
        ...common,
        kind: 'enum-list',
        default: [],
        values: ['x', 'y'],
        maxLength: 2,
      }),
    ).toBe('0 to 2 of x, y, comma-separated');
  });

  it('reports a widget without a schema instead of leaving it out', () => {
    expect(() => widgetStateRows([{ tag: 'Nope', id: 'nope', label: 'Nope' }], [])).toThrow(
      /widget nope has no state schema/,
    );
  });
});
