import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Plugin } from 'vite';
import {
  lessonSummary,
  orderLessons,
  validateFrontmatter,
  type LessonMeta,
} from '../src/lessons/frontmatter.ts';

const VIRTUAL_ID = 'virtual:lesson-manifest';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** Reads the YAML frontmatter block at the top of an MDX source, or undefined when absent. */
export function readFrontmatter(source: string): unknown {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  return m ? parseYaml(m[1] ?? '') : undefined;
}

/** Builds the ordered, validated lesson list from a content folder. Throws naming the file. */
export function buildManifest(contentDir: string): LessonMeta[] {
  const files = readdirSync(contentDir)
    .filter((f) => f.endsWith('.mdx'))
    .sort();
  const metas = files.map((f) => {
    const path = join(contentDir, f);
    return validateFrontmatter(`content/${f}`, readFrontmatter(readFileSync(path, 'utf8')));
  });
  return orderLessons(metas);
}

/**
 * A Vite plugin exposing `virtual:lesson-manifest`: the lessons' frontmatter, validated at build
 * time, so the home page lists lessons without loading their content. The objectives stay out
 * (each lesson's MDX module exports its own): every lesson's first load carries the manifest.
 */
export function lessonManifestPlugin(contentDir = resolve('content')): Plugin {
  return {
    name: 'gpu-lab-lesson-manifest',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // Lesson files only: a folder (content/checks) is not a file to watch, and vitest would
      // try to import it.
      for (const f of readdirSync(contentDir).filter((n) => n.endsWith('.mdx'))) {
        this.addWatchFile(join(contentDir, f));
      }
      return `export default ${JSON.stringify(buildManifest(contentDir).map(lessonSummary))};`;
    },
  };
}
