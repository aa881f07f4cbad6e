import { describe, expect, it } from 'vitest';
import { createProgressStore, type KeyValueStorage } from './progress';
import {
  REVIEW_KEY,
  REVIEW_SET_ASIDE_PREFIX,
  connectReviewToProgress,
  createReviewStore,
} from './review-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data: Record<string, string> = { ...initial };
  const storage: KeyValueStorage = {
    getItem: (k) => (k in data ? data[k]! : null),
    setItem: (k, v) => {
      data[k] = v;
    },
  };
  return { data, storage };
}

/** A clock the test moves by hand. */
function manualClock(iso: string) {
  let t = new Date(iso);
  return {
    now: () => t,
    set(next: string) {
      t = new Date(next);
    },
  };
}

describe('review store', () => {
  it('saves the schedule under gpu-lab:review as { version, data } and reads it back', () => {
    const { data, storage } = memoryStorage();
    const clock = manualClock('2026-03-31T20:00:00Z');
    const a = createReviewStore(storage, clock.now);
    a.getState().record('q1', false);
    expect(JSON.parse(data[REVIEW_KEY]!)).toEqual({
      version: 1,
      data: {
        items: {
          q1: { step: 0, dueDay: '2026-04-01', lastAnsweredAt: '2026-03-31T20:00:00.000Z' },
        },
      },
    });
    expect(createReviewStore(storage, clock.now).getState().items).toEqual(a.getState().items);
  });

  it('sets a damaged saved schedule aside with a notice and never deletes it', () => {
    const { data, storage } = memoryStorage({ [REVIEW_KEY]: '{"version":1,"data":[]}' });
    const s = createReviewStore(storage, () => new Date('2026-01-01T00:00:00Z')).getState();
    expect(s.items).toEqual({});
    expect(s.notice).toMatch(/set aside/);
    expect(data[`${REVIEW_SET_ASIDE_PREFIX}2026-01-01T00:00:00.000Z`]).toBe(
      '{"version":1,"data":[]}',
    );
    // Loading alone does not overwrite the original either.
    expect(data[REVIEW_KEY]).toBe('{"version":1,"data":[]}');
  });

  it('learns of answers from the progress store, at the time each was given', () => {
    const clock = manualClock('2026-02-27T10:00:00Z');
    const progress = createProgressStore(memoryStorage().storage, clock.now, () => 'seed1');
    const review = createReviewStore(memoryStorage().storage, clock.now);
    const stop = connectReviewToProgress(progress, review);
    progress.getState().answerQuickCheck('q1', 'c1', false);
    progress.getState().answerQuickCheck('q2', 'c1', true);
    progress.getState().markVisited('why-gpus'); // not an answer: nothing to schedule
    expect(Object.keys(review.getState().items)).toEqual(['q1']);
    expect(review.getState().items.q1?.dueDay).toBe('2026-02-28');
    // Due the next day; answered right then, it moves on to three days later.
    clock.set('2026-02-28T09:00:00Z');
    progress.getState().answerQuickCheck('q1', 'c2', true);
    expect(review.getState().items.q1).toMatchObject({ step: 1, dueDay: '2026-03-03' });
    // Reopening a question for a retry is not an answer.
    progress.getState().reopenAnswers(['q1']);
    expect(review.getState().items.q1).toMatchObject({ step: 1 });
    stop();
    progress.getState().answerQuickCheck('q3', 'c1', false);
    expect(review.getState().items.q3).toBeUndefined();
  });

  it('takes a revealed answer as a miss: the question comes back the next day', () => {
    const clock = manualClock('2026-03-03T10:00:00Z');
    const progress = createProgressStore(memoryStorage().storage, clock.now, () => 'seed1');
    const review = createReviewStore(memoryStorage().storage, clock.now);
    const stop = connectReviewToProgress(progress, review);
    progress.getState().answerQuickCheck('q1', 'c1', false);
    progress.getState().answerQuickCheck('q1', 'c2', false);
    progress.getState().showAnswer('q1'); // asking is not an answer
    expect(review.getState().items.q1).toMatchObject({ step: 0, dueDay: '2026-03-04' });
    // A day later, due: the right answer, typed after asking for it again, is still a miss.
    clock.set('2026-03-04T08:00:00Z');
    progress.getState().showAnswer('q1');
    progress.getState().answerQuickCheck('q1', 'c3', true);
    expect(progress.getState().answers.q1).toMatchObject({ correct: false, revealed: true });
    expect(review.getState().items.q1).toMatchObject({ step: 0, dueDay: '2026-03-05' });
    // The next day, answered right on its own, it climbs.
    clock.set('2026-03-05T08:00:00Z');
    progress.getState().answerQuickCheck('q1', 'c3', true);
    expect(review.getState().items.q1).toMatchObject({ step: 1, dueDay: '2026-03-08' });
    stop();
  });

  it('replaces the whole schedule on request', () => {
    const review = createReviewStore(
      memoryStorage().storage,
      () => new Date('2026-01-01T00:00:00Z'),
    );
    review.getState().record('old', false);
    const items = { q: { step: 2, dueDay: '2026-05-05', lastAnsweredAt: '2026-04-28T00:00:00Z' } };
    review.getState().replace({ items });
    expect(review.getState().items).toEqual(items);
  });
});
