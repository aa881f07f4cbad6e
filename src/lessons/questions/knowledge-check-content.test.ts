import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import GithubSlugger from 'github-slugger';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { mdxOptions } from '../../../scripts/mdx-options';
import { slugFromPath } from '../frontmatter';

const contentDir = join(process.cwd(), 'content');
const checkPath = join(contentDir, 'checks', 'knowledge-check.mdx');
const source = readFileSync(checkPath, 'utf8');

/** Heading ids of every lesson, made as rehype-slug makes them. */
function lessonSections(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of readdirSync(contentDir).filter((n) => n.endsWith('.mdx'))) {
    const slugger = new GithubSlugger();
    const ids = new Set<string>();
    for (const line of readFileSync(join(contentDir, f), 'utf8').split('\n')) {
      const m = /^#{2,3} (.+)$/.exec(line);
      if (m) ids.add(slugger.slug(m[1]!.replace(/`/g, '')));
    }
    out.set(slugFromPath(f), ids);
  }
  return out;
}

describe('the knowledge check content', () => {
  it('compiles with the lesson pipeline, numeric answers computed by the engine', async () => {
    const js = String(await compile(new VFile({ path: checkPath, value: source }), mdxOptions));
    expect(js).toMatch(/resolvedAnswerText: "4\d\.\d ms"/);
  });

  it('has at least 20 questions, two or more per lesson, of several kinds', () => {
    const questions = [...source.matchAll(/<(\w+Check)\s[^>]*?\bteaches="([a-z0-9-]+)\//g)];
    expect(questions.length).toBeGreaterThanOrEqual(20);
    const perLesson = new Map<string, number>();
    for (const q of questions) perLesson.set(q[2]!, (perLesson.get(q[2]!) ?? 0) + 1);
    for (const slug of lessonSections().keys())
      expect(perLesson.get(slug) ?? 0).toBeGreaterThanOrEqual(2);
    expect(new Set(questions.map((q) => q[1])).size).toBeGreaterThanOrEqual(5);
    expect(source).toMatch(/<QuickCheck\s[^>]*\bmultiple\b/);
  });

  it('links every question to a heading that exists in its lesson', () => {
    const sections = lessonSections();
    const targets = [...source.matchAll(/\bteaches="([a-z0-9-]+)\/([a-z0-9_-]+)"/g)];
    const missing = targets
      .filter(([, lesson, section]) => !sections.get(lesson!)?.has(section!))
      .map(([t]) => t);
    expect(missing).toEqual([]);
  });
});
