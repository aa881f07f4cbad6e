/**
 * Fuzzing the readers of saved and imported progress: the progress file (parseProgressFile), and
 * the saved progress and review schedule the stores load from storage. Every input must give a
 * valid result or a short, plain message; nothing may throw or touch Object.prototype. These
 * readers do one JSON.parse and one walk of the parsed value, so their work is bounded by the
 * input's size; the inputs here stay under MAX_INPUT_CHARS.
 */
import { describe, expect, it } from 'vitest';
import { createRng, randomText, type Rng } from '../state/testing/hostile';
import {
  fuzzReader,
  messageProblems,
  mutateBytes,
  mutateJson,
  mutateLine,
  nested,
  randomBytes,
} from '../state/testing/mutate';
import {
  MAX_PROGRESS_FILE_CHARS,
  buildProgressFile,
  parseProgressFile,
  serializeProgressFile,
  type ProgressFileResult,
} from './progress-io';
import {
  isProgressData,
  parseSavedProgress,
  serializeProgress,
  type LoadResult,
} from './progress-schema';
import {
  isReviewData,
  parseSavedReview,
  serializeReview,
  type ReviewLoadResult,
} from './review-schedule';

/** Longest message a refusal may show (the longest fixed wording is about 250 characters). */
const MAX_MESSAGE_CHARS = 400;
/** Largest input generated (a deep or huge field can reach a few hundred KiB). */
const MAX_INPUT_CHARS = MAX_PROGRESS_FILE_CHARS;

const CASES = 3000;
/** Inputs per saved-data reader. */
const SAVED_CASES = 2000;

const VALID_PROGRESS = {
  visited: { 'why-gpus': '2026-05-31T23:00:00.000Z', 'memory-budget': '2026-06-01T10:00:00.000Z' },
  completed: { 'why-gpus': '2026-05-31T23:10:00.000Z' },
  answers: {
    'why-gpus-amdahl-step': {
      choice: 'c1',
      correct: false,
      answeredAt: '2026-05-31T23:05:00.000Z',
      attempts: 2,
    },
    'memory-budget': { choice: 'c9', correct: true, answeredAt: '2026-06-01T10:05:00.000Z' },
  },
  seed: 'seedabc',
};
const VALID_REVIEW = {
  items: {
    'why-gpus-amdahl-step': {
      step: 1,
      dueDay: '2026-06-04',
      lastAnsweredAt: '2026-06-01T10:00:00.000Z',
    },
  },
};
const VALID_FILE = buildProgressFile(
  VALID_PROGRESS,
  VALID_REVIEW,
  new Date('2026-06-02T00:00:00.000Z'),
);
const VALID_TEXT = serializeProgressFile(VALID_FILE);
/** Version 1 of the saved progress kept answers by position. */
const VERSION_1_FILE = {
  ...VALID_FILE,
  progress: {
    version: 1,
    data: { ...VALID_PROGRESS, answers: { q: { choice: 2, correct: true, answeredAt: 'x' } } },
  },
};

/** Pieces of JSON syntax and field names, for token-level damage to a valid file. */
const JSON_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  'null',
  'true',
  '1e999',
  '-0',
  '"__proto__"',
  '"version"',
  '"progress"',
  '"review"',
  '"data"',
  '"items"',
  '"format"',
  '"gpu-lab-progress"',
  '\\u0000',
  '\\ud800',
];

