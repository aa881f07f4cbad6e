import { describe, expect, it } from 'vitest';
import { createProgressStore } from './progress';
import { buildProgressFile, parseProgressFile, serializeProgressFile } from './progress-io';
import { applyImportedProgress } from './progress-backups';
import {
  createPuzzleProgressStore,
  PUZZLES_KEY,
  PUZZLES_SET_ASIDE_PREFIX,
  readSavedPuzzles,
  tritonMarkId,
} from './puzzle-progress';
import { createReviewStore } from './review-store';
import { memoryStorage } from './testing/memory-storage';

const NOW = new Date('2026-11-27T09:00:00.000Z');
const now = () => NOW;

describe('the solved puzzles store', () => {
  it('keeps the first time a puzzle was solved and saves it', () => {
    const storage = memoryStorage();
    const store = createPuzzleProgressStore(storage, now);
    store.getState().markSolved('map');
    store.getState().markSolved('map');
    expect(store.getState().solved).toEqual({ map: NOW.toISOString() });
    const again = createPuzzleProgressStore(storage, now);
    expect(again.getState().solved).toEqual({ map: NOW.toISOString() });
  });

  it('sets unreadable saved marks aside with a notice', () => {
    const storage = memoryStorage({ [PUZZLES_KEY]: '{"version":9}' });
    const store = createPuzzleProgressStore(storage, now);
    expect(store.getState().solved).toEqual({});
    expect(store.getState().notice).toMatch(/set aside/);
    expect(storage.data[PUZZLES_SET_ASIDE_PREFIX + NOW.toISOString()]).toBe('{"version":9}');
    expect(storage.data[PUZZLES_KEY]).toBeUndefined();
  });

  it('checks ids and times', () => {
    expect(readSavedPuzzles({ version: 1, solved: { map: NOW.toISOString() } }).ok).toBe(true);
    expect(readSavedPuzzles({ version: 1, solved: { 'Bad id!': NOW.toISOString() } }).ok).toBe(
      false,
    );
    expect(readSavedPuzzles({ version: 1, solved: { map: 'yesterday' } }).ok).toBe(false);
    expect(readSavedPuzzles({ version: 1, solved: [] }).ok).toBe(false);
    expect(readSavedPuzzles(null).ok).toBe(false);
  });

  it('keeps Triton puzzles under their own keys, beside the WGSL ones', () => {
    const store = createPuzzleProgressStore(memoryStorage(), now);
    store.getState().markSolved(tritonMarkId('vector-add'));
    store.getState().markSolved('map');
    expect(store.getState().solved).toEqual({
      'triton:vector-add': NOW.toISOString(),
      map: NOW.toISOString(),
    });
    expect(readSavedPuzzles({ version: 1, solved: store.getState().solved }).ok).toBe(true);
    expect(readSavedPuzzles({ version: 1, solved: { 'cuda:map': NOW.toISOString() } }).ok).toBe(
      false,
    );
  });
});

describe('solved puzzles in progress files', () => {
  const stores = () => ({
    progress: createProgressStore(memoryStorage()),
    review: createReviewStore(memoryStorage()),
  });

  it('go into an export when there are any, and come back on import', () => {
    const from = stores();
    const file = buildProgressFile(from.progress.getState(), { items: {} }, NOW, null, false, {
      map: NOW.toISOString(),
    });
    expect(file.puzzles).toEqual({ version: 1, solved: { map: NOW.toISOString() } });
    const read = parseProgressFile(serializeProgressFile(file));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.puzzles?.solved).toEqual({ map: NOW.toISOString() });
    const to = stores();
    const puzzles = createPuzzleProgressStore(memoryStorage(), now);
    const storage = memoryStorage();
    expect(applyImportedProgress(read.value, { ...to, puzzles, storage, now }).ok).toBe(true);
    expect(puzzles.getState().solved).toEqual({ map: NOW.toISOString() });
  });

  it('carry Triton marks through a file and back', () => {
    const from = stores();
    const solved = { 'triton:softmax': NOW.toISOString(), map: NOW.toISOString() };
    const file = buildProgressFile(
      from.progress.getState(),
      { items: {} },
      NOW,
      null,
      false,
      solved,
    );
    const read = parseProgressFile(serializeProgressFile(file));
    expect(read.ok && read.value.puzzles?.solved).toEqual(solved);
  });

  it('leave no part in an export without solved puzzles', () => {
    const file = buildProgressFile(
      stores().progress.getState(),
      { items: {} },
      NOW,
      null,
      false,
      {},
    );
    expect('puzzles' in file).toBe(false);
  });

  it('still import from files written before puzzles were kept, leaving the marks alone', () => {
    const file = buildProgressFile(stores().progress.getState(), { items: {} }, NOW);
    const read = parseProgressFile(serializeProgressFile(file));
    expect(read.ok && read.value.puzzles).toBe(null);
    if (!read.ok) return;
    const puzzles = createPuzzleProgressStore(memoryStorage(), now);
    puzzles.getState().markSolved('zip');
    applyImportedProgress(read.value, { ...stores(), puzzles, storage: memoryStorage(), now });
    expect(Object.keys(puzzles.getState().solved)).toEqual(['zip']);
  });

  it('are refused with a reason when damaged', () => {
    const file = {
      ...buildProgressFile(stores().progress.getState(), { items: {} }, NOW),
      puzzles: { version: 1, solved: { map: 3 } },
    };
    const read = parseProgressFile(JSON.stringify(file));
    expect(read).toEqual({
      ok: false,
      message: expect.stringMatching(
        /solved puzzles cannot be used: puzzle "map" has no readable time/,
      ) as unknown as string,
    });
  });

  it('are kept in the backup an import makes, even when there are none', () => {
    const storage = memoryStorage();
    const puzzles = createPuzzleProgressStore(memoryStorage(), now);
    const file = buildProgressFile(stores().progress.getState(), { items: {} }, NOW);
    const read = parseProgressFile(serializeProgressFile(file));
    if (!read.ok) throw new Error(read.message);
    const applied = applyImportedProgress(read.value, { ...stores(), puzzles, storage, now });
    if (!applied.ok) throw new Error(applied.message);
    const backup = JSON.parse(storage.data[applied.backupKey]!) as { puzzles?: unknown };
    expect(backup.puzzles).toEqual({ version: 1, solved: {} });
  });
});
