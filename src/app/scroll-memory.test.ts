import { describe, expect, it } from 'vitest';
import {
  createScrollMemory,
  entryKeyOf,
  ENTRY_KEY_FIELD,
  MAX_REMEMBERED_ENTRIES,
  parsePositions,
  planArrival,
  SCROLL_STORAGE_KEY,
  withEntryKey,
  type ArrivalFacts,
  type HistoryLike,
} from './scroll-memory';

/** A history of entries with states, as the browser keeps it: replaceState changes the current one. */
function fakeHistory(): HistoryLike & { push(): void; back(): void; entries: unknown[] } {
  const entries: unknown[] = [null];
  let index = 0;
  return {
    entries,
    get state() {
      return entries[index];
    },
    replaceState(data) {
      entries[index] = data;
    },
    push() {
      entries.splice(index + 1, entries.length, null);
      index += 1;
    },
    back() {
      index -= 1;
    },
  };
}

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function counterKeys() {
  let n = 0;
  return () => `k${n++}`;
}

describe('entry keys in history.state', () => {
  it('reads the key, and adds one keeping the other fields of an object state', () => {
    expect(entryKeyOf(null)).toBeNull();
    expect(entryKeyOf('text')).toBeNull();
    expect(entryKeyOf({ [ENTRY_KEY_FIELD]: 7 })).toBeNull();
    expect(entryKeyOf({ [ENTRY_KEY_FIELD]: 'a1' })).toBe('a1');
    expect(withEntryKey({ other: 1 }, 'a1')).toEqual({ other: 1, [ENTRY_KEY_FIELD]: 'a1' });
    expect(withEntryKey(null, 'a1')).toEqual({ [ENTRY_KEY_FIELD]: 'a1' });
  });
});

describe('createScrollMemory', () => {
  it('keeps the position each history entry was left at, and finds it again on Back', () => {
    const history = fakeHistory();
    const memory = createScrollMemory({ history, storage: null, newKey: counterKeys() });
    expect(memory.enter()).toEqual({ key: 'k0', savedTopPx: null });
    memory.record(1200.4);
    history.push(); // a link to another page: a new entry, with no state
    expect(memory.enter()).toEqual({ key: 'k1', savedTopPx: null });
    memory.record(300);
    history.back();
    expect(memory.enter()).toEqual({ key: 'k0', savedTopPx: 1200 });
  });

  it('does not count a settings change (replaceState keeping the state) as a new entry', () => {
    const history = fakeHistory();
    const memory = createScrollMemory({ history, storage: null, newKey: counterKeys() });
    memory.enter();
    memory.record(500);
    // What url-sync does: the same state, another URL.
    history.replaceState(history.state, '');
    expect(memory.enter()).toEqual({ key: 'k0', savedTopPx: 500 });
  });

  it('saves to storage, so a reload of the tab finds the positions again', () => {
    const storage = fakeStorage();
    const history = fakeHistory();
    const first = createScrollMemory({ history, storage, newKey: counterKeys() });
    first.enter();
    first.record(900);
    first.save();
    const again = createScrollMemory({ history, storage, newKey: counterKeys() });
    expect(again.enter()).toEqual({ key: 'k0', savedTopPx: 900 });
  });

  it('ignores unreadable saved positions and storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const memory = createScrollMemory({
      history: fakeHistory(),
      storage: throwing,
      newKey: counterKeys(),
    });
    expect(memory.enter().savedTopPx).toBeNull();
    memory.record(10);
    expect(() => memory.save()).not.toThrow();
    expect(parsePositions('{not json')).toEqual(new Map());
    expect(parsePositions('{"a":1}')).toEqual(new Map());
    expect(
      parsePositions(
        JSON.stringify([
          ['a', 5],
          ['b', -1],
          ['c', 'x'],
          [3, 4],
          ['d', 2, 3],
        ]),
      ),
    ).toEqual(new Map([['a', 5]]));
  });

  it(`keeps the ${MAX_REMEMBERED_ENTRIES} entries used most recently`, () => {
    const storage = fakeStorage();
    const history = fakeHistory();
    const memory = createScrollMemory({ history, storage, newKey: counterKeys() });
    for (let i = 0; i <= MAX_REMEMBERED_ENTRIES; i++) {
      memory.enter();
      memory.record(i);
      history.push();
    }
    memory.save();
    const saved = parsePositions(storage.data.get(SCROLL_STORAGE_KEY) ?? null);
    expect(saved.size).toBe(MAX_REMEMBERED_ENTRIES);
    expect(saved.has('k0')).toBe(false);
    expect(saved.get(`k${MAX_REMEMBERED_ENTRIES}`)).toBe(MAX_REMEMBERED_ENTRIES);
  });
});

describe('planArrival', () => {
  const facts = (over: Partial<ArrivalFacts>): ArrivalFacts => ({
    first: false,
    samePage: false,
    targetId: null,
    previousTargetId: null,
    savedTopPx: null,
    ...over,
  });

  it('goes to the top of a new page and focuses its heading', () => {
    expect(planArrival(facts({}))).toEqual({ kind: 'top', focusHeading: true });
  });

  it('scrolls to the element a new entry names and focuses it, on a load without focus', () => {
    expect(planArrival(facts({ targetId: 'recap' }))).toEqual({
      kind: 'target',
      id: 'recap',
      focus: true,
    });
    expect(planArrival(facts({ targetId: 'recap', samePage: true }))).toEqual({
      kind: 'target',
      id: 'recap',
      focus: true,
    });
    expect(planArrival(facts({ first: true, targetId: 'term-warp' }))).toEqual({
      kind: 'target',
      id: 'term-warp',
      focus: false,
    });
  });

  it('returns to a remembered position, even where the route names an element', () => {
    expect(planArrival(facts({ savedTopPx: 2400, targetId: 'recap' }))).toEqual({
      kind: 'restore',
      topPx: 2400,
      focusHeading: true,
    });
    // A reload, or Back between two places of one page: no focus moved.
    expect(planArrival(facts({ savedTopPx: 2400, first: true }))).toMatchObject({
      focusHeading: false,
    });
    expect(planArrival(facts({ savedTopPx: 2400, samePage: true }))).toMatchObject({
      focusHeading: false,
    });
  });

  it('stays for a load at the top and a change of the query alone; leaves a section for the top', () => {
    expect(planArrival(facts({ first: true }))).toEqual({ kind: 'stay' });
    expect(planArrival(facts({ samePage: true }))).toEqual({ kind: 'stay' });
    expect(planArrival(facts({ samePage: true, previousTargetId: 'recap' }))).toEqual({
      kind: 'top',
      focusHeading: false,
    });
  });
});
