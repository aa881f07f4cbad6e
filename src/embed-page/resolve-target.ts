/**
 * What an embed route names, looked up: the widget in the registry, the question in the build's
 * question index, the lesson and its "Check yourself" questions; or what was asked for when
 * nothing matches. Pure apart from the build-time tables it reads (injectable for tests).
 */
import type { EmbedRouteTarget } from '../state/route';
import { lessonHref } from '../state/route';
import type { LessonSummary } from '../lessons/frontmatter';
import { questionIndex, type QuestionLocation } from '../lessons/question-index';
import { lessons as allLessons } from '../lessons/registry';
import type { WidgetEntry } from '../widgets/registry';
import { findWidget } from '../widgets/registry';
import { lessonOfWidget } from './widget-lesson';
import { findPuzzle } from '../puzzles/catalog';
import { puzzlesHref, tritonHref } from '../state/route';

/** The section id every lesson's closing questions sit under. */
export const CHECK_SECTION = 'check-yourself';

/** Where a question's compiled module comes from: a lesson file or the knowledge check. */
export type QuestionSource = { kind: 'lesson'; slug: string } | { kind: 'knowledge-check' };

/** What the footer link leads to. */
export interface EmbedHome {
  /** Hash of the page in GPU Lab (`#/lesson/why-gpus/widget-race`, `#/check`, `#/`). */
  hash: string;
  /** Its name after "GPU Lab · " (a lesson title), or null for the course home. */
  title: string | null;
}

/** A found embed. */
export type FoundEmbed =
  | {
      found: true;
      kind: 'widget';
      id: string;
      /** The page's title ("CPU vs GPU race"). */
      title: string;
      lessonSlug: string | null;
      home: EmbedHome;
      widget: WidgetEntry;
    }
  | {
      found: true;
      kind: 'quiz' | 'check';
      id: string;
      title: string;
      lessonSlug: string | null;
      home: EmbedHome;
      source: QuestionSource;
      /** The question ids to show, in lesson order. */
      questionIds: string[];
    }
  | {
      found: true;
      kind: 'puzzle';
      id: string;
      title: string;
      lessonSlug: null;
      home: EmbedHome;
    }
  | {
      found: true;
      kind: 'triton';
      id: string;
      title: string;
      lessonSlug: null;
      home: EmbedHome;
    };

/** An embed that names nothing known, or a malformed embed path. */
export interface MissingEmbed {
  found: false;
  /** What was asked for, in words (`widget “foo”`), for "There is no … in GPU Lab." */
  asked: string;
}

/** The build-time tables the lookup reads. */
export interface EmbedTables {
  questions: Readonly<Record<string, QuestionLocation>>;
  lessons: readonly LessonSummary[];
  findWidget(id: string): WidgetEntry | undefined;
  lessonOfWidget(id: string): string | null;
}

const BUILT_TABLES: EmbedTables = {
  questions: questionIndex,
  lessons: allLessons,
  findWidget,
  lessonOfWidget,
};

/** Looks up an embed route's target. Never throws. */
export function resolveEmbed(
  target: EmbedRouteTarget,
  tables: EmbedTables = BUILT_TABLES,
): FoundEmbed | MissingEmbed {
  const lessonTitle = (slug: string | null) =>
    slug === null ? null : (tables.lessons.find((l) => l.slug === slug)?.title ?? null);
  switch (target.kind) {
    case 'invalid':
      return { found: false, asked: `embed address “${target.path}”` };
    case 'widget': {
      const widget = tables.findWidget(target.id);
      if (!widget) return { found: false, asked: `widget “${target.id}”` };
      const slug = tables.lessonOfWidget(widget.id);
      const title = lessonTitle(slug);
      return {
        found: true,
        kind: 'widget',
        id: widget.id,
        title: widget.label,
        lessonSlug: slug,
        home:
          slug === null || title === null
            ? { hash: '#/', title: null }
            : { hash: lessonHref(slug, `widget-${widget.id}`), title },
        widget,
      };
    }
    case 'quiz': {
      const where = own(tables.questions, target.id);
      if (!where) return { found: false, asked: `question “${target.id}”` };
      const title = lessonTitle(where.slug);
      return {
        found: true,
        kind: 'quiz',
        id: target.id,
        title: 'Question',
        lessonSlug: where.slug,
        home: where.inKnowledgeCheck
          ? { hash: '#/check', title: 'Knowledge check' }
          : { hash: lessonHref(where.slug, where.section ?? undefined), title },
        source: where.inKnowledgeCheck
          ? { kind: 'knowledge-check' }
          : { kind: 'lesson', slug: where.slug },
        questionIds: [target.id],
      };
    }
    case 'puzzle': {
      const puzzle = findPuzzle(target.id);
      if (!puzzle) return { found: false, asked: `puzzle “${target.id}”` };
      return {
        found: true,
        kind: 'puzzle',
        id: puzzle.id,
        title: `WGSL puzzle: ${puzzle.title}`,
        lessonSlug: null,
        home: { hash: puzzlesHref(puzzle.id), title: 'WGSL puzzles' },
      };
    }
    case 'triton':
      // Known by its shape here (the puzzles come with the interpreter, loaded by the embed
      // itself, which says when there is no such puzzle).
      return {
        found: true,
        kind: 'triton',
        id: target.id,
        title: 'Triton puzzle',
        lessonSlug: null,
        home: { hash: tritonHref(target.id), title: 'Triton puzzles' },
      };
    case 'check': {
      const title = lessonTitle(target.slug);
      if (title === null) return { found: false, asked: `lesson “${target.slug}”` };
      const ids = Object.entries(tables.questions)
        .filter(
          ([, w]) => w.slug === target.slug && w.section === CHECK_SECTION && !w.inKnowledgeCheck,
        )
        .map(([id]) => id);
      if (ids.length === 0) {
        return { found: false, asked: `check for the lesson “${title}”` };
      }
      return {
        found: true,
        kind: 'check',
        id: target.slug,
        title: `Check yourself: ${title}`,
        lessonSlug: target.slug,
        home: { hash: lessonHref(target.slug, CHECK_SECTION), title },
        source: { kind: 'lesson', slug: target.slug },
        questionIds: ids,
      };
    }
  }
}

function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
