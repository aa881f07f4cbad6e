import { describe, expect, it } from 'vitest';
import { createProgressStore, PROGRESS_KEY } from './progress';
import { createReviewStore, REVIEW_KEY, connectReviewToProgress } from './review-store';
import {
  PROGRESS_FILE_FORMAT,
  buildProgressFile,
  parseProgressFile,
  progressCounts,
  progressDataOf,
  progressFileName,
  serializeProgressFile,
} from './progress-io';
import {
  BACKUP_PREFIX,
  applyImportedProgress,
  listBackups,
  mergeImportedProgress,
  momentInWords,
  nameBackups,
  readBackup,
  type BackupStorage,
} from './progress-backups';
import { memoryStorage } from './testing/memory-storage';

const T0 = '2026-05-31T23:00:00.000Z';

/** A learner with some progress, an answer missed and one right, in stores on `storage`. */
function learner(storage: BackupStorage, iso = T0, seed = 'seedabc') {
  let t = new Date(iso);
  const now = () => t;
  const progress = createProgressStore(storage, now, () => seed);
  const review = createReviewStore(storage, now);
  connectReviewToProgress(progress, review);
  return {
    progress,
    review,
    now,
    setTime(next: string) {
      t = new Date(next);
    },
  };
}

function filled(storage = memoryStorage()) {
  const l = learner(storage);
  l.progress.getState().markVisited('why-gpus');
  l.progress.getState().setCompleted('why-gpus', true);
  l.progress.getState().ensureSeed();
  l.progress.getState().answerQuickCheck('why-gpus-amdahl-step', 'c1', false);
  l.progress.getState().answerQuickCheck('memory-budget', 'c9', true);
  return l;
}

function fileText(l: ReturnType<typeof learner>) {
  return serializeProgressFile(
    buildProgressFile(l.progress.getState(), l.review.getState(), l.now()),
  );
}

/** A valid file as an object, to break one part of it. */
function validFileObject() {
  return JSON.parse(fileText(filled())) as Record<string, unknown> & {
    progress: { version: number; data: Record<string, unknown> };
    review: { version: number; data: Record<string, unknown> };
  };
}

describe('export', () => {
  it('names the file by the UTC day it was written', () => {
    expect(progressFileName(new Date('2026-05-31T23:30:00-04:00'))).toBe(
      'gpu-lab-progress-2026-06-01.json',
    );
  });

  it('writes one file with a format name, a version, the progress, the seed and the schedule', () => {
    const file = JSON.parse(fileText(filled()));
    expect(file.format).toBe(PROGRESS_FILE_FORMAT);
    expect(file.version).toBe(1);
    expect(file.exportedAt).toBe(T0);
    expect(Object.keys(file.progress.data.visited)).toEqual(['why-gpus']);
    expect(file.progress.data.seed).toBe('seedabc');
    expect(Object.keys(file.progress.data.answers).sort()).toEqual([
      'memory-budget',
      'why-gpus-amdahl-step',
    ]);
    expect(file.review).toEqual({
      version: 1,
      data: {
        items: { 'why-gpus-amdahl-step': { step: 0, dueDay: '2026-06-01', lastAnsweredAt: T0 } },
      },
    });
  });
});

