import { describe, expect, it } from 'vitest';
import { randomText, type Rng } from '../state/testing/hostile';
import { fuzzReader, mutateJson } from '../state/testing/mutate';
import type { MachineReport } from '../engine/catalog';
import {
  buildProgressFile,
  parseProgressFile,
  serializeProgressFile,
  type ImportedProgress,
} from './progress-io';
import { isProgressData, type ProgressData, type QuickCheckAnswer } from './progress-schema';
import { isReviewData, type ReviewItem } from './review-schedule';
import { readSavedPuzzles } from './puzzle-progress';
import {
  describeMergeChanges,
  mergeChangesAnything,
  mergeProgress,
  type HeldProgress,
  type MergeChanges,
} from './progress-merge';

const answer = (answeredAt: string, choice = 'c1', correct = false): QuickCheckAnswer => ({
  choice,
  correct,
  answeredAt,
});

const item = (lastAnsweredAt: string, step = 0, dueDay = '2026-06-02'): ReviewItem => ({
  step,
  dueDay,
  lastAnsweredAt,
});

function held(progress: Partial<ProgressData> = {}, extra: Partial<HeldProgress> = {}) {
  return {
    progress: { visited: {}, completed: {}, answers: {}, seed: 'seedhere', ...progress },
    review: { items: {} },
    machine: null,
    puzzles: null,
    ...extra,
  } satisfies HeldProgress;
}

function fileOf(progress: Partial<ProgressData> = {}, extra: Partial<ImportedProgress> = {}) {
  return {
    progress: { visited: {}, completed: {}, answers: {}, seed: 'seedfile', ...progress },
    review: { items: {} },
    machine: null,
    puzzles: null,
    exportedAt: '2026-06-03T00:00:00.000Z',
    notes: [],
    ...extra,
  } satisfies ImportedProgress;
}

const NO_CHANGES: MergeChanges = {
  visitsAdded: 0,
  completionsAdded: 0,
  earlierTimesFromFile: 0,
  answersAdded: 0,
  newerAnswersFromFile: 0,
  newerAnswersKept: 0,
  reviewsAdded: 0,
  newerReviewsFromFile: 0,
  puzzlesAdded: 0,
  seedTaken: false,
  machine: 'unchanged',
  machineGpu: null,
};

const REPORT = {
  gpu: 'Apple M2 (integrated)',
  calibratedAt: '2026-05-01T00:00:00.000Z',
} as unknown as MachineReport;

