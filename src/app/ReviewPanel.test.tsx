// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ReviewPanel } from './ReviewPanel';
import { reviewStore } from '../store/review-store';
import { findQuestion } from '../lessons/question-index';
import { findLesson } from '../lessons/registry';

const NOW = new Date('2026-03-01T12:00:00Z');

afterEach(() => {
  reviewStore.getState().replace({ items: {} });
});

describe('ReviewPanel', () => {
  it('says nothing is due when the schedule is empty', () => {
    render(<ReviewPanel now={NOW} />);
    const panel = screen.getByRole('region', { name: 'Review' });
    expect(panel.getAttribute('data-review-due')).toBe('0');
    expect(panel.querySelector('p')?.textContent).toBe(
      'Nothing is due for review. A question you answer wrongly comes back here a day later, then after 3, 7 and 21 days.',
    );
  });

  it('counts due questions and links each to the section that teaches it', () => {
    const lastAnsweredAt = '2026-02-20T00:00:00Z';
    reviewStore.getState().replace({
      items: {
        'why-gpus-amdahl-step': { step: 0, dueDay: '2026-02-28', lastAnsweredAt },
        'memory-budget': { step: 1, dueDay: '2026-03-01', lastAnsweredAt },
        'architectures-decode': { step: 0, dueDay: '2026-03-05', lastAnsweredAt },
      },
    });
    render(<ReviewPanel now={NOW} />);
    const panel = screen.getByRole('region', { name: 'Review' });
    expect(panel.querySelector('strong')?.textContent).toBe('2 questions are due for review.');
    expect(panel.querySelectorAll('[data-review-item]')).toHaveLength(2);
    const where = findQuestion('why-gpus-amdahl-step')!;
    const link = screen.getByRole('link', {
      name: `${findLesson('why-gpus')!.title}: ${where.heading}`,
    });
    expect(link.getAttribute('href')).toBe(`#/lesson/why-gpus/${where.section}`);
    expect(link.closest('li')?.textContent).toMatch(/due 1 day ago/);
    expect(document.querySelector('[data-review-item="architectures-decode"]')).toBeNull();
  });

  it('says when the next question comes back', () => {
    reviewStore.getState().replace({
      items: { 'memory-budget': { step: 1, dueDay: '2026-03-04', lastAnsweredAt: 'x' } },
    });
    render(<ReviewPanel now={NOW} />);
    expect(screen.getByRole('region', { name: 'Review' }).querySelector('p')?.textContent).toBe(
      'Nothing is due for review. The next missed question comes back on 2026-03-04 (UTC).',
    );
  });
});
