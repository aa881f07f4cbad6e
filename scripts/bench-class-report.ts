/**
 * How long the class report takes to read a class: builds 1,000 synthetic progress files (12
 * lessons visited, about 150 questions answered and a few puzzles each, about the size a learner
 * who finished the course downloads), reads them as the page's worker does, then counts them
 * into the three tables and writes each table's CSV. Prints each step's time and the total.
 * Also reads them packed in one zip. The target: reading under 3 s.
 *
 *   npx tsx scripts/bench-class-report.ts [files]
 */
import { zipSync, strToU8 } from 'fflate';
import { readClassInputs } from '../src/class-report/read';
import { classReport, type CourseOutline } from '../src/class-report/report';
import {
  LEARNER_COLUMNS,
  LESSON_COLUMNS,
  QUESTION_COLUMNS,
  tableCsv,
} from '../src/class-report/tables';
import {
  bytesFile,
  progressFileText,
  seedOf,
  type FixtureAnswer,
} from '../src/class-report/testing/fixtures';

const FILES = Number(process.argv[2] ?? 1000);
const LESSONS = 12;
const QUESTIONS_PER_LESSON = 13;

const course: CourseOutline = {
  lessons: Array.from({ length: LESSONS }, (_, i) => ({
    slug: `lesson-${i + 1}`,
    title: `Lesson ${i + 1}`,
    order: i + 1,
  })),
  questions: Object.fromEntries(
    Array.from({ length: LESSONS * QUESTIONS_PER_LESSON }, (_, q) => [
      `q-${q}`,
      {
        slug: `lesson-${(q % LESSONS) + 1}`,
        section: 's',
        heading: 'S',
        inKnowledgeCheck: q >= LESSONS * (QUESTIONS_PER_LESSON - 2),
      },
    ]),
  ),
  puzzles: Array.from({ length: 12 }, (_, i) => ({ id: `p-${i}`, title: `Puzzle ${i}` })),
  tritonPuzzles: Array.from({ length: 11 }, (_, i) => ({
    id: `triton:t-${i}`,
    title: `Triton ${i}`,
  })),
};

/** A deterministic pseudo-random stream. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function learnerFile(i: number): string {
  const next = random(i + 1);
  const slugs = course.lessons.map((l) => l.slug);
  const answers: Record<string, FixtureAnswer> = {};
  for (const id of Object.keys(course.questions)) {
    if (next() < 0.95) {
      answers[id] =
        next() < 0.7
          ? { choice: 'cright', correct: true }
          : { choice: `cwrong${Math.floor(next() * 3)}`, correct: false };
    }
  }
  return progressFileText({
    visited: slugs,
    completed: slugs.slice(0, Math.floor(next() * LESSONS)),
    answers,
    seed: seedOf(1_000_000 + i),
    puzzles: [...course.puzzles, ...course.tritonPuzzles]
      .filter(() => next() < 0.4)
      .map((p) => p.id),
    exportedAt: new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(),
  });
}

const ms = (from: number) => `${(performance.now() - from).toFixed(0)} ms`;

let t = performance.now();
const texts = Array.from({ length: FILES }, (_, i) => ({
  name: `Learner ${i}_${i}_assignsubmission_file_gpu-lab-progress-2026-03-02.json`,
  bytes: strToU8(learnerFile(i)),
}));
const total = texts.reduce((s, f) => s + f.bytes.length, 0);
console.log(`built ${FILES} progress files, ${(total / 1e6).toFixed(1)} MB, in ${ms(t)}`);

t = performance.now();
const data = await readClassInputs(texts.map((f) => bytesFile(f.name, f.bytes)));
const readMs = performance.now() - t;
console.log(
  `read ${data.learners.length} learners (${data.problems.length} problems) in ${readMs.toFixed(0)} ms`,
);

t = performance.now();
const report = classReport(data, course);
console.log(
  `counted ${report.learners.length} learners, ${report.questions.length} questions, ${report.lessons.length} lessons in ${ms(t)}`,
);

t = performance.now();
const csv = [
  tableCsv(report.learners, LEARNER_COLUMNS),
  tableCsv(report.questions, QUESTION_COLUMNS),
  tableCsv(report.lessons, LESSON_COLUMNS),
];
console.log(
  `wrote three CSV files (${csv.reduce((s, c) => s + c.length, 0).toLocaleString('en-US')} characters) in ${ms(t)}`,
);

const zip = zipSync(Object.fromEntries(texts.map((f) => [`class/${f.name}`, f.bytes])));
t = performance.now();
const zipped = await readClassInputs([bytesFile('class.zip', zip)]);
const zipMs = performance.now() - t;
console.log(
  `read the same files from one ${(zip.length / 1e6).toFixed(1)} MB zip: ${zipped.learners.length} learners in ${zipMs.toFixed(0)} ms`,
);

const verdict = readMs < 3000 ? 'PASS' : 'OVER';
console.log(
  `${verdict}: reading ${FILES} progress files took ${(readMs / 1000).toFixed(2)} s (target < 3 s)`,
);
console.log(
  JSON.stringify({
    files: FILES,
    bytes: total,
    readMs: Math.round(readMs),
    zipReadMs: Math.round(zipMs),
  }),
);
