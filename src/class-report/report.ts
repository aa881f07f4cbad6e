/**
 * The class report's three views of what was read: one row per learner, per question and per
 * lesson, counted against the course as this build holds it (its lessons, the question index
 * and the puzzles, passed in). Counting follows the progress page: an answer is right when its
 * latest answer is right and not reopened; a lesson's own questions are its quick checks, and
 * the knowledge check's are counted apart. Answers to questions this course no longer holds are
 * left out, and said so. Pure.
 */
import { CHECK_HREF, lessonHref } from '../state/route';
import type { ClassData, LearnerRecord, LearnerSource, QuestionText } from './records';

/** A lesson of the course. */
export interface CourseLesson {
  slug: string;
  title: string;
  order: number;
}

/** Where a question is asked (the build's question index). */
export interface CourseQuestion {
  slug: string;
  section: string | null;
  heading: string | null;
  inKnowledgeCheck: boolean;
}

/** A puzzle: a WGSL one by its id, a Triton one by its mark (`triton:<id>`). */
export interface CoursePuzzle {
  id: string;
  title: string;
}

/** The course the report counts against. */
export interface CourseOutline {
  lessons: readonly CourseLesson[];
  questions: Readonly<Record<string, CourseQuestion>>;
  /** The WGSL puzzles. */
  puzzles: readonly CoursePuzzle[];
  /** The Triton puzzles, by their marks (`triton:vector-add`). */
  tritonPuzzles: readonly CoursePuzzle[];
}

/** One learner's row. */
export interface LearnerRow {
  /** Unique among the report's learners (their order as read). */
  key: string;
  label: string;
  source: LearnerSource;
  origin: string;
  lessonsVisited: number;
  lessonsCompleted: number;
  /** The lessons' own questions (quick checks): answered right, answered not right. */
  quickRight: number;
  quickMissed: number;
  /** The knowledge check: right, answered, and how many it holds. */
  checkRight: number;
  checkAnswered: number;
  checkTotal: number;
  /** WGSL puzzles solved. */
  puzzlesSolved: number;
  tritonSolved: number;
  /** ISO 8601, or null when nothing carries a time. */
  lastActivity: string | null;
}

/** The wrong answer most learners gave to a question. */
export interface CommonWrong {
  /** The choice's key (or the answer as given). */
  choice: string;
  /** What the learner read, where known. */
  text: string | null;
  count: number;
}

/** One question's row. */
export interface QuestionRow {
  id: string;
  /** Its text, where statements carried it. */
  question: string | null;
  lessonSlug: string;
  lessonTitle: string;
  lessonOrder: number;
  heading: string | null;
  inKnowledgeCheck: boolean;
  answered: number;
  right: number;
  /** right / answered, or null when nobody answered. */
  shareRight: number | null;
  commonWrong: CommonWrong | null;
  /** Where it is asked: its lesson's section, or the knowledge check. */
  href: string;
}

/** One lesson's funnel. */
export interface LessonRow {
  slug: string;
  title: string;
  order: number;
  /** Its own questions. */
  questions: number;
  visited: number;
  completed: number;
  /** Learners who answered every one of its own questions right; null when it has none. */
  allRight: number | null;
}

/** The whole report. */
export interface ClassReport {
  learners: LearnerRow[];
  questions: QuestionRow[];
  lessons: LessonRow[];
  /** Sentences on what was left out while counting. */
  notes: string[];
}

/** The own-key entry of an outside id in a table, or undefined. */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const isRight = (a: { correct: boolean } | undefined) => a?.correct === true;

/** A choice's text from the known texts: each key of a several-choice answer, joined. */
function choiceText(text: QuestionText | undefined, choice: string): string | null {
  if (!text || text.choices.size === 0) return null;
  const parts = choice.split(' ').filter((k) => k !== '');
  const read = parts.map((k) => text.choices.get(k));
  return read.every((t) => t !== undefined) && read.length > 0 ? read.join(' + ') : null;
}

/** What every learner's row is counted against, worked out once. */
interface Counting {
  course: CourseOutline;
  lessonSlugs: Set<string>;
  puzzleIds: Set<string>;
  tritonIds: Set<string>;
  checkTotal: number;
}

function learnerRow(learner: LearnerRecord, index: number, counting: Counting): LearnerRow {
  const { course, lessonSlugs, puzzleIds, tritonIds } = counting;
  const row: LearnerRow = {
    key: String(index),
    label: learner.label,
    source: learner.source,
    origin: learner.origin,
    lessonsVisited: [...learner.visited.keys()].filter((s) => lessonSlugs.has(s)).length,
    lessonsCompleted: [...learner.completed.keys()].filter((s) => lessonSlugs.has(s)).length,
    quickRight: 0,
    quickMissed: 0,
    checkRight: 0,
    checkAnswered: 0,
    checkTotal: counting.checkTotal,
    puzzlesSolved: [...learner.puzzles.keys()].filter((p) => puzzleIds.has(p)).length,
    tritonSolved: [...learner.puzzles.keys()].filter((p) => tritonIds.has(p)).length,
    lastActivity: learner.lastActivity,
  };
  for (const [id, answer] of learner.answers) {
    const where = own(course.questions, id);
    if (!where) continue;
    if (where.inKnowledgeCheck) {
      row.checkAnswered++;
      if (answer.correct) row.checkRight++;
    } else if (answer.correct) row.quickRight++;
    else row.quickMissed++;
  }
  return row;
}

