import { describe, expect, it } from 'vitest';
import { nextStep } from './continue-lesson';
import type { LessonSummary } from '../lessons/frontmatter';

const lesson = (order: number): LessonSummary =>
  ({ slug: `l${order}`, order, title: `Lesson ${order}` }) as LessonSummary;
const course = [lesson(1), lesson(2), lesson(3), lesson(4)];
const slugOf = (step: ReturnType<typeof nextStep>) =>
  step.kind === 'finished' ? step.kind : `${step.kind} ${step.lesson.slug}`;

describe('nextStep', () => {
  it('starts with lesson 1 on a first visit, and ignores progress of lessons no longer in the course', () => {
    expect(slugOf(nextStep(course, {}, {}))).toBe('start l1');
    expect(slugOf(nextStep(course, { gone: '2026-01-01T00:00:00Z' }, {}))).toBe('start l1');
  });

  it('continues the lesson opened last among those not completed', () => {
    const visited = {
      l1: '2026-01-01T10:00:00.000Z',
      l3: '2026-01-03T10:00:00.000Z',
      l2: '2026-01-02T10:00:00.000Z',
    };
    expect(slugOf(nextStep(course, visited, {}))).toBe('continue l3');
    expect(slugOf(nextStep(course, visited, { l3: '2026-01-04T00:00:00Z' }))).toBe('continue l2');
    // Equal times (or unreadable ones) go to the later lesson.
    expect(slugOf(nextStep(course, { l1: 'x', l2: 'y' }, {}))).toBe('continue l2');
  });

  it('goes on with the first lesson not completed when every opened one is done, and finishes', () => {
    const done = { l1: '2026-01-01T00:00:00Z', l2: '2026-01-02T00:00:00Z' };
    expect(slugOf(nextStep(course, done, done))).toBe('continue l3');
    // Completed without being opened here (progress brought from another browser).
    expect(slugOf(nextStep(course, {}, { l1: '2026-01-01T00:00:00Z' }))).toBe('continue l2');
    const all = Object.fromEntries(course.map((l) => [l.slug, '2026-01-01T00:00:00Z']));
    expect(nextStep(course, all, all)).toEqual({ kind: 'finished' });
  });
});