describe('import', () => {
  it('round-trips: a file exported here and imported in another browser gives the same state', () => {
    const a = filled();
    const text = fileText(a);
    const parsed = parseProgressFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.notes).toEqual([]);
    const otherStorage = memoryStorage();
    const b = learner(otherStorage, '2026-07-01T00:00:00.000Z', 'otherseed');
    const applied = applyImportedProgress(parsed.value, {
      progress: b.progress,
      review: b.review,
      storage: otherStorage,
      now: b.now,
    });
    expect(applied.ok).toBe(true);
    expect(progressDataOf(b.progress.getState())).toEqual(progressDataOf(a.progress.getState()));
    expect(b.review.getState().items).toEqual(a.review.getState().items);
    // Saved too: a fresh load of that browser finds the same.
    const reloaded = learner(otherStorage, '2026-07-01T00:00:00.000Z', 'never');
    expect(progressDataOf(reloaded.progress.getState())).toEqual(
      progressDataOf(a.progress.getState()),
    );
    expect(reloaded.review.getState().items).toEqual(a.review.getState().items);
    expect(JSON.parse(otherStorage.data[REVIEW_KEY]!).version).toBe(1);
    expect(JSON.parse(otherStorage.data[PROGRESS_KEY]!).data.seed).toBe('seedabc');
  });

  it('refuses text that is not JSON', () => {
    expect(parseProgressFile('{"format": "gpu-lab-progress",')).toEqual({
      ok: false,
      message: expect.stringMatching(/not valid JSON.*Nothing was changed/),
    });
  });

  it('refuses JSON that is not a progress file, naming its format', () => {
    const result = parseProgressFile(JSON.stringify({ format: 'something-else', version: 1 }));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/"something-else"/) });
  });

  it('refuses a file from a newer GPU Lab', () => {
    const file = validFileObject();
    file.version = 2;
    const result = parseProgressFile(JSON.stringify(file));
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/newer GPU Lab.*version 2/),
    });
  });

  it('refuses progress from a newer schema version, and an unknown schedule version', () => {
    const newer = validFileObject();
    newer.progress.version = 99;
    expect(parseProgressFile(JSON.stringify(newer))).toEqual({
      ok: false,
      message: expect.stringMatching(/schema version 99, newer/),
    });
    const unknown = validFileObject();
    unknown.review.version = 0;
    expect(parseProgressFile(JSON.stringify(unknown))).toEqual({
      ok: false,
      message: expect.stringMatching(/review schedule has an unknown schema version \(0\)/),
    });
  });

  it.each([
    [
      'visited',
      (f: ReturnType<typeof validFileObject>) => (f.progress.data.visited = []),
      /"progress.data.visited" is not an object/,
    ],
    [
      'an answer',
      (f: ReturnType<typeof validFileObject>) =>
        ((f.progress.data.answers as Record<string, unknown>)['memory-budget'] = {
          choice: 'c9',
          correct: 'yes',
          answeredAt: T0,
        }),
      /answer "memory-budget" has no true\/false "correct"/,
    ],
    [
      'the schedule',
      (f: ReturnType<typeof validFileObject>) =>
        (f.review.data.items = { q: { step: 0, dueDay: 'tomorrow', lastAnsweredAt: T0 } }),
      /review item "q" has no due day/,
    ],
    [
      'a missing part',
      (f: ReturnType<typeof validFileObject>) => delete (f as Record<string, unknown>).review,
      /no "review" object/,
    ],
  ])('refuses a wrong shape in %s, naming what is wrong', (_what, breakIt, message) => {
    const file = validFileObject();
    breakIt(file);
    expect(parseProgressFile(JSON.stringify(file))).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    });
  });

  it('migrates progress from an older schema version with the store’s own migration', () => {
    const file = validFileObject();
    file.progress = {
      version: 1,
      data: {
        visited: { 'why-gpus': T0 },
        completed: { 'why-gpus': T0 },
        answers: { 'why-gpus-amdahl-step': { choice: 2, correct: false, answeredAt: T0 } },
      },
    };
    const result = parseProgressFile(JSON.stringify(file));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.progress.completed).toEqual({ 'why-gpus': T0 });
    expect(result.value.progress.answers).toEqual({});
    expect(result.value.notes.join(' ')).toMatch(/schema version 1.*saved by position/);
  });
});

