import { describe, expect, it } from 'vitest';
import {
  REVIEW_INTERVALS_DAYS,
  addDays,
  dueReviews,
  emptyReview,
  nextDueDay,
  parseSavedReview,
  recordReviewAnswer,
  serializeReview,
  utcDay,
  type ReviewData,
} from './review-schedule';

const at = (iso: string) => new Date(iso);

/** Answers `id` on each UTC day given, right or wrong, starting from `data`. */
function answerOn(data: ReviewData, id: string, steps: [string, boolean][]): ReviewData {
  return steps.reduce((d, [iso, correct]) => recordReviewAnswer(d, id, correct, at(iso)), data);
}

describe('UTC days', () => {
  it('names the UTC day, whatever the offset the moment was written with', () => {
    // 23:30 on 31 January in New York is already 1 February in UTC.
    expect(utcDay(at('2026-01-31T23:30:00-05:00'))).toBe('2026-02-01');
    // 00:30 on 1 March in Tokyo is still 28 February in UTC.
    expect(utcDay(at('2026-03-01T00:30:00+09:00'))).toBe('2026-02-28');
  });

  it('adds days across month ends, a leap day and a year end', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 3)).toBe('2026-03-31');
  });
});

describe('the review schedule', () => {
  it('uses growing intervals of 1, 3, 7 and 21 days', () => {
    expect(REVIEW_INTERVALS_DAYS).toEqual([1, 3, 7, 21]);
  });

  it('leaves a question answered right the first time off the schedule', () => {
    const data = emptyReview();
    expect(recordReviewAnswer(data, 'q', true, at('2026-05-01T10:00:00Z'))).toBe(data);
  });

  it('schedules a missed question for the next UTC day', () => {
    const data = recordReviewAnswer(emptyReview(), 'q', false, at('2026-01-31T22:00:00Z'));
    expect(data.items.q).toEqual({
      step: 0,
      dueDay: '2026-02-01',
      lastAnsweredAt: '2026-01-31T22:00:00.000Z',
    });
    expect(dueReviews(data, at('2026-01-31T23:59:59Z'))).toEqual([]);
    expect(dueReviews(data, at('2026-02-01T00:00:00Z')).map((d) => d.id)).toEqual(['q']);
  });

  it('moves a question answered right when due to the next interval, then off the schedule', () => {
    let data = answerOn(emptyReview(), 'q', [['2026-01-30T12:00:00Z', false]]);
    data = answerOn(data, 'q', [['2026-01-31T09:00:00Z', true]]);
    expect(data.items.q).toMatchObject({ step: 1, dueDay: '2026-02-03' });
    data = answerOn(data, 'q', [['2026-02-03T09:00:00Z', true]]);
    expect(data.items.q).toMatchObject({ step: 2, dueDay: '2026-02-10' });
    data = answerOn(data, 'q', [['2026-02-10T09:00:00Z', true]]);
    expect(data.items.q).toMatchObject({ step: 3, dueDay: '2026-03-03' });
    data = answerOn(data, 'q', [['2026-03-03T09:00:00Z', true]]);
    expect(data.items.q).toBeUndefined();
  });

  it('ignores a right answer given before the question is due (a retry on the same day)', () => {
    const missed = answerOn(emptyReview(), 'q', [['2026-04-10T08:00:00Z', false]]);
    expect(recordReviewAnswer(missed, 'q', true, at('2026-04-10T08:01:00Z'))).toBe(missed);
  });

  it('sends a question answered wrongly back to the first interval', () => {
    const data = answerOn(emptyReview(), 'q', [
      ['2026-06-01T08:00:00Z', false],
      ['2026-06-02T08:00:00Z', true],
      ['2026-06-05T08:00:00Z', true],
      ['2026-06-12T08:00:00Z', false],
    ]);
    expect(data.items.q).toMatchObject({ step: 0, dueDay: '2026-06-13' });
  });

  it('counts a late review from the day it is answered', () => {
    const data = answerOn(emptyReview(), 'q', [
      ['2026-06-01T08:00:00Z', false],
      ['2026-06-20T08:00:00Z', true],
    ]);
    expect(data.items.q).toMatchObject({ step: 1, dueDay: '2026-06-23' });
  });

  it('lists due questions the longest overdue first, and says when the next one comes', () => {
    let data = answerOn(emptyReview(), 'b', [['2026-07-01T08:00:00Z', false]]);
    data = answerOn(data, 'a', [['2026-07-03T08:00:00Z', false]]);
    data = answerOn(data, 'c', [['2026-07-09T08:00:00Z', false]]);
    const due = dueReviews(data, at('2026-07-05T08:00:00Z'));
    expect(due.map((d) => [d.id, d.overdueDays])).toEqual([
      ['b', 3],
      ['a', 1],
    ]);
    expect(nextDueDay(data, at('2026-07-05T08:00:00Z'))).toBe('2026-07-10');
    expect(nextDueDay(emptyReview(), at('2026-07-05T08:00:00Z'))).toBeNull();
  });
});

describe('the saved schedule', () => {
  it('reads back what it wrote', () => {
    const data = answerOn(emptyReview(), 'q', [['2026-01-01T00:00:00Z', false]]);
    expect(parseSavedReview(serializeReview(data))).toEqual({ data, notice: null, setAside: null });
  });

  it('starts empty and silent when nothing is saved', () => {
    expect(parseSavedReview(null)).toEqual({ data: emptyReview(), notice: null, setAside: null });
  });

  it.each([
    ['text that is not JSON', '{oops', /not valid JSON/],
    ['an unknown version', JSON.stringify({ version: 9, data: { items: {} } }), /version 9/],
    [
      'a step out of range',
      JSON.stringify({
        version: 1,
        data: { items: { q: { step: 7, dueDay: '2026-01-01', lastAnsweredAt: 'x' } } },
      }),
      /"q" has a step/,
    ],
    [
      'a due day that is not a date',
      JSON.stringify({
        version: 1,
        data: { items: { q: { step: 0, dueDay: 'soon', lastAnsweredAt: 'x' } } },
      }),
      /"q" has no due day/,
    ],
  ])('sets aside %s with a notice', (_what, raw, message) => {
    const result = parseSavedReview(raw);
    expect(result.data).toEqual(emptyReview());
    expect(result.setAside).toBe(raw);
    expect(result.notice).toMatch(message);
  });
});
