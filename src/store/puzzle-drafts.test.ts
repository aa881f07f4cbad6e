import { describe, expect, it } from 'vitest';
import {
  loadDraft,
  MAX_DRAFT_CHARS,
  PUZZLE_DRAFT_PREFIX,
  saveDraft,
  type DraftStorage,
} from './puzzle-drafts';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('puzzle drafts', () => {
  it('keeps what the learner typed, per puzzle, and forgets it when it is the starter again', () => {
    const storage = memoryStorage();
    saveDraft('zip', 'out[i] = a[i] + b[i];', 'starter', storage);
    saveDraft('map', 'out[i] = a[i] + 10.0;', 'starter', storage);
    expect(loadDraft('zip', storage)).toBe('out[i] = a[i] + b[i];');
    expect(loadDraft('map', storage)).toBe('out[i] = a[i] + 10.0;');
    saveDraft('zip', 'starter', 'starter', storage);
    expect(loadDraft('zip', storage)).toBeNull();
    expect(storage.data.has(PUZZLE_DRAFT_PREFIX + 'zip')).toBe(false);
  });

  it('keeps nothing absurdly long, and survives storage that throws', () => {
    const storage = memoryStorage();
    saveDraft('zip', 'x'.repeat(MAX_DRAFT_CHARS + 1), 'starter', storage);
    expect(loadDraft('zip', storage)).toBeNull();
    storage.data.set(PUZZLE_DRAFT_PREFIX + 'map', 'y'.repeat(MAX_DRAFT_CHARS + 1));
    expect(loadDraft('map', storage)).toBeNull();
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveDraft('zip', 'code', 'starter', broken)).not.toThrow();
    expect(loadDraft('zip', broken)).toBeNull();
  });
});
