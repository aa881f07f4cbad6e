import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import type { Root as HastRoot, Element } from 'hast';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mdxOptions } from '../../scripts/mdx-options';
import { readGlossary } from '../../scripts/glossary-plugin';
import { slugFromPath } from '../lessons/frontmatter';
import { checkGlossary } from './parse';
import { GLOSSARY_TERMS, findTerm, sortedTerms } from './terms';

const contentDir = join(process.cwd(), 'content');
const lessonFiles = readdirSync(contentDir).filter((f) => f.endsWith('.mdx'));

/** The terms the curriculum's glossary list names (../shared/design/curriculum.md). */
const CURRICULUM_IDS = [
  'sm',
  'cuda-core',
  'tensor-core',
  'warp',
  'simt',
  'occupancy',
  'hbm',
  'l2-cache',
  'shared-memory',
  'pcie',
  'pinned-memory',
  'cuda-stream',
  'kernel-launch',
  'roofline',
  'arithmetic-intensity',
  'tf32',
  'bf16',
  'loss-scaling',
  'caching-allocator',
  'all-reduce',
  'nccl',
];

/**
 * Per lesson: the heading ids the real build gives (rehype-slug) and the terms it links, read
 * from the HTML tree after the last of the build's rehype plugins. The tree is then emptied, so
 * the compile does not go on to turn the lesson into JavaScript nobody reads here (the build
 * compiles each lesson whole, and tests/e2e/all-lessons.e2e.ts checks every built page).
 */
async function compiledLessons() {
  const out = new Map<string, { headings: Set<string>; terms: string[] }>();
  for (const file of lessonFiles) {
    const headings = new Set<string>();
    const terms: string[] = [];
    const collect =
      () =>
      (tree: HastRoot): HastRoot => {
        visit(tree, (node) => {
          const el = node as Element & {
            name?: string;
            attributes?: { name: string; value: unknown }[];
          };
          if (el.type === 'element' && /^h[1-6]$/.test(el.tagName) && el.properties?.id) {
            headings.add(String(el.properties.id));
          }
          if ((el.type as string) === 'mdxJsxTextElement' && el.name === 'Term') {
            terms.push(String(el.attributes?.find((a) => a.name === 'id')?.value));
          }
        });
        return { type: 'root', children: [] };
      };
    const path = join(contentDir, file);
    await compile(new VFile({ path, value: readFileSync(path, 'utf8') }), {
      ...mdxOptions,
      rehypePlugins: [...mdxOptions.rehypePlugins, collect],
    });
    out.set(slugFromPath(file), { headings, terms });
  }
  return out;
}

describe('the glossary data', () => {
  it('covers every term of the curriculum list, and more', () => {
    for (const id of CURRICULUM_IDS) expect(findTerm(id), id).toBeDefined();
    expect(GLOSSARY_TERMS.length).toBeGreaterThan(CURRICULUM_IDS.length + 15);
  });

  it('has unique ids and names, and related terms that exist and are not the term itself', () => {
    const ids = GLOSSARY_TERMS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = GLOSSARY_TERMS.map((e) => e.term.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const entry of GLOSSARY_TERMS) {
      expect(entry.id).toMatch(/^[a-z0-9-]+$/);
      expect(entry.related.length, entry.id).toBeGreaterThan(0);
      for (const id of entry.related) {
        expect(findTerm(id), `${entry.id} → ${id}`).toBeDefined();
        expect(id).not.toBe(entry.id);
      }
      expect(new Set(entry.related).size, entry.id).toBe(entry.related.length);
    }
  });

  it('gives every term a short definition of one to three sentences', () => {
    for (const entry of GLOSSARY_TERMS) {
      const sentences = entry.definition.split(/(?<=[.!?])\s+(?=[A-Z"(])/);
      expect(sentences.length, entry.id).toBeGreaterThanOrEqual(1);
      expect(sentences.length, `${entry.id}: ${entry.definition}`).toBeLessThanOrEqual(3);
      expect(entry.definition.length, entry.id).toBeLessThan(420);
      expect(entry.definition).toMatch(/[.)]$/);
    }
  });

  it('claims each spelling for one term only', () => {
    const owners = new Map<string, string>();
    for (const entry of GLOSSARY_TERMS) {
      for (const spelling of entry.matches) {
        expect(owners.get(spelling), `"${spelling}" in ${entry.id}`).toBeUndefined();
        owners.set(spelling, entry.id);
      }
    }
  });

  it('reaches the app as content/glossary.yaml holds it, in its order', () => {
    expect(GLOSSARY_TERMS).toEqual(readGlossary());
  });

  it('is shown to authors by an example in their guide that is a real, current entry', () => {
    const guide = readFileSync(join(contentDir, 'guides', 'authors.mdx'), 'utf8');
    const example = /^```yaml\n([\s\S]*?)\n```$/m.exec(guide)?.[1];
    expect(example, 'a ```yaml fence in the authors guide').toBeDefined();
    const { terms } = checkGlossary(parse(example!));
    expect(terms).toHaveLength(1);
    expect(terms[0]).toEqual(findTerm(terms[0]!.id));
  });

  it('sorts alphabetically for the page, ignoring case', () => {
    const names = sortedTerms().map((e) => e.term.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('points every "taught at" link at a real lesson heading, and links terms in the lessons', async () => {
    const lessons = await compiledLessons();
    for (const entry of GLOSSARY_TERMS) {
      const lesson = lessons.get(entry.taught.lesson);
      expect(lesson, `${entry.id}: no lesson ${entry.taught.lesson}`).toBeDefined();
      expect(
        lesson!.headings.has(entry.taught.section),
        `${entry.id}: no heading #${entry.taught.section} in ${entry.taught.lesson}`,
      ).toBe(true);
    }
    for (const [slug, { terms }] of lessons) {
      // Every lesson links some terms, each at most once.
      expect(terms.length, slug).toBeGreaterThan(3);
      expect(new Set(terms).size, slug).toBe(terms.length);
    }
    // Nearly every term is used, and so linked, somewhere in the course.
    const linked = new Set([...lessons.values()].flatMap((l) => l.terms));
    const unlinked = GLOSSARY_TERMS.filter((e) => !linked.has(e.id)).map((e) => e.id);
    expect(unlinked.length, `never linked: ${unlinked.join(', ')}`).toBeLessThanOrEqual(3);
  }, 120_000);
});
