import { describe, expect, it } from 'vitest';
import {
  createProgressStore,
  PROGRESS_KEY,
  SET_ASIDE_PREFIX,
  type KeyValueStorage,
} from './progress';
import { parseSavedProgress, PROGRESS_SCHEMA_VERSION, serializeProgress } from './progress-schema';
import { memoryStorage } from './testing/memory-storage';

const fixedNow = () => new Date('2026-01-02T03:04:05.000Z');

describe('progress store', () => {
  it('starts empty without saved data and without a notice', () => {
    const s = createProgressStore(memoryStorage(), fixedNow).getState();
    expect(s.visited).toEqual({});
    expect(s.notice).toBeNull();
  });

  it('saves every change with the schema version, and a new store reads it back', () => {
    const storage = memoryStorage();
    const a = createProgressStore(storage, fixedNow);
    a.getState().markVisited('why-gpus');
    a.getState().setCompleted('why-gpus', true);
    a.getState().answerQuickCheck('q1', 'c2', true);
    const saved = JSON.parse(storage.data[PROGRESS_KEY]!);
    expect(saved.version).toBe(PROGRESS_SCHEMA_VERSION);
    const b = createProgressStore(storage, fixedNow).getState();
    expect(b.visited['why-gpus']).toBe('2026-01-02T03:04:05.000Z');
    expect(b.completed['why-gpus']).toBe('2026-01-02T03:04:05.000Z');
    expect(b.answers.q1).toEqual({
      choice: 'c2',
      correct: true,
      answeredAt: '2026-01-02T03:04:05.000Z',
      attempts: 1,
    });
  });

  it('counts attempts, reopens answers for a retry, and reads records saved without a count', () => {
    const storage = memoryStorage();
    const a = createProgressStore(storage, fixedNow);
    a.getState().answerQuickCheck('q1', 'c1', false);
    a.getState().reopenAnswers(['q1', 'never-answered']);
    expect(a.getState().answers.q1).toMatchObject({ correct: false, reopened: true, attempts: 1 });
    expect(a.getState().answers['never-answered']).toBeUndefined();
    a.getState().answerQuickCheck('q1', 'c2', true);
    expect(a.getState().answers.q1).toEqual({
      choice: 'c2',
      correct: true,
      answeredAt: '2026-01-02T03:04:05.000Z',
      attempts: 2,
    });
    const old = JSON.stringify({
      version: PROGRESS_SCHEMA_VERSION,
      data: {
        visited: {},
        completed: {},
        seed: null,
        answers: { q: { choice: 'c', correct: true, answeredAt: 't' } },
      },
    });
    const b = createProgressStore({ getItem: () => old, setItem: () => {} }, fixedNow);
    expect(b.getState().notice).toBeNull();
    b.getState().answerQuickCheck('q', 'c', true);
    expect(b.getState().answers.q?.attempts).toBe(2);
  });

  it('un-completes a lesson', () => {
    const store = createProgressStore(memoryStorage(), fixedNow);
    store.getState().setCompleted('x', true);
    store.getState().setCompleted('x', false);
    expect(store.getState().completed).toEqual({});
  });

  it('keeps the first visit time', () => {
    let t = 0;
    const store = createProgressStore(memoryStorage(), () => new Date(t++ * 1000));
    store.getState().markVisited('a');
    store.getState().markVisited('a');
    expect(store.getState().visited.a).toBe(new Date(0).toISOString());
  });

  it.each([
    ['not JSON', '{oops', /not valid JSON/],
    ['no version', JSON.stringify({ data: {} }), /no schema version/],
    ['a future version', JSON.stringify({ version: 99, data: {} }), /schema version 99/],
    [
      'wrong field types',
      JSON.stringify({ version: 2, data: { visited: [], completed: {}, answers: {}, seed: null } }),
      /damaged/,
    ],
    [
      'a bad answer',
      JSON.stringify({
        version: 2,
        data: {
          visited: {},
          completed: {},
          answers: { q: { choice: 1, correct: true, answeredAt: 'x' } },
          seed: null,
        },
      }),
      /damaged/,
    ],
    [
      'a bad seed',
      JSON.stringify({
        version: 2,
        data: { visited: {}, completed: {}, answers: {}, seed: '<script>' },
      }),
      /damaged/,
    ],
    [
      'a damaged version 1 record',
      JSON.stringify({
        version: 1,
        data: {
          visited: {},
          completed: {},
          answers: { q: { choice: -1, correct: true, answeredAt: 'x' } },
        },
      }),
      /damaged/,
    ],
  ])('sets aside saved data that is %s, with a notice, and keeps working', (_name, raw, notice) => {
    const storage = memoryStorage({ [PROGRESS_KEY]: raw });
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notice).toMatch(notice);
    expect(store.getState().visited).toEqual({});
    expect(storage.data[SET_ASIDE_PREFIX + '2026-01-02T03:04:05.000Z']).toBe(raw);
    store.getState().markVisited('why-gpus');
    expect(parseSavedProgress(storage.data[PROGRESS_KEY]!).data.visited).toEqual({
      'why-gpus': '2026-01-02T03:04:05.000Z',
    });
  });

  it('works when storage throws (disabled storage, full quota)', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createProgressStore(broken, fixedNow);
    store.getState().markVisited('a');
    expect(store.getState().visited).toEqual({ a: '2026-01-02T03:04:05.000Z' });
  });

  it('round-trips through serializeProgress/parseSavedProgress', () => {
    const data = { visited: { a: 't' }, completed: {}, answers: {}, seed: 'k3y' };
    expect(parseSavedProgress(serializeProgress(data))).toEqual({
      data,
      notice: null,
      setAside: null,
      migrated: false,
    });
  });
});

