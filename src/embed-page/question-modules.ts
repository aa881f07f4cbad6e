/**
 * Lazy loaders of the questions-only modules: each lesson's questions (and the knowledge
 * check's), compiled without the lesson's prose and widgets by scripts/vite-mdx-plugin.ts.
 */
import { slugFromPath } from '../lessons/frontmatter';
import type { LessonModule } from '../lessons/registry';
import type { QuestionSource } from './resolve-target';

const lessonLoaders = import.meta.glob<LessonModule>('/content/*.mdx', {
  query: { embed: 'questions' },
});

const loaderBySlug = new Map<string, () => Promise<LessonModule>>(
  Object.entries(lessonLoaders).map(([path, load]) => [slugFromPath(path), load]),
);

/** Loads the questions of a lesson or of the knowledge check; rejects for an unknown lesson. */
export function loadQuestions(source: QuestionSource): Promise<LessonModule> {
  if (source.kind === 'knowledge-check') {
    return import('../../content/checks/knowledge-check.mdx?embed=questions');
  }
  const load = loaderBySlug.get(source.slug);
  if (!load) return Promise.reject(new Error(`No lesson file for "${source.slug}"`));
  return load();
}
