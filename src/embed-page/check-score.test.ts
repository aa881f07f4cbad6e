import { describe, expect, it } from 'vitest';
import type { QuickCheckAnswer } from '../store/progress-schema';
import { policyCorrect, scoreCheck, scoreText, shouldReportCompletion } from './check-score';

const at = '2026-11-24T03:00:00.000Z';
const answer = (choice: string, correct: boolean, extra: Partial<QuickCheckAnswer> = {}) => ({
  choice,
  correct,
  answeredAt: at,
  ...extra,
});

describe('scoreCheck', () => {
  it('counts answered and right questions among the check ids only', () => {
    const score = scoreCheck(['a', 'b', 'c'], {
      a: answer('x', true),
      b: answer('y', false),
      other: answer('z', true),
    });
    expect(score).toMatchObject({ total: 3, answered: 2, correct: 1, complete: false });
    expect(scoreText(score)).toBe('1 of 3 right (1 not answered yet).');
  });

  it('does not count a reopened answer, nor a key inherited from Object', () => {
    const score = scoreCheck(['a', 'toString'], { a: answer('x', true, { reopened: true }) });
    expect(score).toMatchObject({ answered: 0, correct: 0, complete: false });
  });

  it('keeps the first answers’ score, the latest and the best apart, and the most attempts', () => {
    // a: wrong, then right on the third try. b: right at once. c: right, then wrong.
    const score = scoreCheck(['a', 'b', 'c'], {
      a: answer('x', true, { attempts: 3, firstCorrect: false }),
      b: answer('y', true),
      c: answer('z', false, { attempts: 2, firstCorrect: true, bestCorrect: true, misses: 1 }),
    });
    expect(score).toMatchObject({ correct: 2, firstCorrect: 2, bestCorrect: 3, attempts: 3 });
    expect([policyCorrect(score, 'first'), policyCorrect(score, 'last')]).toEqual([2, 2]);
    expect(policyCorrect(score, 'best')).toBe(3);
    const retried = scoreCheck(['a', 'b'], {
      a: answer('x', true, { attempts: 2, firstCorrect: false }),
      b: answer('y', true, { attempts: 2, firstCorrect: false }),
    });
    expect(scoreText(retried, 'first')).toBe('0 of 2 right on the first try (2 right now).');
    expect(scoreText(retried, 'last')).toBe('2 of 2 right.');
    expect(scoreText(retried, 'best')).toBe('2 of 2 right at best.');
  });

  it('never counts a revealed answer as right', () => {
    const score = scoreCheck(['a'], {
      a: answer('x', false, { attempts: 3, revealed: true, misses: 3 }),
    });
    expect(score).toMatchObject({ correct: 0, firstCorrect: 0, bestCorrect: 0 });
  });

  it('is never complete without questions', () => {
    expect(scoreCheck([], {}).complete).toBe(false);
  });
});

describe('shouldReportCompletion', () => {
  it('reports a complete set once, and again after an answer changes', () => {
    const first = scoreCheck(['a', 'b'], { a: answer('x', true), b: answer('y', true) });
    expect(first.complete).toBe(true);
    expect(scoreText(first)).toBe('2 of 2 right.');
    expect(shouldReportCompletion(first, null)).toBe(true);
    expect(shouldReportCompletion(first, first.signature)).toBe(false);
    const changed = scoreCheck(['a', 'b'], {
      a: answer('x', true),
      b: answer('z', false, { attempts: 2, answeredAt: '2026-11-24T03:01:00.000Z' }),
    });
    expect(shouldReportCompletion(changed, first.signature)).toBe(true);
    const partial = scoreCheck(['a', 'b'], { a: answer('x', true) });
    expect(shouldReportCompletion(partial, null)).toBe(false);
  });
});
