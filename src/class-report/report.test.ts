import { describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { readClassInputs } from './read';
import { classReport, type LearnerRow } from './report';
import { LEARNER_COLUMNS, LESSON_COLUMNS, QUESTION_COLUMNS, tableCsv, tableTexts } from './tables';
import { parseCsv } from './csv';
import {
  bytesFile,
  classOf30,
  inputFiles,
  learnerProgress,
  statementExport,
  TEST_COURSE,
} from './testing/fixtures';

/** The class of 30 files and the statement export, read and counted. */
async function walk() {
  const files = [...classOf30(), { name: 'lrs-export.json', text: statementExport() }];
  const data = await readClassInputs(inputFiles(files));
  return { data, report: classReport(data, TEST_COURSE) };
}

/** What learner i's row must say (the rules in fixtures.ts's learnerProgress). */
function expectedRow(i: number, extraQc = false): Partial<LearnerRow> {
  return {
    label: `Learner ${String(i).padStart(2, '0')}`,
    source: 'progress file',
    lessonsVisited: (i % 3) + 1,
    lessonsCompleted: i % 3,
    quickRight: Number(i % 2 === 0) + Number(i % 3 === 0) + Number(i % 4 === 0 || extraQc),
    quickMissed: Number(i % 2 === 1) + Number(i % 3 !== 0),
    checkRight: Number(i % 5 === 0),
    checkAnswered: 1,
    checkTotal: 2,
    puzzlesSolved: Number(i % 2 === 0),
    tritonSolved: Number(i % 4 === 0),
  };
}

describe('the class report over 30 progress files and a statement export', () => {
  it('counts each learner exactly, reads older versions, lists the corrupt and names the duplicate', async () => {
    const { data, report } = await walk();
    expect(data.filesRead).toBe(31);
    // 25 current files (learner 3 counted once, from its newer file), 2 older, 3 from statements.
    expect(report.learners).toHaveLength(30);
    const byLabel = new Map(report.learners.map((r) => [r.label, r]));
    for (let i = 0; i < 25; i++) {
      const label = `Learner ${String(i).padStart(2, '0')}`;
      expect(byLabel.get(label), label).toMatchObject(expectedRow(i, i === 3));
    }
    // The duplicate: the newer file counts, the older is named.
    expect(data.duplicates).toEqual([
      {
        label: 'Learner 03',
        kept: 'Learner 03_4003_assignsubmission_file_gpu-lab-progress-2026-03-20 (1).json',
        dropped: ['Learner 03_4003_assignsubmission_file_gpu-lab-progress-2026-03-02.json'],
        reason: 'the same browser wrote them (the same choice-order seed)',
      },
    ]);
    expect(byLabel.get('Learner 03')?.lastActivity).toBe('2026-03-20T12:00:00.000Z');
    // Older versions: migrated, lessons kept, answers by position dropped.
    expect(byLabel.get('Older A')).toMatchObject({
      lessonsVisited: 2,
      lessonsCompleted: 1,
      quickRight: 0,
      quickMissed: 0,
      checkAnswered: 0,
      puzzlesSolved: 0,
    });
    expect(byLabel.get('Older B')).toMatchObject({ lessonsVisited: 3, lessonsCompleted: 2 });
    const older = data.learners.find((l) => l.label === 'Older A');
    expect(older?.notes.join(' ')).toMatch(/schema version 1/);
    // The two corrupt files, each with its reason; the rest still counted.
    expect(data.problems.map((p) => p.file)).toEqual([
      'Broken_5003_assignsubmission_file_gpu-lab-progress.json',
      'Wrong shape_5004_assignsubmission_file_gpu-lab-progress.json',
    ]);
    expect(data.problems[0]!.message).toBe('It is not valid JSON, so it cannot be read.');
    expect(data.problems[1]!.message).toMatch(/wrong shape/);
    expect(data.problems[1]!.message).not.toMatch(/Nothing was changed/);
    // Statement learners: the latest answer counts; the voided one does not.
    expect(byLabel.get('Ada Statements')).toMatchObject({
      source: 'statements',
      lessonsVisited: 1,
      lessonsCompleted: 1,
      quickRight: 1,
      quickMissed: 0,
      checkAnswered: 0,
      puzzlesSolved: 1,
      tritonSolved: 0,
      lastActivity: '2026-03-07T11:00:00.000Z',
    });
    expect(byLabel.get('Grace Statements')).toMatchObject({
      quickRight: 0,
      quickMissed: 1,
      checkRight: 1,
      checkAnswered: 1,
      puzzlesSolved: 0,
      tritonSolved: 1,
    });
    expect(data.statementsRead).toBe(13);
    expect(data.notes).toEqual([
      '1 statement names no learner (no actor, or a group), so it is left out.',
      '1 statement is not about a GPU Lab question, check, puzzle, widget or lesson, so it is left out.',
      '1 statement was found again in another export and counted once.',
      '1 statement was voided and not counted.',
    ]);
  });

  it('counts each question exactly: answered, share right and the wrong answer picked most', async () => {
    const { report } = await walk();
    const q = new Map(report.questions.map((r) => [r.id, r]));
    expect(q.get('q-a')).toMatchObject({
      answered: 27,
      right: 14,
      commonWrong: { choice: 'cwrong-a', text: 'The usual slip', count: 13 },
      question: 'Question q-a?',
      href: '#/lesson/why-gpus/amdahl',
    });
    expect(q.get('q-a')?.shareRight).toBeCloseTo(14 / 27, 12);
    expect(q.get('q-b')).toMatchObject({
      answered: 26,
      right: 9,
      commonWrong: { choice: 'cwrong-b1', text: null, count: 9 },
    });
    expect(q.get('q-c')).toMatchObject({ answered: 8, right: 8, commonWrong: null, shareRight: 1 });
    expect(q.get('k-a')).toMatchObject({
      answered: 26,
      right: 6,
      commonWrong: { choice: 'cwrong-k', count: 20 },
      inKnowledgeCheck: true,
      href: '#/check',
    });
    expect(q.get('k-b')).toMatchObject({ answered: 0, right: 0, shareRight: null });
    // The lessons' own questions first, in course order, then the knowledge check's.
    expect(report.questions.map((r) => r.id)).toEqual(['q-a', 'q-b', 'q-c', 'k-a', 'k-b']);
  });

  it('shows each lesson as a funnel: visited, completed, every check right', async () => {
    const { report } = await walk();
    expect(
      report.lessons.map(({ slug, visited, completed, allRight, questions }) => ({
        slug,
        visited,
        completed,
        allRight,
        questions,
      })),
    ).toEqual([
      { slug: 'why-gpus', visited: 30, completed: 19, allRight: 5, questions: 2 },
      { slug: 'inside-a-gpu', visited: 18, completed: 9, allRight: 8, questions: 1 },
      { slug: 'moving-data', visited: 9, completed: 0, allRight: null, questions: 0 },
    ]);
  });

  it('writes CSV files that equal the tables, safe against formulas', async () => {
    const { report } = await walk();
    for (const [rows, columns] of [
      [report.learners, LEARNER_COLUMNS],
      [report.questions, QUESTION_COLUMNS],
      [report.lessons, LESSON_COLUMNS],
    ] as const) {
      const csv = tableCsv(rows as never[], columns as never);
      expect(parseCsv(csv)).toEqual([
        columns.map((c) => c.label),
        ...tableTexts(rows as never[], columns as never),
      ]);
    }
    const learners = parseCsv(tableCsv(report.learners, LEARNER_COLUMNS));
    expect(learners[0]).toEqual([
      'Learner',
      'Lessons visited',
      'Lessons completed',
      'Quick checks right',
      'Quick checks missed',
      'Knowledge check',
      'Puzzles solved',
      'Triton puzzles solved',
      'Last activity (UTC)',
      'From',
    ]);
    expect(learners.find((r) => r[0] === 'Learner 00')).toEqual([
      'Learner 00',
      '1',
      '0',
      '3',
      '0',
      '1 / 2',
      '1',
      '1',
      '2026-03-01 10:00',
      'Learner 00_4000_assignsubmission_file_gpu-lab-progress-2026-03-02.json (progress file)',
    ]);
  });

  it('keeps markup as text and lets __proto__ keys harm nothing', async () => {
    const { data, report } = await walk();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('success');
    const mallory = report.learners.find((r) => r.label.includes('Mallory'));
    expect(mallory?.label).toBe('<img src=x onerror="alert(1)">Mallory');
    // Its own "__proto__" result key did not make the wrong answer right.
    expect(mallory).toMatchObject({ quickRight: 0, quickMissed: 1 });
    expect(data.learners.filter((l) => l.source === 'statements')).toHaveLength(3);
  });

  it('reads the same class from a zip, and names a learner from a folder', async () => {
    const entries: Record<string, Uint8Array> = {};
    for (const f of classOf30()) entries[`class/${f.name}`] = strToU8(f.text);
    entries['Zed Folder_77_assignsubmission_file_/gpu-lab-progress-2026-03-02.json'] = strToU8(
      JSON.stringify(JSON.parse(JSON.stringify(learnerProgressFile(40)))),
    );
    entries['__MACOSX/class/._x.json'] = strToU8('junk');
    entries['class/notes.txt'] = strToU8('hello');
    const zip = zipSync(entries);
    const data = await readClassInputs([bytesFile('class.zip', zip)]);
    const report = classReport(data, TEST_COURSE);
    expect(report.learners.map((l) => l.label)).toContain('Zed Folder');
    expect(report.learners).toHaveLength(28);
    expect(data.duplicates).toHaveLength(1);
    expect(data.problems.map((p) => p.file)).toEqual([
      'class.zip › class/Broken_5003_assignsubmission_file_gpu-lab-progress.json',
      'class.zip › class/Wrong shape_5004_assignsubmission_file_gpu-lab-progress.json',
      'class.zip › class/notes.txt',
    ]);
  });
});

/** A progress file object for learner i. */
function learnerProgressFile(i: number): unknown {
  const p = learnerProgress(i);
  return {
    format: 'gpu-lab-progress',
    version: 1,
    exportedAt: p.exportedAt,
    progress: {
      version: 2,
      data: { visited: {}, completed: {}, answers: {}, seed: p.seed },
    },
    review: { version: 1, data: { items: {} } },
  };
}
