import { describe, expect, it } from 'vitest';
import {
  answerOnShow,
  attemptsOf,
  bestAnswerRight,
  firstAnswerRight,
  mayShowAnswer,
  missesInARow,
  recordAnswer,
  withAnswerShown,
} from './answer-record';
import { isProgressData, parseSavedProgress, serializeProgress } from './progress-schema';
import type { QuickCheckAnswer } from './progress-schema';

const DAY_1 = new Date('2026-03-01T10:00:00.000Z');
const DAY_1_LATER = new Date('2026-03-01T23:59:00.000Z');
const DAY_2 = new Date('2026-03-02T00:01:00.000Z');

/** The record after answering `grades` in order on DAY_1 (a minute apart). */
function answers(grades: boolean[], start?: QuickCheckAnswer): QuickCheckAnswer | undefined {
  let record = start;
  grades.forEach((right, i) => {
    record = recordAnswer(record, `c${i}`, right, new Date(DAY_1.getTime() + i * 60_000));
  });
  return record;
}

describe('recordAnswer', () => {
  it('writes a first answer as before: no field beyond choice, grade, time and count', () => {
    expect(recordAnswer(undefined, 'c1', true, DAY_1)).toEqual({
      choice: 'c1',
      correct: true,
      answeredAt: DAY_1.toISOString(),
      attempts: 1,
    });
    const wrong = recordAnswer(undefined, 'c2', false, DAY_1);
    expect(wrong).toEqual({
      choice: 'c2',
      correct: false,
      answeredAt: DAY_1.toISOString(),
      attempts: 1,
    });
    expect([firstAnswerRight(wrong), bestAnswerRight(wrong), missesInARow(wrong)]).toEqual([
      false,
      false,
      1,
    ]);
  });

  it('keeps the first answer’s grade, the best and the misses in a row through retries', () => {
    const wrongThenRight = answers([false, false, true])!;
    expect(attemptsOf(wrongThenRight)).toBe(3);
    expect(firstAnswerRight(wrongThenRight)).toBe(false);
    expect(bestAnswerRight(wrongThenRight)).toBe(true);
    expect(missesInARow(wrongThenRight)).toBe(0);

    const rightThenWrong = answers([true, false, false])!;
    expect(rightThenWrong.correct).toBe(false);
    expect(firstAnswerRight(rightThenWrong)).toBe(true);
    expect(bestAnswerRight(rightThenWrong)).toBe(true);
    expect(missesInARow(rightThenWrong)).toBe(2);
  });

  it('reads records saved before these fields as they were meant', () => {
    const once: QuickCheckAnswer = { choice: 'c', correct: true, answeredAt: 't' };
    expect([attemptsOf(once), firstAnswerRight(once), bestAnswerRight(once)]).toEqual([
      1,
      true,
      true,
    ]);
    // Answered twice before first answers were kept: its first is unknown, so not counted right.
    const twice: QuickCheckAnswer = { choice: 'c', correct: true, answeredAt: 't', attempts: 2 };
    expect([firstAnswerRight(twice), bestAnswerRight(twice), missesInARow(twice)]).toEqual([
      false,
      true,
      0,
    ]);
    // The next answer carries on from what the old record says.
    const next = recordAnswer(twice, 'd', false, DAY_1);
    expect([attemptsOf(next), firstAnswerRight(next), bestAnswerRight(next)]).toEqual([
      3,
      false,
      true,
    ]);
  });
});

describe('showing the answer', () => {
  it('is offered after two misses in a row, not after one, nor once right', () => {
    expect(mayShowAnswer(answers([false]), DAY_1)).toBe(false);
    expect(mayShowAnswer(answers([false, false]), DAY_1)).toBe(true);
    expect(mayShowAnswer(answers([false, false, true]), DAY_1)).toBe(false);
    expect(mayShowAnswer({ ...answers([false, false])!, reopened: true }, DAY_1)).toBe(false);
    expect(mayShowAnswer(undefined, DAY_1)).toBe(false);
  });

  it('shows the answer once earned, or the day it was asked for', () => {
    expect(answerOnShow(answers([true]), DAY_1)).toBe(true);
    const missed = answers([false, false])!;
    expect(answerOnShow(missed, DAY_1)).toBe(false);
    const shown = withAnswerShown(missed, DAY_1);
    expect(answerOnShow(shown, DAY_1_LATER)).toBe(true);
    expect(mayShowAnswer(shown, DAY_1_LATER)).toBe(false);
    // The next UTC day it is hidden again: the learner may answer on their own.
    expect(answerOnShow(shown, DAY_2)).toBe(false);
    expect(answerOnShow({ ...shown, answerShownAt: 'not a date' }, DAY_1)).toBe(false);
  });

  it('records an answer given the same day as revealed: not correct, under any reading', () => {
    const shown = withAnswerShown(answers([false, false])!, DAY_1);
    const typed = recordAnswer(shown, 'the answer', true, DAY_1_LATER);
    expect(typed).toMatchObject({ correct: false, revealed: true, attempts: 3 });
    expect([firstAnswerRight(typed), bestAnswerRight(typed), missesInARow(typed)]).toEqual([
      false,
      false,
      3,
    ]);
    // The record stays valid and loads back unchanged.
    const data = { visited: {}, completed: {}, answers: { q: typed }, seed: null };
    expect(isProgressData(data)).toBe(true);
    expect(parseSavedProgress(serializeProgress(data)).data.answers.q).toEqual(typed);
  });

  it('counts an answer given on a later day on its own merits', () => {
    const shown = withAnswerShown(answers([false, false])!, DAY_1);
    const later = recordAnswer(shown, 'remembered', true, DAY_2);
    expect(later.correct).toBe(true);
    expect(later.revealed).toBeUndefined();
    expect(bestAnswerRight(later)).toBe(true);
    expect(firstAnswerRight(later)).toBe(false);
  });
});

describe('saved answers with the new fields', () => {
  const base = { choice: 'c', correct: false, answeredAt: DAY_1.toISOString(), attempts: 2 };
  const load = (answer: Record<string, unknown>) =>
    parseSavedProgress(
      JSON.stringify({
        version: 2,
        data: { visited: {}, completed: {}, answers: { q: answer }, seed: null },
      }),
    );

  it('load when well formed', () => {
    const answer = {
      ...base,
      firstCorrect: true,
      bestCorrect: true,
      misses: 1,
      answerShownAt: DAY_1.toISOString(),
      revealed: false,
    };
    expect(load(answer)).toMatchObject({ notice: null, data: { answers: { q: answer } } });
  });

  it.each([
    ['firstCorrect', 'yes'],
    ['bestCorrect', 1],
    ['misses', -1],
    ['misses', 1.5],
    ['answerShownAt', 5],
    ['revealed', 'true'],
  ])('are set aside, not lost, when %s is %j', (field, value) => {
    const loaded = load({ ...base, [field]: value });
    expect(loaded.notice).toMatch(/damaged/);
    expect(loaded.setAside).toContain(`"${field}"`);
  });

  it('never hold a revealed answer recorded as correct', () => {
    expect(load({ ...base, correct: true, revealed: true }).notice).toMatch(/damaged/);
  });
});
