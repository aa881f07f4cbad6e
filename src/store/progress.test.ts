import { describe, expect, it } from 'vitest';
import {
  createProgressStore,
  PROGRESS_KEY,
  SET_ASIDE_PREFIX,
  type KeyValueStorage,
} from './progress';
import { parseSavedProgress, PROGRESS_SCHEMA_VERSION, serializeProgress } from './progress-schema';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => (k in data ? data[k]! : null),
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

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
    a.getState().answerQuickCheck('q1', 2, true);
    const saved = JSON.parse(storage.data[PROGRESS_KEY]!);
    expect(saved.version).toBe(PROGRESS_SCHEMA_VERSION);
    const b = createProgressStore(storage, fixedNow).getState();
    expect(b.visited['why-gpus']).toBe('2026-01-02T03:04:05.000Z');
    expect(b.completed['why-gpus']).toBe('2026-01-02T03:04:05.000Z');
    expect(b.answers.q1).toEqual({
      choice: 2,
      correct: true,
      answeredAt: '2026-01-02T03:04:05.000Z',
    });
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
      JSON.stringify({ version: 1, data: { visited: [], completed: {}, answers: {} } }),
      /damaged/,
    ],
    [
      'a bad answer',
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
    const data = { visited: { a: 't' }, completed: {}, answers: {} };
    expect(parseSavedProgress(serializeProgress(data))).toEqual({
      data,
      notice: null,
      setAside: null,
    });
  });
});
