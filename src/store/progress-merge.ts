/**
 * Merging a progress file into what a browser holds, rather than replacing it. Pure: it reads two
 * records and returns the merged one (as an import, applied like any other after a backup) with
 * counts of what changed. Nothing is dropped:
 * - lessons visited and completed: the union, each with the earlier of its two times (the first
 *   visit, the first completion);
 * - answers: for each question the newer answer by `answeredAt` wins; a tie keeps this browser's;
 * - review schedule: the union, each question's item with the later `lastAnsweredAt`;
 * - puzzles solved: the union, each with the earlier time;
 * - the learner's seed: this browser's, or the file's when this browser has none yet;
 * - the machine: this browser's, or the file's when none is entered here.
 * A time that does not parse loses to one that does. Ids are copied as own keys, whatever they
 * are ("__proto__" included): the output never reaches a prototype.
 */
import type { MachineData, ImportedProgress } from './progress-io';
import type { QuickCheckAnswer } from './progress-schema';
import type { ReviewItem } from './review-schedule';
import type { SavedMachine } from './my-machine';
import { savedPuzzlesOf } from './puzzle-progress';

/** What a browser holds, as the merge reads it. */
export interface HeldProgress {
  progress: ImportedProgress['progress'];
  review: ImportedProgress['review'];
  /** The machine entered here (its report null: none), or null when the machine is not merged. */
  machine: MachineData | null;
  /** The solved puzzles here, or null when they are not merged. */
  puzzles: Readonly<Record<string, string>> | null;
}

/** What a merge changed, counted, to tell the learner. */
export interface MergeChanges {
  /** Lessons visited in the file and not here. */
  visitsAdded: number;
  /** Lessons completed in the file and not here. */
  completionsAdded: number;
  /** Visits and completions in both whose earlier time came from the file. */
  earlierTimesFromFile: number;
  /** Answers to questions answered in the file and not here. */
  answersAdded: number;
  /** Answers in both where the file's was newer and replaced this browser's. */
  newerAnswersFromFile: number;
  /** Answers in both that differ, where this browser's was newer (or as new) and was kept. */
  newerAnswersKept: number;
  /** Questions on the file's review schedule and not on this browser's. */
  reviewsAdded: number;
  /** Questions on both schedules where the file's item was answered later and replaced this one. */
  newerReviewsFromFile: number;
  /** Puzzles solved in the file and not here. */
  puzzlesAdded: number;
  /** Whether this browser had no seed and takes the file's. */
  seedTaken: boolean;
  /**
   * The machine: `taken` (none here, the file's comes in), `kept` (the file's differs from the
   * one here, which stays), or `unchanged`.
   */
  machine: 'taken' | 'kept' | 'unchanged';
  /** The GPU of the machine taken or left out, when `machine` is not `unchanged`. */
  machineGpu: string | null;
}

/** The merged record, ready to apply as an import, and what changed. */
export interface MergeResult {
  merged: ImportedProgress;
  changes: MergeChanges;
}

/** Milliseconds since the epoch, or NaN when the text is not a time. */
const timeOf = (iso: string): number => Date.parse(iso);

/** Whether time `b` is strictly earlier than time `a` (a time that does not parse is latest). */
function earlier(b: string, a: string): boolean {
  const tb = timeOf(b);
  const ta = timeOf(a);
  if (Number.isNaN(tb)) return false;
  return Number.isNaN(ta) || tb < ta;
}

/** Whether time `b` is strictly later than time `a` (a time that does not parse is earliest). */
function later(b: string, a: string): boolean {
  const tb = timeOf(b);
  const ta = timeOf(a);
  if (Number.isNaN(tb)) return false;
  return Number.isNaN(ta) || tb > ta;
}

/** The own entries of a record (a map read from JSON or a store), never inherited ones. */
const entriesOf = <T>(record: Readonly<Record<string, T>>): [string, T][] => Object.entries(record);

