import { describe, expect, it } from 'vitest';
import type { LessonMeta } from '../lessons/frontmatter';
import type { QuestionLocation } from '../lessons/question-index';
import { dueLinks, lessonScores, teachesLink } from './review-summary';

const lesson = (slug: string, order: number): LessonMeta => ({
  slug,
  title: `Lesson ${order}`,
  order,
  readingMinutes: 5,
  objectives: [],
  summary: '',
});
const LESSONS = [lesson('one', 1), lesson('two', 2)];
const INDEX: Record<string, QuestionLocation> = {
  a: { slug: 'one', section: 'first-part', heading: 'First part', inKnowledgeCheck: false },
  b: { slug: 'one', section: null, heading: null, inKnowledgeCheck: true },
  c: { slug: 'two', section: 'end', heading: 'End', inKnowledgeCheck: false },
};
const lookup = (id: string) => INDEX[id];
const answer = (correct: boolean, reopened?: boolean) => ({
  choice: 'c1',
  correct,
  answeredAt: '2026-01-01T00:00:00Z',
  ...(reopened === undefined ? {} : { reopened }),
});

describe('lesson scores', () => {
  it('counts right and answered questions per lesson, with the lesson’s question count', () => {
    const scores = lessonScores(
      LESSONS,
      { a: answer(true), b: answer(false), c: answer(true, true), gone: answer(true) },
      lookup,
      Object.keys(INDEX),
    );
    expect(scores.get('one')).toEqual({ right: 1, answered: 2, questions: 2 });
    // A reopened answer counts as given, not as right.
    expect(scores.get('two')).toEqual({ right: 0, answered: 1, questions: 1 });
  });
});

describe('due links', () => {
  it('links each due question to its lesson section (and the knowledge check where it is asked), and keeps one no lesson holds', () => {
    const item = { step: 0, dueDay: '2026-01-02', lastAnsweredAt: '2026-01-01T00:00:00Z' };
    expect(
      dueLinks(
        [
          { id: 'a', item, overdueDays: 2 },
          { id: 'b', item, overdueDays: 0 },
          { id: 'gone', item, overdueDays: 0 },
        ],
        LESSONS,
        lookup,
      ),
    ).toEqual([
      {
        id: 'a',
        href: '#/lesson/one/first-part',
        lessonTitle: 'Lesson 1',
        heading: 'First part',
        checkHref: null,
        overdueDays: 2,
      },
      // Asked in the knowledge check: linked to its section and to the check.
      {
        id: 'b',
        href: '#/lesson/one',
        lessonTitle: 'Lesson 1',
        heading: null,
        checkHref: '#/check',
        overdueDays: 0,
      },
      { id: 'gone', href: null, lessonTitle: null, heading: null, checkHref: null, overdueDays: 0 },
    ]);
  });
});

describe('links to the section that teaches a question', () => {
  it('use the section’s heading as the lesson writes it, capitals and punctuation kept', () => {
    expect(
      teachesLink('one/when-the-gpu-loses-small-work', 'When the GPU loses: small work', LESSONS),
    ).toEqual({
      href: '#/lesson/one/when-the-gpu-loses-small-work',
      text: 'Read “When the GPU loses: small work” in Lesson 1',
    });
  });

  it('fall back to the id in words without a known heading, and to the lesson without a section', () => {
    expect(teachesLink('two/the-end', null, LESSONS).text).toBe('Read “the end” in Lesson 2');
    expect(teachesLink('two', null, LESSONS)).toEqual({
      href: '#/lesson/two',
      text: 'Read Lesson 2',
    });
    expect(teachesLink('gone/part', 'Part', LESSONS).text).toBe('Read “Part” in gone');
  });
});
