import { describe, expect, it } from 'vitest';
import { labelFromPath, labelKey } from './labels';
import { csvCell, parseCsv, toCsv } from './csv';
import { actorIdentity, gpuLabActivity } from './statements';
import { LEARNER_COLUMNS, percent, sortRows, utcMinute } from './tables';
import type { LearnerRow } from './report';
import { sizeInWords } from './limits';

describe('learner labels from file names', () => {
  it('takes the learner out of what LMSs and browsers put around GPU Lab’s name', () => {
    const cases: [string, string][] = [
      ['Ada Lovelace_1234_assignsubmission_file_gpu-lab-progress-2026-03-02.json', 'Ada Lovelace'],
      ['Ada Lovelace_1234_assignsubmission_file_/gpu-lab-progress-2026-03-02.json', 'Ada Lovelace'],
      ['lovelaceada_1234_5678_gpu-lab-progress-2026-03-02.json', 'lovelaceada'],
      ['lovelaceada_LATE_1234_5678_gpu-lab-progress-2026-03-02.json', 'lovelaceada'],
      ['alice (1).json', 'alice'],
      ['class/bob-smith.json', 'bob-smith'],
      ['gpu-lab-progress-2026-03-02.json', 'gpu-lab-progress-2026-03-02.json'],
    ];
    for (const [path, label] of cases) expect(labelFromPath(path), path).toBe(label);
    expect(labelKey(' Ada  LOVELACE ')).toBe('ada lovelace');
    expect(Array.from(labelFromPath(`${'x'.repeat(500)}.json`))).toHaveLength(120);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const start of ['=', '+', '-', '@', '\t'])
      expect(csvCell(`${start}1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    const csv = toCsv(
      ['a', 'b'],
      [
        ['=1+1', 'x, y'],
        ['@SUM(A1)', '-3'],
      ],
    );
    expect(csv.startsWith('\uFEFFa,b\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['a', 'b'],
      ["'=1+1", 'x, y'],
      ["'@SUM(A1)", "'-3"],
    ]);
  });
});

describe('statements: actors and activities', () => {
  it('names a learner by their identifier, and no one from a group or nothing', () => {
    expect(actorIdentity({ mbox: 'mailto:Ada@X.edu', name: 'Ada' })).toEqual({
      key: 'mbox:mailto:ada@x.edu',
      label: 'Ada',
    });
    expect(actorIdentity({ account: { homePage: 'h', name: 'g1' } })).toEqual({
      key: 'account:h|g1',
      label: 'g1',
    });
    expect(actorIdentity({ mbox_sha1sum: 'abcdef0123456789' })?.label).toBe('learner abcdef01');
    expect(actorIdentity({ objectType: 'Group', mbox: 'mailto:g@x' })).toBeNull();
    expect(actorIdentity({})).toBeNull();
    expect(actorIdentity('mallory')).toBeNull();
    expect(actorIdentity(JSON.parse('{"__proto__": {"mbox": "mailto:x"}}'))).toBeNull();
  });

  it('reads GPU Lab activity ids and nothing else', () => {
    expect(gpuLabActivity('https://h/p/#/embed/quiz/cy-why')).toEqual({
      kind: 'quiz',
      id: 'cy-why',
    });
    expect(gpuLabActivity('https://h/#/embed/check/why-gpus')).toEqual({
      kind: 'check',
      id: 'why-gpus',
    });
    expect(gpuLabActivity('https://h/#/embed/puzzle/map')).toEqual({ kind: 'puzzle', id: 'map' });
    expect(gpuLabActivity('https://h/#/embed/race')).toEqual({ kind: 'widget', id: 'race' });
    expect(gpuLabActivity('https://h/#/lesson/why-gpus/amdahl')).toEqual({
      kind: 'lesson',
      id: 'why-gpus',
    });
    expect(gpuLabActivity('https://h/#/embed/quiz/%E0%A4%A')).toBeNull();
    expect(gpuLabActivity('https://elsewhere/video')).toBeNull();
    expect(gpuLabActivity(42)).toBeNull();
  });
});

describe('tables', () => {
  const row = (label: string, visited: number, last: string | null): LearnerRow => ({
    key: label,
    label,
    source: 'progress file',
    origin: `${label}.json`,
    lessonsVisited: visited,
    lessonsCompleted: 0,
    quickRight: 0,
    quickMissed: 0,
    checkRight: 0,
    checkAnswered: 0,
    checkTotal: 0,
    puzzlesSolved: 0,
    tritonSolved: 0,
    lastActivity: last,
  });
  const rows = [
    row('b', 2, null),
    row('a', 2, '2026-03-02T00:00:00Z'),
    row('c', 5, '2026-03-01T00:00:00Z'),
  ];

  it('sorts by a column either way, stably, with nothing last', () => {
    const labels = (sorted: LearnerRow[]) => sorted.map((r) => r.label);
    expect(labels(sortRows(rows, LEARNER_COLUMNS, null))).toEqual(['b', 'a', 'c']);
    expect(
      labels(sortRows(rows, LEARNER_COLUMNS, { column: 'learner', direction: 'ascending' })),
    ).toEqual(['a', 'b', 'c']);
    expect(
      labels(sortRows(rows, LEARNER_COLUMNS, { column: 'visited', direction: 'descending' })),
    ).toEqual(['c', 'b', 'a']);
    expect(
      labels(sortRows(rows, LEARNER_COLUMNS, { column: 'last', direction: 'ascending' })),
    ).toEqual(['c', 'a', 'b']);
    expect(
      labels(sortRows(rows, LEARNER_COLUMNS, { column: 'last', direction: 'descending' })),
    ).toEqual(['a', 'c', 'b']);
  });

  it('writes times, shares and sizes plainly', () => {
    expect(utcMinute('2026-03-02T10:15:42.318+01:00')).toBe('2026-03-02 09:15');
    expect(utcMinute(null)).toBe('none');
    expect(utcMinute('yesterday')).toBe('none');
    expect(percent(2 / 3)).toBe('67 %');
    expect(percent(null)).toBe('—');
    expect(sizeInWords(512)).toBe('512 bytes');
    expect(sizeInWords(268_435_456)).toBe('268 MB');
  });
});