describe('merging progress', () => {
  it('takes the union of lessons visited and completed, each with its earlier time', () => {
    const { merged, changes } = mergeProgress(
      held({
        visited: { a: '2026-06-01T10:00:00.000Z', b: '2026-06-01T10:00:00.000Z' },
        completed: { a: '2026-06-02T10:00:00.000Z' },
      }),
      fileOf({
        visited: { b: '2026-05-20T09:00:00.000Z', c: '2026-05-21T09:00:00.000Z' },
        completed: { a: '2026-06-05T00:00:00.000Z', c: '2026-05-22T00:00:00.000Z' },
      }),
    );
    expect(merged.progress.visited).toEqual({
      a: '2026-06-01T10:00:00.000Z',
      b: '2026-05-20T09:00:00.000Z',
      c: '2026-05-21T09:00:00.000Z',
    });
    expect(merged.progress.completed).toEqual({
      a: '2026-06-02T10:00:00.000Z',
      c: '2026-05-22T00:00:00.000Z',
    });
    expect(changes).toMatchObject({ visitsAdded: 1, completionsAdded: 1, earlierTimesFromFile: 1 });
  });

  it('keeps for each question the newer answer by answeredAt, and counts each case', () => {
    const { merged, changes } = mergeProgress(
      held({
        answers: {
          same: answer('2026-06-01T00:00:00.000Z'),
          newerHere: answer('2026-06-03T00:00:00.000Z', 'c2', true),
          newerThere: answer('2026-06-01T00:00:00.000Z'),
          tie: answer('2026-06-01T00:00:00.000Z', 'c3'),
          onlyHere: answer('2026-06-01T00:00:00.000Z'),
        },
      }),
      fileOf({
        answers: {
          same: answer('2026-06-01T00:00:00.000Z'),
          newerHere: answer('2026-06-02T00:00:00.000Z'),
          newerThere: { ...answer('2026-06-04T00:00:00.000Z', 'c2', true), attempts: 3 },
          tie: answer('2026-06-01T00:00:00.000Z', 'c4', true),
          onlyThere: answer('2026-05-01T00:00:00.000Z'),
        },
      }),
    );
    expect(merged.progress.answers).toEqual({
      same: answer('2026-06-01T00:00:00.000Z'),
      newerHere: answer('2026-06-03T00:00:00.000Z', 'c2', true),
      newerThere: { ...answer('2026-06-04T00:00:00.000Z', 'c2', true), attempts: 3 },
      tie: answer('2026-06-01T00:00:00.000Z', 'c3'),
      onlyHere: answer('2026-06-01T00:00:00.000Z'),
      onlyThere: answer('2026-05-01T00:00:00.000Z'),
    });
    expect(changes).toMatchObject({
      answersAdded: 1,
      newerAnswersFromFile: 1,
      newerAnswersKept: 2,
    });
  });

  it('compares times, not their text: an offset that is later wins, an unreadable time loses', () => {
    const { merged } = mergeProgress(
      held({
        answers: {
          offset: answer('2026-06-01T12:00:00.000Z'),
          broken: answer('yesterday'),
          brokenThere: answer('2026-06-01T00:00:00.000Z'),
        },
        visited: { a: 'not a time' },
      }),
      fileOf({
        answers: {
          // 13:00 at +02:00 is 11:00 UTC: earlier, though its text sorts later.
          offset: answer('2026-06-01T13:00:00+02:00', 'c9'),
          broken: answer('2020-01-01T00:00:00.000Z', 'c9'),
          brokenThere: answer('tomorrow', 'c9'),
        },
        visited: { a: '2026-06-01T00:00:00.000Z' },
      }),
    );
    expect(merged.progress.answers.offset?.choice).toBe('c1');
    expect(merged.progress.answers.broken?.choice).toBe('c9');
    expect(merged.progress.answers.brokenThere?.choice).toBe('c1');
    expect(merged.progress.visited.a).toBe('2026-06-01T00:00:00.000Z');
  });

  it('keeps a reopened answer here over the same answer in the file, and says so', () => {
    const here = { ...answer('2026-06-01T00:00:00.000Z'), reopened: true };
    const { merged, changes } = mergeProgress(
      held({ answers: { q: here } }),
      fileOf({ answers: { q: answer('2026-06-01T00:00:00.000Z') } }),
    );
    expect(merged.progress.answers.q).toEqual(here);
    expect(changes.newerAnswersKept).toBe(1);
  });

  it('takes the union of the review schedules, each item with the later answer', () => {
    const { merged, changes } = mergeProgress(
      held(
        {},
        {
          review: {
            items: {
              a: item('2026-06-01T00:00:00.000Z', 0, '2026-06-02'),
              b: item('2026-06-05T00:00:00.000Z', 1, '2026-06-08'),
            },
          },
        },
      ),
      fileOf(
        {},
        {
          review: {
            items: {
              a: item('2026-06-03T00:00:00.000Z', 1, '2026-06-06'),
              b: item('2026-06-04T00:00:00.000Z', 0, '2026-06-05'),
              c: item('2026-06-04T00:00:00.000Z'),
            },
          },
        },
      ),
    );
    expect(merged.review.items).toEqual({
      a: item('2026-06-03T00:00:00.000Z', 1, '2026-06-06'),
      b: item('2026-06-05T00:00:00.000Z', 1, '2026-06-08'),
      c: item('2026-06-04T00:00:00.000Z'),
    });
    expect(changes).toMatchObject({ reviewsAdded: 1, newerReviewsFromFile: 1 });
  });

  it('keeps this browser’s seed, and takes the file’s only when there is none', () => {
    expect(mergeProgress(held(), fileOf()).merged.progress.seed).toBe('seedhere');
    expect(mergeProgress(held(), fileOf()).changes.seedTaken).toBe(false);
    const none = mergeProgress(held({ seed: null }), fileOf());
    expect(none.merged.progress.seed).toBe('seedfile');
    expect(none.changes.seedTaken).toBe(true);
    expect(mergeProgress(held({ seed: null }), fileOf({ seed: null })).merged.progress.seed).toBe(
      null,
    );
  });

  it('takes the union of solved puzzles, or leaves them when either side has none to merge', () => {
    const file = fileOf(
      {},
      {
        puzzles: {
          version: 1,
          solved: { map: '2026-05-01T00:00:00.000Z', zip: '2026-05-02T00:00:00.000Z' },
        },
      },
    );
    const both = mergeProgress(
      held({}, { puzzles: { map: '2026-06-01T00:00:00.000Z', sum: '2026-06-01T00:00:00.000Z' } }),
      file,
    );
    expect(both.merged.puzzles).toEqual({
      version: 1,
      solved: {
        map: '2026-05-01T00:00:00.000Z',
        sum: '2026-06-01T00:00:00.000Z',
        zip: '2026-05-02T00:00:00.000Z',
      },
    });
    expect(both.changes.puzzlesAdded).toBe(1);
    // Without the puzzle store (puzzles null here) or a file without puzzles: left as they are.
    expect(mergeProgress(held(), file).merged.puzzles).toBeNull();
    expect(mergeProgress(held({}, { puzzles: {} }), fileOf()).merged.puzzles).toBeNull();
  });

  it('takes the file’s machine only when none is entered here', () => {
    const fileMachine = fileOf(
      {},
      { machine: { version: 1, report: REPORT, enteredAt: '2026-05-01T00:00:00.000Z' } },
    );
    const none = mergeProgress(
      held({}, { machine: { report: null, enteredAt: null } }),
      fileMachine,
    );
    expect(none.merged.machine).toEqual(fileMachine.machine);
    expect(none.changes).toMatchObject({ machine: 'taken', machineGpu: REPORT.gpu });

    const other = { ...REPORT, gpu: 'NVIDIA GeForce RTX 3060' } as MachineReport;
    const mine = mergeProgress(
      held({}, { machine: { report: other, enteredAt: '2026-06-01T00:00:00.000Z' } }),
      fileMachine,
    );
    expect(mine.merged.machine).toBeNull();
    expect(mine.changes).toMatchObject({ machine: 'kept', machineGpu: REPORT.gpu });

    const same = mergeProgress(
      held({}, { machine: { report: { ...REPORT }, enteredAt: null } }),
      fileMachine,
    );
    expect(same.changes.machine).toBe('unchanged');
    // A file saying "no machine" never removes the one here.
    const empty = fileOf({}, { machine: { version: 1, report: null, enteredAt: null } });
    expect(
      mergeProgress(held({}, { machine: { report: other, enteredAt: null } }), empty).merged
        .machine,
    ).toBeNull();
  });

  it('changes nothing when the file holds nothing new, and says what it brings otherwise', () => {
    const here = held({
      visited: { a: '2026-06-01T00:00:00.000Z' },
      answers: { q: answer('2026-06-01T00:00:00.000Z') },
    });
    const same = mergeProgress(here, fileOf(here.progress));
    expect(same.changes).toEqual(NO_CHANGES);
    expect(mergeChangesAnything(same.changes)).toBe(false);
    expect(describeMergeChanges(same.changes)).toEqual([]);

    const changes: MergeChanges = {
      ...NO_CHANGES,
      visitsAdded: 2,
      completionsAdded: 1,
      answersAdded: 3,
      newerAnswersFromFile: 1,
      newerAnswersKept: 2,
      puzzlesAdded: 1,
      machine: 'kept',
      machineGpu: 'RTX 3060',
    };
    expect(mergeChangesAnything(changes)).toBe(true);
    expect(describeMergeChanges(changes)).toEqual([
      '2 lessons marked visited',
      '1 lesson marked completed',
      '3 answers added',
      '1 newer answer taken from the file',
      '2 answers kept from this browser, where they are newer',
      '1 solved puzzle added',
      'your machine here kept (the one in the file, RTX 3060, left out)',
    ]);
    // Keeping a newer answer here changes nothing in this browser.
    expect(mergeChangesAnything({ ...NO_CHANGES, newerAnswersKept: 4 })).toBe(false);
  });

  it('copies hostile ids as own keys, never touching a prototype', () => {
    const keys = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];
    const map = (value: (k: string) => unknown) =>
      JSON.parse(
        `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(value(k))}`).join(',')}}`,
      );
    const file = fileOf(
      {
        visited: map(() => '2026-06-01T00:00:00.000Z'),
        answers: map(() => answer('2026-06-01T00:00:00.000Z')),
      },
      { review: { items: map(() => item('2026-06-01T00:00:00.000Z')) } },
    );
    const { merged, changes } = mergeProgress(held({ visited: { plain: 'x' } }), file);
    expect(Object.keys(merged.progress.visited).sort()).toEqual([...keys, 'plain'].sort());
    expect(Object.getPrototypeOf(merged.progress.answers)).toBe(Object.prototype);
    expect(Object.hasOwn(merged.progress.answers, '__proto__')).toBe(true);
    expect(merged.review.items.constructor).toEqual(item('2026-06-01T00:00:00.000Z'));
    expect(changes).toMatchObject({ visitsAdded: 4, answersAdded: 4, reviewsAdded: 4 });
    expect(isProgressData(merged.progress)).toBe(true);
    expect(({} as Record<string, unknown>)['step']).toBeUndefined();
  });
});

/** A progress file with random content of valid shape, hostile ids and some bad times. */
function randomProgressFile(rng: Rng): string {
  const ids = ['a', 'b', 'c', 'q1', 'q2', '__proto__', 'constructor', randomText(rng, 12)];
  const goodTime = () => new Date(Date.UTC(2026, 0, 1) + rng.int(0, 200) * 3_600_000).toISOString();
  // Times in progress are only text to the reader: some do not parse (the schedule and puzzles
  // refuse those, so theirs all do).
  const time = () =>
    rng.next() < 0.1
      ? rng.pick(['', 'soon', '2026-13-45T99:00:00Z', '9999-12-31T23:59:59.999Z'])
      : goodTime();
  const some = <T>(make: () => T): Record<string, T> =>
    Object.fromEntries(ids.filter(() => rng.next() < 0.4).map((id) => [id, make()]));
  const progress: ProgressData = {
    visited: some(time),
    completed: some(time),
    answers: some(() => ({
      choice: rng.pick(['c1', 'c2', 'c3']),
      correct: rng.next() < 0.5,
      answeredAt: time(),
      ...(rng.next() < 0.3 ? { attempts: rng.int(1, 4) } : {}),
      ...(rng.next() < 0.2 ? { reopened: true } : {}),
    })),
    seed: rng.next() < 0.3 ? null : rng.pick(['seedaaa', 'seedbbb']),
  };
  const review = {
    items: some(() => ({
      step: rng.int(0, 3),
      dueDay: '2026-02-01',
      lastAnsweredAt: goodTime(),
    })),
  };
  const solved = Object.fromEntries(
    ['map', 'zip', 'sum', 'guard'].filter(() => rng.next() < 0.5).map((id) => [id, goodTime()]),
  );
  const file = buildProgressFile(progress, review, new Date(0), null, false, solved);
  // Now and then a structural edit: the reader refuses most, and what it accepts is merged.
  return serializeProgressFile(rng.next() < 0.1 ? (mutateJson(rng, file, 2) as typeof file) : file);
}

/** What the merge of `here` and `file` breaks of the rules, as phrases. */
function mergeProblems(here: HeldProgress, file: ImportedProgress): string[] {
  const problems: string[] = [];
  const { merged, changes } = mergeProgress(here, file);
  if (!isProgressData(merged.progress)) problems.push('merged progress is invalid');
  if (!isReviewData(merged.review)) problems.push('merged schedule is invalid');
  if (merged.puzzles && !readSavedPuzzles(merged.puzzles).ok) problems.push('puzzles invalid');
  if (({} as Record<string, unknown>)['choice'] !== undefined) problems.push('prototype changed');
  const maps = [
    ['visited', here.progress.visited, file.progress.visited, merged.progress.visited],
    ['completed', here.progress.completed, file.progress.completed, merged.progress.completed],
    ['answers', here.progress.answers, file.progress.answers, merged.progress.answers],
    ['review', here.review.items, file.review.items, merged.review.items],
  ] as const;
  for (const [name, a, b, m] of maps) {
    // Nothing lost: every key of either side is kept, and each value comes from one side.
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!Object.hasOwn(m, key)) problems.push(`${name}: ${key} lost`);
      const value = (m as Record<string, unknown>)[key];
      const fromA = Object.hasOwn(a, key) && (a as Record<string, unknown>)[key] === value;
      const fromB = Object.hasOwn(b, key) && (b as Record<string, unknown>)[key] === value;
      if (!fromA && !fromB) problems.push(`${name}: ${key} made up`);
    }
    if (Object.keys(m).length !== new Set([...Object.keys(a), ...Object.keys(b)]).size)
      problems.push(`${name}: keys added`);
  }
  for (const [id, kept] of Object.entries(merged.progress.answers)) {
    const other = [here.progress.answers, file.progress.answers]
      .filter((side) => Object.hasOwn(side, id))
      .map((side) => side[id]!);
    const keptTime = Date.parse(kept.answeredAt);
    for (const a of other) {
      const t = Date.parse(a.answeredAt);
      if (!Number.isNaN(t) && (Number.isNaN(keptTime) || t > keptTime))
        problems.push(`answers: ${id} kept an older answer`);
    }
  }
  if (merged.progress.seed !== (here.progress.seed ?? file.progress.seed))
    problems.push('seed not kept');
  // Merging the same file again brings nothing more.
  const again = mergeProgress(
    {
      ...here,
      progress: merged.progress,
      review: merged.review,
      puzzles: merged.puzzles?.solved ?? here.puzzles,
    },
    file,
  );
  if (mergeChangesAnything(again.changes)) problems.push('a second merge changed more');
  if (
    !mergeChangesAnything(changes) &&
    JSON.stringify(merged.progress) !== JSON.stringify(here.progress)
  )
    problems.push('changed progress while saying nothing changed');
  return problems;
}

/** The imported progress of a file, as a browser would hold it. */
function asHeld(value: ImportedProgress): HeldProgress {
  return {
    progress: value.progress,
    review: value.review,
    machine: null,
    puzzles: value.puzzles?.solved ?? {},
  };
}

describe('merging progress under random and hostile files', () => {
  it('loses nothing, keeps the newest answer and is idempotent over 250 seeded pairs (seed 37)', async () => {
    let merged = 0;
    const read = (text: string) => {
      const r = parseProgressFile(text);
      return r.ok ? r.value : null;
    };
    const report = await fuzzReader(
      37,
      250,
      (rng) => [read(randomProgressFile(rng)), read(randomProgressFile(rng))] as const,
      ([a, b]) => {
        if (!a || !b) return [];
        merged += 1;
        return [...mergeProblems(asHeld(a), b), ...mergeProblems(asHeld(b), a)];
      },
      (pair) => JSON.stringify(pair).slice(0, 300),
    );
    expect(report.failures).toEqual([]);
    expect(merged).toBeGreaterThan(150);
  });
});
