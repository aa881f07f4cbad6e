import { parseMdxSource } from './mdx-tree.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compile, type CompileOptions } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { visit, SKIP } from 'unist-util-visit';
import type { Plugin } from 'vite';
import { slugFromPath } from '../src/lessons/frontmatter.ts';

/** The query that asks for a lesson's questions alone: `/content/x.mdx?embed=questions`. */
export const QUESTIONS_QUERY = 'embed=questions';

/** Question tags all end in "Check" (QuickCheck, NumericCheck, …), as in the question index. */
const QUESTION_TAG = /^[A-Z][A-Za-z]*Check$/;

/**
 * An MDX source cut down to its frontmatter and the exact source text of every question element
 * (any tag ending in "Check", the outermost one when nested); everything else is blanked to
 * spaces with its line breaks kept, so a compile error still names the original line and
 * column. Throws when the source does not parse (the compile would fail the same way).
 */
export function sliceQuestions(source: string): string {
  const keep: [number, number][] = [];
  visit(parseMdxSource(source), (node) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    if (node.type === 'yaml') {
      keep.push([start, end]);
      return SKIP;
    }
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
    if (!QUESTION_TAG.test(node.name ?? '')) return undefined;
    keep.push([start, end]);
    return SKIP;
  });
  let out = '';
  let at = 0;
  const blank = (text: string) => text.replace(/[^\r\n]/g, ' ');
  for (const [start, end] of keep.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += blank(source.slice(at, start)) + source.slice(start, end);
    at = end;
  }
  return out + blank(source.slice(at));
}

/** Whether a module id asks for the questions-only compile. */
export function wantsQuestionsOnly(id: string): boolean {
  const query = id.split('?')[1];
  return query !== undefined && new URLSearchParams(query).get('embed') === 'questions';
}

/**
 * Compiles `.mdx` files to JavaScript at build time with @mdx-js/mdx. (Used instead of
 * @mdx-js/rollup, whose peer dependency on rollup pulls platform binaries that this project's
 * package registry does not serve, which breaks `npm ci`; Vite 8 itself builds with rolldown.)
 * An id with `?embed=questions` compiles the file's questions alone (see sliceQuestions), for
 * the embed pages of one question or one lesson check.
 */
export function mdxPlugin(options: CompileOptions): Plugin {
  return {
    name: 'gpu-lab-mdx',
    enforce: 'pre',
    async transform(source, id) {
      const path = id.split('?')[0] ?? id;
      if (!path.endsWith('.mdx')) return undefined;
      const value = wantsQuestionsOnly(id) ? sliceQuestions(source) : source;
      const compiled = await compile(new VFile({ path, value }), options);
      return { code: String(compiled.value), map: null };
    },
  };
}

/** The MDX tags (capitalized JSX element names) a source places, in order of first use. */
export function tagsInSource(source: string): string[] {
  const tags = new Set<string>();
  visit(parseMdxSource(source), (node) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    if (node.name && /^[A-Z]/.test(node.name)) tags.add(node.name);
  });
  return [...tags];
}

/**
 * MDX tag → slug of the first lesson (in file order) that places it, over the lessons of a
 * content folder. A lesson that does not parse is skipped and reported through `warn`.
 */
export function buildWidgetLessons(
  contentDir: string,
  warn: (message: string) => void = (m) => console.warn(m),
): Record<string, string> {
  const found: Record<string, string> = {};
  const files = readdirSync(contentDir)
    .filter((n) => n.endsWith('.mdx'))
    .sort();
  for (const file of files) {
    let tags: string[];
    try {
      tags = tagsInSource(readFileSync(join(contentDir, file), 'utf8'));
    } catch (e) {
      warn(`widget lessons: content/${file} left out, it does not parse (${String(e)})`);
      continue;
    }
    for (const tag of tags) if (!(tag in found)) found[tag] = slugFromPath(file);
  }
  return found;
}

const WIDGET_LESSONS_ID = 'virtual:widget-lessons';
const RESOLVED_WIDGET_LESSONS_ID = '\0' + WIDGET_LESSONS_ID;

/**
 * A Vite plugin exposing `virtual:widget-lessons`: for each MDX tag, the first lesson that
 * places it, so an embedded widget can link back to (and share a link into) its lesson.
 */
export function widgetLessonsPlugin(contentDir = resolve('content')): Plugin {
  return {
    name: 'gpu-lab-widget-lessons',
    resolveId(id) {
      return id === WIDGET_LESSONS_ID ? RESOLVED_WIDGET_LESSONS_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_WIDGET_LESSONS_ID) return undefined;
      for (const f of readdirSync(contentDir).filter((n) => n.endsWith('.mdx'))) {
        this.addWatchFile(join(contentDir, f));
      }
      return `export default ${JSON.stringify(buildWidgetLessons(contentDir, (m) => this.warn(m)))};`;
    },
  };
}
