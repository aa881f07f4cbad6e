import { describe, expect, it } from 'vitest';
import type { QuickCheckAnswer } from '../store/progress-schema';
import { scoreCheck, scoreText, shouldReportCompletion } from './check-score';

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
