import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { mdxOptions } from '../../scripts/mdx-options';
import { buildManifest } from '../../scripts/lesson-manifest-plugin';
import { WIDGETS } from '../widgets/registry';
import { declaredWidgets } from '../../scripts/widget-declarations';
import { lessonComponentNames } from './component-names';
import { lessonTags } from './components';
import { slugFromPath } from './frontmatter';

const contentDir = join(process.cwd(), 'content');
const lessonFiles = readdirSync(contentDir).filter((f) => f.endsWith('.mdx'));

async function compileLesson(path: string, source: string) {
  return compile(new VFile({ path, value: source }), mdxOptions);
}

describe('lesson content', () => {
  it('has at least one lesson', () => {
    expect(lessonFiles.length).toBeGreaterThan(0);
  });

  // Each lesson goes through the lesson checks (the build's remark plugins) in
  // src/glossary/terms.test.ts, and through the whole build in `npm test`; the built page of
  // each, with its title, objectives and blocks, is checked in tests/e2e/all-lessons.e2e.ts.

  it('has valid, uniquely ordered frontmatter in every lesson', () => {
    // buildManifest throws on a missing field or a repeated order, naming the file.
    const lessons = buildManifest(contentDir);
    expect(lessons.map((l) => l.slug).sort()).toEqual(lessonFiles.map(slugFromPath).sort());
    const orders = lessons.map((l) => l.order);
    expect(new Set(orders).size).toBe(orders.length);
    orders.slice(1).forEach((order, i) => expect(order).toBeGreaterThan(orders[i]!));
  });

  it('gives every lesson at least one widget and one quick check', () => {
    for (const file of lessonFiles) {
      const src = readFileSync(join(contentDir, file), 'utf8');
      expect(src, file).toMatch(/<QuickCheck\b/);
      expect(src, file).toMatch(new RegExp(`<(${WIDGETS.map((w) => w.tag).join('|')})\\b`));
    }
  });
});

describe('the components map', () => {
  it('provides exactly the tags the content check allows', () => {
    const atBuild = lessonComponentNames(declaredWidgets().map((w) => w.tag));
    expect(Object.keys(lessonTags).sort()).toEqual(atBuild.sort());
  });

  it('is read at build from the same widget declarations the app registers', () => {
    expect(declaredWidgets().map(({ tag, id }) => ({ tag, id }))).toEqual(
      WIDGETS.map(({ tag, id }) => ({ tag, id })),
    );
  });
});

describe('the lesson check', () => {
  const header = '---\ntitle: T\norder: 1\nreadingMinutes: 1\nobjectives: [a, b, c]\n---\n\n';

  it('fails on a tag the map lacks, naming file, line and tag', async () => {
    const src = `${header}Some text.\n\n<Sparkles size={3} />\n`;
    await expect(compileLesson('content/99-bad.mdx', src)).rejects.toThrow(
      /content\/99-bad\.mdx:10:1: unknown component <Sparkles>/,
    );
  });

  it('fails on a quick check without exactly one correct choice', async () => {
    const src = `${header}<QuickCheck id="q" question="Q?">\n  <Choice explanation="a">A</Choice>\n  <Choice explanation="b">B</Choice>\n</QuickCheck>\n`;
    await expect(compileLesson('content/98-q.mdx', src)).rejects.toThrow(
      /exactly one <Choice correct> \(found 0\)/,
    );
  });

  it('fails on a choice without an explanation and on a repeated id', async () => {
    const q = `<QuickCheck id="q" question="Q?">\n  <Choice correct explanation="a">A</Choice>\n  <Choice>B</Choice>\n</QuickCheck>\n\n`;
    const err = await compileLesson('content/97-q.mdx', header + q + q).catch(
      (e: Error) => e.message,
    );
    expect(err).toMatch(/<Choice> needs an explanation/);
    expect(err).toMatch(/id "q" is used twice/);
  });

  it('fails on a callout of unknown kind', async () => {
    const src = `${header}<Callout kind="shout">x</Callout>\n`;
    await expect(compileLesson('content/96-c.mdx', src)).rejects.toThrow(/<Callout> needs kind=/);
  });

  it('fails on a widget placed twice without distinct instance names, naming the line', async () => {
    const err = await compileLesson(
      'content/94-w.mdx',
      `${header}<Race />\n\nText.\n\n<Race />\n\n<Race instance="b" />\n\n<Race instance="b" />\n\n<Race instance="Bad-1" />\n`,
    ).catch((e: Error) => e.message);
    expect(err).toMatch(/94-w\.mdx:12:1: <Race> is placed twice: give the second one instance="b"/);
    expect(err).toMatch(/:16:1: <Race instance="b"> is used twice/);
    expect(err).toMatch(/:18:1: <Race> instance= must be 1-16 lowercase letters or digits/);
    const twice = await compileLesson(
      'content/93-w.mdx',
      `${header}<Race />\n\n<Race instance="b" />\n`,
    );
    // Both placements reach the page, the second under its own instance name.
    expect(String(twice).match(/_jsx\(Race, /g)).toHaveLength(2);
    expect(String(twice)).toMatch(/_jsx\(Race, \{\s*instance: "b"\s*\}\)/);
  });

  it('accepts lower-case HTML tags', async () => {
    const html = await compileLesson(
      'content/95-ok.mdx',
      `${header}<details><summary>Hint</summary>x</details>\n`,
    );
    // Kept as plain elements, not looked up as components.
    expect(String(html)).toContain('_jsxs("details"');
    expect(String(html)).toContain('_jsx("summary"');
  });
});

describe('links between lessons', () => {
  it('point only at lessons that exist', () => {
    const slugs = new Set(buildManifest(contentDir).map((l) => l.slug));
    for (const file of lessonFiles) {
      const src = readFileSync(join(contentDir, file), 'utf8');
      for (const m of src.matchAll(/\(#\/lesson\/([a-z0-9-]+)/g)) {
        expect(slugs.has(m[1]!), `${file} links to missing lesson "${m[1]}"`).toBe(true);
      }
    }
  });
});