/** A hostile input of one of several families, as text. */
function hostileText(rng: Rng): string {
  const r = rng.next();
  if (r < 0.1) return randomText(rng, rng.next() < 0.9 ? 200 : 20_000);
  if (r < 0.15) return new TextDecoder().decode(randomBytes(rng, 400));
  if (r < 0.3)
    return new TextDecoder().decode(mutateBytes(rng, new TextEncoder().encode(VALID_TEXT)));
  if (r < 0.45) return mutateLine(rng, VALID_TEXT, JSON_TOKENS, 4);
  if (r < 0.55) return JSON.stringify(mutateJson(rng, VERSION_1_FILE));
  if (r < 0.6)
    return JSON.stringify({ ...VALID_FILE, progress: mutateJson(rng, VALID_FILE.progress) });
  if (r < 0.65)
    return JSON.stringify({ ...VALID_FILE, review: mutateJson(rng, VALID_FILE.review) });
  return JSON.stringify(mutateJson(rng, VALID_FILE, 4));
}

function prototypeProblems(): string[] {
  return ({} as Record<string, unknown>)['polluted'] === undefined
    ? []
    : ['Object.prototype was changed'];
}

/** Checks one progress file: a valid import or a short plain refusal. */
function checkProgressFile(text: string): string[] {
  return progressFileProblems(parseProgressFile(text));
}

/** Checks what the progress file reader gave: a valid import or a short plain refusal. */
function progressFileProblems(result: ProgressFileResult): string[] {
  const problems = prototypeProblems();
  if (result.ok) {
    if (!isProgressData(result.value.progress)) problems.push('accepted invalid progress');
    if (!isReviewData(result.value.review)) problems.push('accepted an invalid schedule');
    for (const note of result.value.notes)
      problems.push(...messageProblems(note, MAX_MESSAGE_CHARS));
  } else {
    problems.push(...messageProblems(result.message, MAX_MESSAGE_CHARS));
  }
  return problems;
}

/** Checks one saved progress text as the progress store loads it. */
function checkSavedProgress(text: string): string[] {
  return savedProgressProblems(text, parseSavedProgress(text));
}

/** Checks what the progress store loaded from `text`. */
function savedProgressProblems(text: string, loaded: LoadResult): string[] {
  const problems = prototypeProblems();
  if (!isProgressData(loaded.data)) problems.push('loaded invalid progress');
  if (loaded.notice !== null) problems.push(...messageProblems(loaded.notice, MAX_MESSAGE_CHARS));
  if (loaded.setAside !== null && loaded.setAside !== text) problems.push('set aside other text');
  if (loaded.setAside !== null && !loaded.migrated && loaded.notice === null)
    problems.push('set text aside without a notice');
  return problems;
}

/** Checks one saved schedule text as the review store loads it. */
function checkSavedReview(text: string): string[] {
  return savedReviewProblems(parseSavedReview(text));
}

/** Checks what the review store loaded. */
function savedReviewProblems(loaded: ReviewLoadResult): string[] {
  const problems = prototypeProblems();
  if (!isReviewData(loaded.data)) problems.push('loaded an invalid schedule');
  if ((loaded.notice === null) !== (loaded.setAside === null))
    problems.push('a notice without setting aside, or the reverse');
  if (loaded.notice !== null) problems.push(...messageProblems(loaded.notice, MAX_MESSAGE_CHARS));
  return problems;
}

const show = (text: string) => JSON.stringify(text.slice(0, 160));

