/**
 * A made-up class for the class report's tests, the browser walk and the benchmark: progress
 * files as #/progress writes them (current and older versions), corrupt ones, a duplicate, and
 * an xAPI statement export as an LRS returns GPU Lab's statements. Every count a test expects
 * follows from the rules spelled out next to each builder.
 */
import type { CourseOutline } from '../report';
import type { InputFile } from '../read';

/** A small course to count against. */
export const TEST_COURSE: CourseOutline = {
  lessons: [
    { slug: 'why-gpus', title: 'Why GPUs', order: 1 },
    { slug: 'inside-a-gpu', title: 'Inside a GPU', order: 2 },
    { slug: 'moving-data', title: 'Moving data', order: 3 },
  ],
  questions: {
    'q-a': { slug: 'why-gpus', section: 'amdahl', heading: 'Amdahl', inKnowledgeCheck: false },
    'q-b': { slug: 'why-gpus', section: 'amdahl', heading: 'Amdahl', inKnowledgeCheck: false },
    'q-c': { slug: 'inside-a-gpu', section: 'warps', heading: 'Warps', inKnowledgeCheck: false },
    'k-a': { slug: 'why-gpus', section: 'amdahl', heading: null, inKnowledgeCheck: true },
    'k-b': { slug: 'moving-data', section: 'pinned', heading: null, inKnowledgeCheck: true },
  },
  puzzles: [
    { id: 'map', title: 'Map' },
    { id: 'zip', title: 'Zip' },
  ],
  tritonPuzzles: [{ id: 'triton:vector-add', title: 'Vector add' }],
};

/** The right choice's key of every test question; wrong ones are anything else. */
export const RIGHT = 'cright';

/** The question ids a fixture uses: two and one quick checks of lessons 1 and 2, two of the knowledge check. */
export interface FixtureIds {
  qa: string;
  qb: string;
  qc: string;
  ka: string;
  kb: string;
}

/** The ids of TEST_COURSE's questions. */
export const TEST_IDS: FixtureIds = { qa: 'q-a', qb: 'q-b', qc: 'q-c', ka: 'k-a', kb: 'k-b' };

/** One learner's answer in a builder: a choice key and whether it is right. */
export interface FixtureAnswer {
  choice: string;
  correct: boolean;
  reopened?: boolean;
}

/** What a progress file holds, for `progressFileText`. */
export interface FixtureProgress {
  visited: readonly string[];
  completed: readonly string[];
  answers: Readonly<Record<string, FixtureAnswer>>;
  seed: string | null;
  puzzles?: readonly string[];
  exportedAt: string;
}

/** A 16-hex-digit choice-order seed from a number. */
export function seedOf(n: number): string {
  return n.toString(16).padStart(16, '0');
}

const day = (n: number) => `2026-03-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00.000Z`;

/** A current progress file (file version 1, progress schema version 2) as #/progress writes it. */
export function progressFileText(p: FixtureProgress): string {
  const at = p.exportedAt;
  const answers: Record<string, unknown> = {};
  for (const [id, a] of Object.entries(p.answers)) {
    answers[id] = {
      choice: a.choice,
      correct: a.correct,
      answeredAt: at,
      ...(a.reopened ? { reopened: true } : {}),
    };
  }
  const file = {
    format: 'gpu-lab-progress',
    version: 1,
    exportedAt: at,
    progress: {
      version: 2,
      data: {
        visited: Object.fromEntries(p.visited.map((s) => [s, at])),
        completed: Object.fromEntries(p.completed.map((s) => [s, at])),
        answers,
        seed: p.seed,
      },
    },
    review: { version: 1, data: { items: {} } },
    ...(p.puzzles
      ? { puzzles: { version: 1, solved: Object.fromEntries(p.puzzles.map((id) => [id, at])) } }
      : {}),
  };
  return JSON.stringify(file, null, 2) + '\n';
}

/**
 * An older progress file: progress schema version 1, whose answers named choices by position
 * (migrated: they are dropped, lessons visited and completed kept), and no puzzles part.
 */
export function olderProgressFileText(
  visited: readonly string[],
  completed: readonly string[],
  ids: FixtureIds = TEST_IDS,
): string {
  const at = '2026-02-01T09:00:00.000Z';
  return JSON.stringify({
    format: 'gpu-lab-progress',
    version: 1,
    exportedAt: at,
    progress: {
      version: 1,
      data: {
        visited: Object.fromEntries(visited.map((s) => [s, at])),
        completed: Object.fromEntries(completed.map((s) => [s, at])),
        answers: { [ids.qa]: { choice: 2, correct: true, answeredAt: at } },
      },
    },
    review: { version: 1, data: { items: {} } },
  });
}

