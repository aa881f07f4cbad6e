import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseMdxSource } from './mdx-tree.mjs';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import GithubSlugger from 'github-slugger';
import type { Plugin } from 'vite';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { slugFromPath } from '../src/lessons/frontmatter.ts';
import type { QuestionLocation } from '../src/lessons/question-index.ts';
import { QUESTION_TAG_NAMES } from '../src/lessons/questions/kinds/index.ts';

const VIRTUAL_ID = 'virtual:question-index';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** The question tags, from the question kinds' records. */
const questionTags = new Set<string>(QUESTION_TAG_NAMES);

/** What one MDX source holds: its questions and its headings (id → text). */
export interface SourceQuestions {
  questions: Record<string, QuestionLocation>;
  headings: Record<string, string>;
}

/** A literal string attribute of an MDX element, or undefined. */
function stringAttribute(node: MdxJsxFlowElement | MdxJsxTextElement, name: string) {
  const attr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attr?.value === 'string' ? attr.value : undefined;
}

/**
 * Where each question of one source sits: every question tag with a literal `id`, placed in the
 * lesson named by its `teaches="slug/section"` when it has one, else in this file's lesson under
 * the nearest heading above it (h2 or h3). Heading ids are made the way rehype-slug makes them
 * for the page.
 */
export function questionsInSource(
  file: string,
  source: string,
  inKnowledgeCheck = false,
): SourceQuestions {
  const tree = parseMdxSource(source) as Root;
  const slug = slugFromPath(file);
  const slugger = new GithubSlugger();
  const questions: Record<string, QuestionLocation> = {};
  const headings: Record<string, string> = {};
  let section: string | null = null;
  let heading: string | null = null;
  visit(tree, (node) => {
    if (node.type === 'heading') {
      const text = toString(node);
      const id = slugger.slug(text);
      headings[id] = text;
      if (node.depth === 2 || node.depth === 3) {
        section = id;
        heading = text;
      }
      return;
    }
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    if (!questionTags.has(node.name ?? '')) return;
    const id = stringAttribute(node, 'id');
    if (id === undefined || id in questions) return;
    const teaches = /^([a-z0-9-]+)(?:\/([A-Za-z0-9_-]+))?$/.exec(
      stringAttribute(node, 'teaches') ?? '',
    );
    questions[id] = teaches
      ? { slug: teaches[1]!, section: teaches[2] ?? null, heading: null, inKnowledgeCheck }
      : { slug, section, heading, inKnowledgeCheck };
  });
  return { questions, headings };
}

/** The MDX files of a folder, sorted, as paths. */
function mdxFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.mdx'))
    .sort()
    .map((n) => join(dir, n));
}

/** The sources the index reads: the lessons, then the course-wide checks in `checks/`. */
function indexSources(contentDir: string): { path: string; inKnowledgeCheck: boolean }[] {
  return [
    ...mdxFiles(contentDir).map((path) => ({ path, inKnowledgeCheck: false })),
    ...mdxFiles(join(contentDir, 'checks')).map((path) => ({ path, inKnowledgeCheck: true })),
  ];
}

/**
 * Question id → where it is taught, over every lesson in a content folder and the checks in its
 * `checks/` folder (whose questions name their lesson section with `teaches=`). A question
 * placed by `teaches=` gets that section's heading text from the lesson. A file that does not
 * parse is left out and reported through `warn` (its own MDX compile fails with file:line).
 */
export function buildQuestionIndex(
  contentDir: string,
  warn: (message: string) => void = (m) => console.warn(m),
): Record<string, QuestionLocation> {
  const index: Record<string, QuestionLocation> = {};
  const headingsBySlug = new Map<string, Record<string, string>>();
  for (const { path, inKnowledgeCheck } of indexSources(contentDir)) {
    let found: SourceQuestions;
    try {
      found = questionsInSource(basename(path), readFileSync(path, 'utf8'), inKnowledgeCheck);
    } catch (e) {
      warn(`question index: ${path} left out, it does not parse (${String(e)})`);
      continue;
    }
    headingsBySlug.set(slugFromPath(path), found.headings);
    for (const [id, where] of Object.entries(found.questions)) {
      if (!(id in index)) index[id] = where;
    }
  }
  for (const where of Object.values(index)) {
    if (where.heading === null && where.section !== null) {
      where.heading = headingsBySlug.get(where.slug)?.[where.section] ?? null;
    }
  }
  return index;
}

/**
 * A Vite plugin exposing `virtual:question-index`: each question's lesson and section, found at
 * build time, so the course home can link a due review to where it is taught without loading
 * the lessons.
 */
export function questionIndexPlugin(contentDir = resolve('content')): Plugin {
  return {
    name: 'gpu-lab-question-index',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const { path } of indexSources(contentDir)) this.addWatchFile(path);
      const index = buildQuestionIndex(contentDir, (m) => this.warn(m));
      return `export default ${JSON.stringify(index)};`;
    },
  };
}