describe('progress file reader under hostile input', () => {
  it(`gives a valid import or a short message for ${CASES} seeded inputs (seed 14)`, async () => {
    const report = await fuzzReader(
      14,
      CASES,
      hostileText,
      (text) => [
        ...(text.length > MAX_INPUT_CHARS ? [`generated input of ${text.length} chars`] : []),
        ...checkProgressFile(text),
      ],
      show,
    );
    expect(report.failures).toEqual([]);
    expect(report.cases).toBe(CASES);
  });

  it('reads the valid file and its mutations are not all refused (the fuzz is not vacuous)', async () => {
    expect(parseProgressFile(VALID_TEXT).ok).toBe(true);
    const rng = createRng(3);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 300; i += 1) {
      if (parseProgressFile(hostileText(rng)).ok) accepted += 1;
      else refused += 1;
    }
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(100);
  });

  it('refuses named hostile files with a message each', () => {
    const deep = nested('[', ']', 200_000);
    const hostile: string[] = [
      '',
      ' ',
      'null',
      '[]',
      '"gpu-lab-progress"',
      deep,
      `{"format": ${deep}}`,
      `{"format": "gpu-lab-progress", "version": ${deep}}`,
      `{"format": "gpu-lab-progress", "version": 1, "progress": {"version": 2, "data": ${deep}}}`,
      `{"format": "gpu-lab-progress", "version": 1, "progress": {"version": 1, "data": ${deep}}}`,
      JSON.stringify({
        ...VALID_FILE,
        review: { version: 1, data: { items: { ['x'.repeat(100_000)]: 1 } } },
      }),
      JSON.stringify({
        ...VALID_FILE,
        progress: {
          version: 2,
          data: { ...VALID_PROGRESS, answers: { ['\u202e\u0000'.repeat(50)]: 5 } },
        },
      }),
      JSON.stringify({ ...VALID_FILE, format: { a: 'x'.repeat(100_000) } }),
      JSON.stringify({ ...VALID_FILE, version: 'x'.repeat(100_000) }),
      '{"__proto__": {"polluted": 1}, "format": "gpu-lab-progress", "version": 1}',
      VALID_TEXT.replace('"version": 1', '"version": 1e999'),
      VALID_TEXT.replace('"version": 2', '"version": 9007199254740993'),
      VALID_TEXT.replace('"seedabc"', '"../../etc"'),
      VALID_TEXT.replace('"2026-06-04"', '"2026-13-45"'),
      VALID_TEXT.slice(0, VALID_TEXT.length / 2),
      VALID_TEXT + ' '.repeat(MAX_PROGRESS_FILE_CHARS),
    ];
    for (const text of hostile) {
      // Read once (the deep ones cost a fifth of a second each), checked twice.
      const result = parseProgressFile(text);
      const problems = progressFileProblems(result);
      expect({ input: text.slice(0, 80), problems }).toEqual({
        input: text.slice(0, 80),
        problems: [],
      });
      expect(result.ok).toBe(false);
    }
  });
});

describe('saved progress and schedule readers under hostile input', () => {
  const savedProgress = serializeProgress(VALID_PROGRESS);
  const savedReview = serializeReview(VALID_REVIEW);

  it(`load valid data or set the text aside with a notice, ${SAVED_CASES} inputs each (seed 15)`, async () => {
    const make = (valid: string) => (rng: Rng) => {
      const r = rng.next();
      if (r < 0.15) return randomText(rng, 300);
      if (r < 0.4) return mutateLine(rng, valid, JSON_TOKENS, 4);
      if (r < 0.5)
        return `{"version": 1, "data": ${JSON.stringify(mutateJson(rng, VERSION_1_FILE.progress.data))}}`;
      return JSON.stringify(mutateJson(rng, JSON.parse(valid), 4));
    };
    const progress = await fuzzReader(
      15,
      SAVED_CASES,
      make(savedProgress),
      checkSavedProgress,
      show,
    );
    expect(progress.failures).toEqual([]);
    const review = await fuzzReader(15, SAVED_CASES, make(savedReview), checkSavedReview, show);
    expect(review.failures).toEqual([]);
    expect(progress.cases + review.cases).toBe(2 * SAVED_CASES);
  });

  it('set aside deeply nested and huge saved text with a notice', () => {
    const deep = nested('[', ']', 200_000);
    for (const text of [deep, `{"version": 2, "data": ${deep}}`, `{"version": ${deep}}`]) {
      // Each read once, checked twice.
      const progress = parseSavedProgress(text);
      const review = parseSavedReview(text);
      expect(savedProgressProblems(text, progress)).toEqual([]);
      expect(savedReviewProblems(review)).toEqual([]);
      expect(progress.notice).not.toBeNull();
      expect(review.notice).not.toBeNull();
    }
  });
});