/**
 * Learner i of the class of 30 (i = 0…24 current files, and the duplicate's original, 3):
 * - visits the first (i mod 3) + 1 lessons and completes the first (i mod 3);
 * - q-a right when i is even, else wrong with "cwrong-a";
 * - q-b right when i mod 3 = 0, else wrong with "cwrong-b1" (i odd) or "cwrong-b2" (i even);
 * - q-c answered (right) only when i mod 4 = 0;
 * - k-a right when i mod 5 = 0, else wrong "cwrong-k"; k-b never answered;
 * - solves the puzzle "map" when i is even (files with a puzzles part: i even), and the Triton
 *   puzzle "vector-add" when i mod 4 = 0.
 */
export function learnerProgress(i: number, ids: FixtureIds = TEST_IDS): FixtureProgress {
  const lessons = TEST_COURSE.lessons.map((l) => l.slug);
  const answers: Record<string, FixtureAnswer> = {
    [ids.qa]:
      i % 2 === 0 ? { choice: RIGHT, correct: true } : { choice: 'cwrong-a', correct: false },
    [ids.qb]:
      i % 3 === 0
        ? { choice: RIGHT, correct: true }
        : { choice: i % 2 === 1 ? 'cwrong-b1' : 'cwrong-b2', correct: false },
    [ids.ka]:
      i % 5 === 0 ? { choice: RIGHT, correct: true } : { choice: 'cwrong-k', correct: false },
  };
  if (i % 4 === 0) answers[ids.qc] = { choice: RIGHT, correct: true };
  return {
    visited: lessons.slice(0, (i % 3) + 1),
    completed: lessons.slice(0, i % 3),
    answers,
    seed: seedOf(1000 + i),
    ...(i % 2 === 0 ? { puzzles: i % 4 === 0 ? ['map', 'triton:vector-add'] : ['map'] } : {}),
    exportedAt: day(i),
  };
}

/** A named file's text. */
export interface FixtureFile {
  name: string;
  text: string;
}

/** The file names of the class: LMS-style names around GPU Lab's own. */
export function learnerFileName(i: number): string {
  return `Learner ${String(i).padStart(2, '0')}_${4000 + i}_assignsubmission_file_gpu-lab-progress-2026-03-02.json`;
}

/**
 * The class of 30 files: learners 0…24 (current), two older files (learners "Older A" and
 * "Older B": visited 2 and 3 lessons, completed 1 and 2, answers dropped by the migration), two
 * corrupt files (not JSON; a wrong shape), and learner 3 again, written later with one more
 * answer (q-c right): the duplicate, which is the one that counts.
 */
export function classOf30(ids: FixtureIds = TEST_IDS): FixtureFile[] {
  const files: FixtureFile[] = [];
  for (let i = 0; i < 25; i++)
    files.push({ name: learnerFileName(i), text: progressFileText(learnerProgress(i, ids)) });
  files.push({
    name: 'Older A_5001_assignsubmission_file_gpu-lab-progress-2026-02-01.json',
    text: olderProgressFileText(['why-gpus', 'inside-a-gpu'], ['why-gpus'], ids),
  });
  files.push({
    name: 'Older B_5002_assignsubmission_file_gpu-lab-progress-2026-02-01.json',
    text: olderProgressFileText(
      ['why-gpus', 'inside-a-gpu', 'moving-data'],
      ['why-gpus', 'inside-a-gpu'],
    ),
  });
  files.push({
    name: 'Broken_5003_assignsubmission_file_gpu-lab-progress.json',
    text: '{"format": "gpu-lab-progress", ',
  });
  files.push({
    name: 'Wrong shape_5004_assignsubmission_file_gpu-lab-progress.json',
    text: JSON.stringify({
      format: 'gpu-lab-progress',
      version: 1,
      exportedAt: '2026-03-01T00:00:00.000Z',
      progress: {
        version: 2,
        data: { visited: {}, completed: {}, answers: { [ids.qa]: { choice: 'x' } }, seed: null },
      },
      review: { version: 1, data: { items: {} } },
    }),
  });
  const again = learnerProgress(3, ids);
  files.push({
    name: 'Learner 03_4003_assignsubmission_file_gpu-lab-progress-2026-03-20 (1).json',
    text: progressFileText({
      ...again,
      answers: { ...again.answers, [ids.qc]: { choice: RIGHT, correct: true } },
      exportedAt: '2026-03-20T12:00:00.000Z',
    }),
  });
  return files;
}

/** The site address the test statements name. */
export const SITE = 'https://gpulab.example.edu/';

const actorOf = (who: 'ada' | 'grace' | 'markup') =>
  who === 'ada'
    ? { objectType: 'Agent', name: 'Ada Statements', mbox: 'mailto:ada@example.edu' }
    : who === 'grace'
      ? {
          objectType: 'Agent',
          name: 'Grace Statements',
          account: { homePage: 'https://lms.example.edu', name: 'grace' },
        }
      : {
          objectType: 'Agent',
          name: '<img src=x onerror="alert(1)">Mallory',
          mbox: 'mailto:m@example.edu',
        };