describe('the learner seed', () => {
  it('is created on first use, saved, and the same after a reload', () => {
    const storage = memoryStorage();
    let made = 0;
    const seeds = () => `seed${++made}`;
    const a = createProgressStore(storage, fixedNow, seeds);
    expect(a.getState().seed).toBeNull();
    expect(storage.data[PROGRESS_KEY]).toBeUndefined(); // nothing written before it is needed
    expect(a.getState().ensureSeed()).toBe('seed1');
    expect(a.getState().ensureSeed()).toBe('seed1');
    const b = createProgressStore(storage, fixedNow, seeds);
    expect(b.getState().seed).toBe('seed1');
    expect(b.getState().ensureSeed()).toBe('seed1');
    expect(made).toBe(1);
  });

  it('starts afresh after corrupt saved progress, which stays set aside', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: '{oops' });
    const store = createProgressStore(storage, fixedNow, () => 'fresh');
    expect(store.getState().seed).toBeNull();
    expect(store.getState().ensureSeed()).toBe('fresh');
    expect(storage.data[SET_ASIDE_PREFIX + '2026-01-02T03:04:05.000Z']).toBe('{oops');
  });
});

describe('saved progress of version 1', () => {
  const v1 = (answers: object) =>
    JSON.stringify({
      version: 1,
      data: { visited: { 'why-gpus': 't1' }, completed: { 'why-gpus': 't2' }, answers },
    });

  it('keeps visited and completed lessons and is rewritten as version 2 at once, silently', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: v1({}) });
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notice).toBeNull();
    expect(store.getState().completed).toEqual({ 'why-gpus': 't2' });
    const saved = JSON.parse(storage.data[PROGRESS_KEY]!);
    expect(saved.version).toBe(PROGRESS_SCHEMA_VERSION);
    expect(Object.keys(storage.data).some((k) => k.startsWith(SET_ASIDE_PREFIX))).toBe(false);
  });

  it('drops positional quick-check answers, setting the old record aside with a notice, once', () => {
    const raw = v1({ q: { choice: 1, correct: true, answeredAt: 't' } });
    const storage = memoryStorage({ [PROGRESS_KEY]: raw });
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notice).toMatch(/earlier quick-check answers were cleared/);
    expect(store.getState().answers).toEqual({});
    expect(store.getState().visited).toEqual({ 'why-gpus': 't1' });
    expect(storage.data[SET_ASIDE_PREFIX + '2026-01-02T03:04:05.000Z']).toBe(raw);
    // The next load reads version 2: no second notice, nothing set aside again.
    const again = createProgressStore(storage, () => new Date('2027-01-01T00:00:00.000Z'));
    expect(again.getState().notice).toBeNull();
    expect(again.getState().completed).toEqual({ 'why-gpus': 't2' });
    expect(storage.data[SET_ASIDE_PREFIX + '2027-01-01T00:00:00.000Z']).toBeUndefined();
  });

  it('never overwrites a version 1 record that could not be set aside', () => {
    const raw = v1({ q: { choice: 0, correct: false, answeredAt: 't' } });
    const data: Record<string, string> = { [PROGRESS_KEY]: raw };
    const full: KeyValueStorage = {
      getItem: (k) => data[k] ?? null,
      setItem: (k, v) => {
        if (k.startsWith(SET_ASIDE_PREFIX)) throw new Error('QuotaExceededError');
        data[k] = v;
      },
    };
    const store = createProgressStore(full, fixedNow);
    expect(store.getState().visited).toEqual({ 'why-gpus': 't1' });
    expect(data[PROGRESS_KEY]).toBe(raw);
  });
});