/**
 * The union of two maps of times (slug or id → ISO time), each key with the earlier time.
 * Returns the merged map, how many keys came from `file` alone, and how many earlier times.
 */
function unionEarliest(
  here: Readonly<Record<string, string>>,
  file: Readonly<Record<string, string>>,
): { merged: Record<string, string>; added: number; earlierFromFile: number } {
  const out = new Map<string, string>(entriesOf(here));
  let added = 0;
  let earlierFromFile = 0;
  for (const [key, time] of entriesOf(file)) {
    const mine = out.get(key);
    if (mine === undefined) {
      out.set(key, time);
      added += 1;
    } else if (earlier(time, mine)) {
      out.set(key, time);
      earlierFromFile += 1;
    }
  }
  return { merged: Object.fromEntries(out), added, earlierFromFile };
}

/** Whether two saved answers are the same record (every field equal, a missing one as absent). */
function sameAnswer(a: QuickCheckAnswer, b: QuickCheckAnswer): boolean {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  return [...fields].every((k) => left[k] === right[k]);
}

/** Each question's newer answer by `answeredAt`; a tie keeps this browser's. */
function mergeAnswers(
  here: Readonly<Record<string, QuickCheckAnswer>>,
  file: Readonly<Record<string, QuickCheckAnswer>>,
) {
  const out = new Map<string, QuickCheckAnswer>(entriesOf(here));
  let added = 0;
  let fromFile = 0;
  let kept = 0;
  for (const [id, answer] of entriesOf(file)) {
    const mine = out.get(id);
    if (mine === undefined) {
      out.set(id, answer);
      added += 1;
    } else if (sameAnswer(mine, answer)) {
      continue;
    } else if (later(answer.answeredAt, mine.answeredAt)) {
      out.set(id, answer);
      fromFile += 1;
    } else {
      kept += 1;
    }
  }
  return { merged: Object.fromEntries(out), added, fromFile, kept };
}

/** The union of two schedules, each question's item with the later `lastAnsweredAt`. */
function mergeReview(
  here: Readonly<Record<string, ReviewItem>>,
  file: Readonly<Record<string, ReviewItem>>,
) {
  const out = new Map<string, ReviewItem>(entriesOf(here));
  let added = 0;
  let fromFile = 0;
  for (const [id, item] of entriesOf(file)) {
    const mine = out.get(id);
    if (mine === undefined) {
      out.set(id, item);
      added += 1;
    } else if (later(item.lastAnsweredAt, mine.lastAnsweredAt)) {
      out.set(id, item);
      fromFile += 1;
    }
  }
  return { merged: Object.fromEntries(out), added, fromFile };
}

/** The machine to apply (null: leave this browser's as it is) and what became of it. */
function mergeMachine(
  here: MachineData | null,
  file: SavedMachine | null,
): { apply: SavedMachine | null; machine: MergeChanges['machine']; gpu: string | null } {
  if (here === null || file === null || file.report === null) {
    return { apply: null, machine: 'unchanged', gpu: null };
  }
  if (here.report === null) return { apply: file, machine: 'taken', gpu: file.report.gpu };
  if (JSON.stringify(here.report) === JSON.stringify(file.report)) {
    return { apply: null, machine: 'unchanged', gpu: null };
  }
  return { apply: null, machine: 'kept', gpu: file.report.gpu };
}

/**
 * Merges a checked progress file into what a browser holds (see the module's comment for the
 * rules). The result is an import to apply after a backup, like a replacement; `changes` says
 * what the file brought.
 */
