// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { HomePage } from './HomePage';
import { progressStore } from '../store/progress';
import { reviewStore } from '../store/review-store';
import { questionIndex } from '../lessons/question-index';

afterEach(() => {
  progressStore.getState().reset();
  reviewStore.getState().replace({ items: {} });
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
    // The miss is on the schedule (when it falls due is the scheduler's business, tested there).
    expect(Object.keys(reviewStore.getState().items)).toEqual([wrong]);
    expect(document.querySelector('.review-panel h2')?.textContent).toBe('Review');
  });
});
