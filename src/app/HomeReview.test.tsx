// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { HomePage } from './HomePage';
import { progressStore } from '../store/progress';
import { reviewStore } from '../store/review-store';
import { questionIndex } from '../lessons/question-index';
import { lessons } from '../lessons/registry';

const NOW = new Date('2026-03-01T12:00:00Z');

/** The hero's leading link, and the headings of the page in order. */
function leading() {
  const link = document.querySelector<HTMLAnchorElement>('.hero .next-step a');
  const headings = [...document.querySelectorAll('h1, h2')].map((h) => h.textContent);
  return { text: link?.textContent, href: link?.getAttribute('href'), headings };
}

afterEach(() => {
  progressStore.getState().reset();
  reviewStore.getState().replace({ items: {} });
});

describe('course home: where to start', () => {
  it('leads a first visit to lesson 1, with the lessons before the review box', () => {
    render(<HomePage now={NOW} />);
    const first = lessons[0]!;
    expect(leading()).toEqual({
      text: `Start lesson 1: ${first.title} →`,
      href: `#/lesson/${first.slug}`,
      headings: ['GPU Lab', 'Lessons', 'Review'],
    });
  });

  it('leads back to the lesson the learner reached, and puts a due review first', () => {
    const third = lessons[2]!;
    progressStore.setState({
      visited: {
        [lessons[0]!.slug]: '2026-02-01T00:00:00.000Z',
        [third.slug]: '2026-02-03T00:00:00.000Z',
      },
      completed: {},
    });
    reviewStore.getState().replace({
      items: {
        'memory-budget': { step: 0, dueDay: '2026-02-28', lastAnsweredAt: '2026-02-27T00:00:00Z' },
      },
    });
    render(<HomePage now={NOW} />);
    expect(leading()).toEqual({
      text: `Continue lesson ${third.order}: ${third.title} →`,
      href: `#/lesson/${third.slug}`,
      headings: ['GPU Lab', 'Review', 'Lessons'],
    });
  });

  it('offers the knowledge check once every lesson is completed', () => {
    const all = Object.fromEntries(lessons.map((l) => [l.slug, '2026-02-01T00:00:00.000Z']));
    progressStore.setState({ visited: all, completed: all });
    render(<HomePage now={NOW} />);
    const step = document.querySelector('.hero [data-next-step]');
    expect(step?.getAttribute('data-next-step')).toBe('finished');
    expect(step?.querySelector('a')?.getAttribute('href')).toBe('#/check');
  });
});

describe('course home: review and scores', () => {
  it('shows each lesson’s score and puts a missed question on the review box', () => {
    const inLesson = Object.entries(questionIndex)
      .filter(([, q]) => q.slug === 'why-gpus' && !q.inKnowledgeCheck)
      .map(([id]) => id);
    expect(inLesson.length).toBeGreaterThanOrEqual(2);
    const [right = '', wrong = ''] = inLesson;
    progressStore.getState().answerQuickCheck(right, 'c1', true);
    progressStore.getState().answerQuickCheck(wrong, 'c2', false);
    render(<HomePage />);
    const score = document.querySelector('[data-lesson="why-gpus"] .lesson-score');
    expect(score?.getAttribute('data-score-right')).toBe('1');
    expect(score?.getAttribute('data-score-answered')).toBe('2');
    expect(score?.textContent).toMatch(/1 right of 2 answered/);
    // The card counts the lesson's own questions, as the progress page does: the knowledge
    // check's questions that teach this lesson are not "in the lesson".
    expect(score?.textContent).toContain(`(${inLesson.length} in the lesson)`);
    // The miss is on the schedule (when it falls due is the scheduler's business, tested there).
    expect(Object.keys(reviewStore.getState().items)).toEqual([wrong]);
    expect(document.querySelector('.review-panel h2')?.textContent).toBe('Review');
  });
});