export function mergeProgress(here: HeldProgress, file: ImportedProgress): MergeResult {
  const visited = unionEarliest(here.progress.visited, file.progress.visited);
  const completed = unionEarliest(here.progress.completed, file.progress.completed);
  const answers = mergeAnswers(here.progress.answers, file.progress.answers);
  const review = mergeReview(here.review.items, file.review.items);
  const machine = mergeMachine(here.machine, file.machine);
  const puzzles =
    here.puzzles !== null && file.puzzles !== null
      ? unionEarliest(here.puzzles, file.puzzles.solved)
      : null;
  const seedTaken = here.progress.seed === null && file.progress.seed !== null;
  return {
    merged: {
      progress: {
        visited: visited.merged,
        completed: completed.merged,
        answers: answers.merged,
        seed: here.progress.seed ?? file.progress.seed,
      },
      review: { items: review.merged },
      machine: machine.apply,
      puzzles: puzzles ? savedPuzzlesOf(puzzles.merged) : null,
      exportedAt: file.exportedAt,
      notes: file.notes,
    },
    changes: {
      visitsAdded: visited.added,
      completionsAdded: completed.added,
      earlierTimesFromFile: visited.earlierFromFile + completed.earlierFromFile,
      answersAdded: answers.added,
      newerAnswersFromFile: answers.fromFile,
      newerAnswersKept: answers.kept,
      reviewsAdded: review.added,
      newerReviewsFromFile: review.fromFile,
      puzzlesAdded: puzzles?.added ?? 0,
      seedTaken,
      machine: machine.machine,
      machineGpu: machine.gpu,
    },
  };
}

/** Whether a merge would change anything in this browser. */
export function mergeChangesAnything(c: MergeChanges): boolean {
  return (
    c.visitsAdded +
      c.completionsAdded +
      c.earlierTimesFromFile +
      c.answersAdded +
      c.newerAnswersFromFile +
      c.reviewsAdded +
      c.newerReviewsFromFile +
      c.puzzlesAdded >
      0 ||
    c.seedTaken ||
    c.machine === 'taken'
  );
}

/** "1 answer" or "3 answers". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a merge brings (or brought) in plain phrases, one per kind of change, none for a kind
 * with nothing: "3 answers added", "1 newer answer taken from the file", and what was kept here.
 * `from` names the source ("the file").
 */
export function describeMergeChanges(c: MergeChanges, from = 'the file'): string[] {
  const out: string[] = [];
  if (c.visitsAdded > 0) out.push(`${count(c.visitsAdded, 'lesson', 'lessons')} marked visited`);
  if (c.completionsAdded > 0)
    out.push(`${count(c.completionsAdded, 'lesson', 'lessons')} marked completed`);
  if (c.earlierTimesFromFile > 0)
    out.push(
      `${count(c.earlierTimesFromFile, 'earlier visit or completion date', 'earlier visit or completion dates')} taken from ${from}`,
    );
  if (c.answersAdded > 0) out.push(`${count(c.answersAdded, 'answer', 'answers')} added`);
  if (c.newerAnswersFromFile > 0)
    out.push(
      `${count(c.newerAnswersFromFile, 'newer answer', 'newer answers')} taken from ${from}`,
    );
  if (c.newerAnswersKept > 0)
    out.push(
      `${count(c.newerAnswersKept, 'answer', 'answers')} kept from this browser, where ${c.newerAnswersKept === 1 ? 'it is' : 'they are'} newer`,
    );
  if (c.reviewsAdded > 0)
    out.push(`${count(c.reviewsAdded, 'question', 'questions')} added to the review schedule`);
  if (c.newerReviewsFromFile > 0)
    out.push(
      `${count(c.newerReviewsFromFile, 'review date', 'review dates')} taken from ${from}, where ${c.newerReviewsFromFile === 1 ? 'it is' : 'they are'} newer`,
    );
  if (c.puzzlesAdded > 0)
    out.push(`${count(c.puzzlesAdded, 'solved puzzle', 'solved puzzles')} added`);
  if (c.seedTaken) out.push(`the order of your choices taken from ${from}`);
  if (c.machine === 'taken')
    out.push(`your machine (${c.machineGpu ?? 'a GPU'}) taken from ${from}`);
  if (c.machine === 'kept')
    out.push(
      `your machine here kept (the one in ${from}, ${c.machineGpu ?? 'another GPU'}, left out)`,
    );
  return out;
}