/** An `answered` statement as GPU Lab's embeds send it. */
export function answeredStatement(
  id: string,
  who: 'ada' | 'grace' | 'markup',
  question: string,
  choice: string,
  success: boolean,
  at: string,
): Record<string, unknown> {
  return {
    id,
    timestamp: at,
    actor: actorOf(who),
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
    object: {
      objectType: 'Activity',
      id: `${SITE}#/embed/quiz/${question}`,
      definition: {
        type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
        name: { 'en-US': `Question ${question}?` },
        interactionType: 'choice',
        choices: [
          { id: RIGHT, description: { 'en-US': 'The right one' } },
          { id: 'cwrong-a', description: { 'en-US': 'The usual slip' } },
        ],
      },
    },
    result: { success, response: choice, score: { raw: success ? 1 : 0, min: 0, max: 1 } },
    context: {
      contextActivities: {
        parent: [{ objectType: 'Activity', id: `${SITE}#/lesson/why-gpus` }],
      },
    },
  };
}

/**
 * The statement export, as an LRS's statements resource returns it:
 * - Ada (mbox): q-a wrong ("cwrong-a") then right later (latest counts: right); why-gpus's check
 *   completed; the puzzle "zip" completed with success. Visited: why-gpus.
 * - Grace (account): q-a wrong ("cwrong-a"); k-a right; the Triton puzzle "vector-add" completed
 *   with success.
 * - A learner whose name is markup: q-b wrong ("cwrong-b1").
 * - Ada's first answer again (same id: counted once), one statement with no actor, one that is
 *   not GPU Lab's, one voided statement and its voiding (Grace's k-b, so she has not answered it).
 * - `__proto__` keys in an actor, a result and the export.
 */
export function statementExport(ids: FixtureIds = TEST_IDS): string {
  const statements: unknown[] = [
    answeredStatement('s-1', 'ada', ids.qa, 'cwrong-a', false, '2026-03-05T10:00:00.000Z'),
    answeredStatement('s-2', 'ada', ids.qa, RIGHT, true, '2026-03-06T10:00:00.000Z'),
    {
      id: 's-3',
      timestamp: '2026-03-06T11:00:00.000Z',
      actor: actorOf('ada'),
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { id: `${SITE}#/embed/check/why-gpus` },
      result: { completion: true, score: { raw: 3, min: 0, max: 4 } },
    },
    {
      id: 's-4',
      timestamp: '2026-03-07T11:00:00.000Z',
      actor: actorOf('ada'),
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { id: `${SITE}#/embed/puzzle/zip` },
      result: { completion: true, success: true },
    },
    answeredStatement('s-5', 'grace', ids.qa, 'cwrong-a', false, '2026-03-05T12:00:00.000Z'),
    answeredStatement('s-6', 'grace', ids.ka, RIGHT, true, '2026-03-05T12:30:00.000Z'),
    answeredStatement('s-7', 'grace', ids.kb, RIGHT, true, '2026-03-05T12:40:00.000Z'),
    {
      id: 's-8',
      timestamp: '2026-03-05T13:00:00.000Z',
      actor: actorOf('grace'),
      verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
      object: { objectType: 'StatementRef', id: 's-7' },
    },
    {
      id: 's-12',
      timestamp: '2026-03-05T12:50:00.000Z',
      actor: actorOf('grace'),
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { id: `${SITE}#/embed/triton/vector-add` },
      result: { completion: true, success: true },
    },
    answeredStatement('s-9', 'markup', ids.qb, 'cwrong-b1', false, '2026-03-08T09:00:00.000Z'),
    answeredStatement('s-1', 'ada', ids.qa, 'cwrong-a', false, '2026-03-05T10:00:00.000Z'),
    {
      ...answeredStatement('s-10', 'ada', ids.qb, RIGHT, true, '2026-03-09T09:00:00.000Z'),
      actor: undefined,
    },
    {
      id: 's-11',
      actor: actorOf('ada'),
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
      object: { id: 'https://elsewhere.example.com/video/1' },
    },
  ];
  // `__proto__` as own keys, as JSON.parse makes them: in the text itself.
  const text = JSON.stringify({ statements, more: '' });
  return text
    .replace(
      '"name":"Grace Statements"',
      '"name":"Grace Statements","__proto__":{"polluted":"yes"}',
    )
    .replace(
      '"result":{"success":false,"response":"cwrong-b1"',
      '"result":{"__proto__":{"success":true},"success":false,"response":"cwrong-b1"',
    )
    .replace('{"statements":', '{"__proto__":{"statements":[]},"statements":');
}

/** Named texts as the reader's input files. */
export function inputFiles(files: readonly FixtureFile[]): InputFile[] {
  return files.map(({ name, text }) => bytesFile(name, new TextEncoder().encode(text)));
}

/** Bytes as an input file. */
export function bytesFile(name: string, bytes: Uint8Array): InputFile {
  return {
    name,
    size: bytes.length,
    bytes: async (end) => (end === undefined ? bytes : bytes.subarray(0, end)),
  };
}
