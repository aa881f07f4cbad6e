/**
 * The course's catalog for packages, read from the sources in Node: lessons from content/*.mdx
 * (the same validated frontmatter the build's manifest uses), widgets from the registry, puzzles
 * from the puzzle catalog.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildManifest } from './lesson-manifest-plugin.ts';
import { slugFromPath } from '../src/lessons/frontmatter.ts';
import { WIDGETS } from '../src/widgets/registry.ts';
import { PUZZLES } from '../src/puzzles/catalog/index.ts';
import type { CourseCatalog } from '../src/lms-package/index.ts';

/** The catalog of the course whose lessons sit in `contentDir`. */
export function readCourseCatalog(contentDir = resolve('content')): CourseCatalog {
  const withCheck = new Set(
    readdirSync(contentDir)
      .filter((f) => f.endsWith('.mdx'))
      .filter((f) => /^## Check yourself\s*$/m.test(readFileSync(join(contentDir, f), 'utf8')))
      .map((f) => slugFromPath(f)),
  );
  return {
    lessons: buildManifest(contentDir).map((l) => ({
      slug: l.slug,
      title: l.title,
      summary: l.summary,
      hasCheck: withCheck.has(l.slug),
    })),
    widgets: WIDGETS.map((w) => ({ id: w.id, title: w.title ?? w.label })),
    puzzles: PUZZLES.map((p) => ({ id: p.id, title: p.title })),
  };
}