/** Counts `data`'s learners against `course`. */
export function classReport(data: ClassData, course: CourseOutline): ClassReport {
  const lessonBySlug = new Map(course.lessons.map((l) => [l.slug, l]));
  const counting: Counting = {
    course,
    lessonSlugs: new Set(course.lessons.map((l) => l.slug)),
    puzzleIds: new Set(course.puzzles.map((p) => p.id)),
    tritonIds: new Set(course.tritonPuzzles.map((p) => p.id)),
    checkTotal: Object.values(course.questions).filter((q) => q.inKnowledgeCheck).length,
  };
  const learners = data.learners.map((l, i) => learnerRow(l, i, counting));

  // Per question: answered, right, and the wrong answers given.
  const questionIds = Object.keys(course.questions);
  const tallies = new Map(
    questionIds.map((id) => [id, { answered: 0, right: 0, wrong: new Map<string, number>() }]),
  );
  let unknownAnswers = 0;
  for (const learner of data.learners) {
    for (const [id, answer] of learner.answers) {
      const tally = tallies.get(id);
      if (!tally) {
        unknownAnswers++;
        continue;
      }
      tally.answered++;
      if (answer.correct) tally.right++;
      else if (answer.choice !== '') {
        tally.wrong.set(answer.choice, (tally.wrong.get(answer.choice) ?? 0) + 1);
      }
    }
  }
  const questions: QuestionRow[] = [];
  for (const id of questionIds) {
    const where = own(course.questions, id)!;
    const lesson = lessonBySlug.get(where.slug);
    const tally = tallies.get(id)!;
    let commonWrong: CommonWrong | null = null;
    for (const [choice, count] of tally.wrong) {
      // The most picked; between equals, the first in key order, so the table is stable.
      if (
        !commonWrong ||
        count > commonWrong.count ||
        (count === commonWrong.count && choice < commonWrong.choice)
      ) {
        commonWrong = { choice, text: null, count };
      }
    }
    const text = data.texts.get(id);
    if (commonWrong) commonWrong.text = choiceText(text, commonWrong.choice);
    questions.push({
      id,
      question: text?.question ?? null,
      lessonSlug: where.slug,
      lessonTitle: lesson?.title ?? where.slug,
      lessonOrder: lesson?.order ?? Number.MAX_SAFE_INTEGER,
      heading: where.heading,
      inKnowledgeCheck: where.inKnowledgeCheck,
      answered: tally.answered,
      right: tally.right,
      shareRight: tally.answered === 0 ? null : tally.right / tally.answered,
      commonWrong,
      href: where.inKnowledgeCheck
        ? CHECK_HREF
        : lessonHref(where.slug, where.section ?? undefined),
    });
  }
  questions.sort(
    (a, b) =>
      Number(a.inKnowledgeCheck) - Number(b.inKnowledgeCheck) || a.lessonOrder - b.lessonOrder,
  );

  // Per lesson: the funnel.
  const ownQuestions = new Map<string, string[]>();
  for (const id of questionIds) {
    const where = own(course.questions, id)!;
    if (where.inKnowledgeCheck) continue;
    ownQuestions.set(where.slug, [...(ownQuestions.get(where.slug) ?? []), id]);
  }
  const lessons: LessonRow[] = [...course.lessons]
    .sort((a, b) => a.order - b.order)
    .map((lesson) => {
      const ids = ownQuestions.get(lesson.slug) ?? [];
      return {
        slug: lesson.slug,
        title: lesson.title,
        order: lesson.order,
        questions: ids.length,
        visited: data.learners.filter((l) => l.visited.has(lesson.slug)).length,
        completed: data.learners.filter((l) => l.completed.has(lesson.slug)).length,
        allRight:
          ids.length === 0
            ? null
            : data.learners.filter((l) => ids.every((id) => isRight(l.answers.get(id)))).length,
      };
    });

  const notes: string[] = [];
  if (unknownAnswers > 0) {
    notes.push(
      `${unknownAnswers.toLocaleString('en-US')} ${unknownAnswers === 1 ? 'answer names a question' : 'answers name questions'} this version of the course does not hold (removed or renamed since), so ${unknownAnswers === 1 ? 'it is' : 'they are'} left out.`,
    );
  }
  return { learners, questions, lessons, notes };
}
