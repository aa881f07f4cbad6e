import type { ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import manifest from 'virtual:lesson-manifest';
import type { LessonSummary } from './frontmatter';
import { slugFromPath } from './frontmatter';

/** A compiled lesson module: its MDX content component, and its frontmatter (objectives). */
export interface LessonModule {
  default: ComponentType<{ components?: MDXComponents }>;
  /** Absent in the questions-only modules embeds load. */
  frontmatter?: Record<string, unknown>;
}

/** The objectives a loaded lesson's frontmatter lists (validated at build time). */
export function objectivesOf(module: LessonModule): string[] {
  const objectives = module.frontmatter?.objectives;
  return Array.isArray(objectives)
    ? objectives.filter((o): o is string => typeof o === 'string')
    : [];
}

const loaders = import.meta.glob<LessonModule>('/content/*.mdx');

const loaderBySlug = new Map<string, () => Promise<LessonModule>>(
  Object.entries(loaders).map(([path, load]) => [slugFromPath(path), load]),
);

/** All lessons in course order, from their frontmatter (validated at build time). */
export const lessons: readonly LessonSummary[] = manifest;

/** The lesson with this slug, or undefined. */
export function findLesson(slug: string): LessonSummary | undefined {
  return lessons.find((l) => l.slug === slug);
}

/** The lessons before and after this one in course order. */
export function neighbours(slug: string): { previous?: LessonSummary; next?: LessonSummary } {
  const i = lessons.findIndex((l) => l.slug === slug);
  if (i < 0) return {};
  return { previous: lessons[i - 1], next: lessons[i + 1] };
}

/** Loads a lesson's compiled MDX lazily (each lesson is its own chunk). */
export function loadLesson(slug: string): Promise<LessonModule> {
  const load = loaderBySlug.get(slug);
  if (!load) return Promise.reject(new Error(`No lesson file for "${slug}"`));
  return load();
}