describe('backup and restore', () => {
  it('keeps what an import replaced as a backup, and restoring it brings it back', () => {
    const storage = memoryStorage();
    const here = filled(storage);
    const before = {
      progress: progressDataOf(here.progress.getState()),
      items: here.review.getState().items,
    };
    const incoming = parseProgressFile(fileText(learner(memoryStorage(), T0, 'fresh')));
    if (!incoming.ok) throw new Error(incoming.message);
    here.setTime('2026-06-02T08:00:00.000Z');
    const applied = applyImportedProgress(incoming.value, { ...here, storage });
    expect(applied).toEqual({ ok: true, backupKey: `${BACKUP_PREFIX}2026-06-02T08:00:00.000Z` });
    expect(here.progress.getState().visited).toEqual({});
    expect(here.review.getState().items).toEqual({});
    expect(listBackups(storage).map((b) => b.takenAt)).toEqual(['2026-06-02T08:00:00.000Z']);

    const backup = readBackup(storage, `${BACKUP_PREFIX}2026-06-02T08:00:00.000Z`);
    if (!backup.ok) throw new Error(backup.message);
    here.setTime('2026-06-02T09:00:00.000Z');
    expect(applyImportedProgress(backup.value, { ...here, storage }).ok).toBe(true);
    expect(progressDataOf(here.progress.getState())).toEqual(before.progress);
    expect(here.review.getState().items).toEqual(before.items);
    // The restore kept a backup of its own: newest first.
    expect(listBackups(storage).map((b) => b.takenAt)).toEqual([
      '2026-06-02T09:00:00.000Z',
      '2026-06-02T08:00:00.000Z',
    ]);
  });

  it('changes nothing when the backup cannot be saved', () => {
    const storage = memoryStorage();
    const here = filled(storage);
    const before = progressDataOf(here.progress.getState());
    const full: BackupStorage = {
      ...storage,
      length: 0,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const incoming = parseProgressFile(fileText(learner(memoryStorage(), T0, 'fresh')));
    if (!incoming.ok) throw new Error(incoming.message);
    const result = applyImportedProgress(incoming.value, { ...here, storage: full });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/could not be backed up/) });
    expect(progressDataOf(here.progress.getState())).toEqual(before);
    // A merge the same: nothing merged without its backup.
    const other = learner(memoryStorage(), T0, 'fresh');
    other.progress.getState().markVisited('gpu-memory');
    const more = parseProgressFile(fileText(other));
    if (!more.ok) throw new Error(more.message);
    expect(mergeImportedProgress(more.value, { ...here, storage: full })).toEqual({
      ok: false,
      message: expect.stringMatching(/could not be backed up .* so it was not merged\. Nothing/),
    });
    expect(progressDataOf(here.progress.getState())).toEqual(before);
  });

  it('merges a file after keeping a backup, and changes nothing when the file brings nothing', () => {
    const storage = memoryStorage();
    const here = filled(storage);
    const before = progressDataOf(here.progress.getState());
    // Another browser: a lesson more, the missed question answered right later, one answer less.
    const other = learner(memoryStorage(), '2026-06-01T08:00:00.000Z', 'otherseed');
    other.progress.getState().markVisited('gpu-memory');
    other.progress.getState().answerQuickCheck('why-gpus-amdahl-step', 'c3', true);
    other.progress.getState().answerQuickCheck('new-question', 'c2', false);
    const incoming = parseProgressFile(fileText(other));
    if (!incoming.ok) throw new Error(incoming.message);
    here.setTime('2026-06-02T08:00:00.000Z');
    const merged = mergeImportedProgress(incoming.value, { ...here, storage });
    expect(merged).toMatchObject({
      ok: true,
      backupKey: `${BACKUP_PREFIX}2026-06-02T08:00:00.000Z`,
      changes: { visitsAdded: 1, answersAdded: 1, newerAnswersFromFile: 1, seedTaken: false },
    });
    const state = here.progress.getState();
    expect(Object.keys(state.visited).sort()).toEqual(['gpu-memory', 'why-gpus']);
    expect(state.completed).toEqual(before.completed);
    expect(state.seed).toBe(before.seed);
    expect(state.answers['why-gpus-amdahl-step']?.choice).toBe('c3');
    expect(state.answers['memory-budget']).toEqual(before.answers['memory-budget']);
    // The schedule is the union of both: the missed new question joins it.
    expect(Object.keys(here.review.getState().items).sort()).toEqual([
      'new-question',
      'why-gpus-amdahl-step',
    ]);
    const backup = readBackup(storage, `${BACKUP_PREFIX}2026-06-02T08:00:00.000Z`);
    expect(backup.ok && backup.value.progress).toEqual(before);

    // The same file again brings nothing: no change, no second backup.
    here.setTime('2026-06-02T09:00:00.000Z');
    const again = mergeImportedProgress(incoming.value, { ...here, storage });
    expect(again).toMatchObject({ ok: true, backupKey: null });
    expect(listBackups(storage)).toHaveLength(1);
  });

  it('names backups by their time in words, with seconds where two share a minute', () => {
    const utc = { timeZone: 'UTC' };
    expect(momentInWords('2026-12-06T22:01:55.815Z', utc)).toBe('6 December 2026, 22:01');
    expect(momentInWords('2026-12-06T22:01:55.815Z', { timeZone: 'Asia/Tokyo' })).toBe(
      '7 December 2026, 07:01',
    );
    expect(momentInWords('2026-12-06T22:01:55.815Z', utc, true)).toBe('6 December 2026, 22:01:55');
    expect(momentInWords('not a time', utc)).toBeNull();
    const named = nameBackups(
      [
        { key: 'k3', takenAt: '2026-12-06T22:05:00.000Z' },
        { key: 'k2', takenAt: '2026-12-06T22:01:55.815Z' },
        { key: 'k1', takenAt: '2026-12-06T22:01:03.000Z' },
        { key: 'k0', takenAt: 'made by hand' },
      ],
      utc,
    );
    expect(named.map((b) => b.when)).toEqual([
      '6 December 2026, 22:05',
      '6 December 2026, 22:01:55',
      '6 December 2026, 22:01:03',
      'made by hand',
    ]);
  });

  it('refuses a backup that is gone', () => {
    expect(readBackup(memoryStorage(), `${BACKUP_PREFIX}x`)).toEqual({
      ok: false,
      message: expect.stringMatching(/no longer in this browser/),
    });
  });

  it('counts what a state holds, for the comparison before an import', () => {
    const l = filled();
    expect(
      progressCounts(l.progress.getState(), l.review.getState(), new Date('2026-06-01T12:00:00Z')),
    ).toEqual({
      lessonsVisited: 1,
      lessonsCompleted: 1,
      questionsAnswered: 2,
      questionsRight: 1,
      reviewScheduled: 1,
      reviewDue: 1,
    });
  });
});
