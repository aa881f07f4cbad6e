import { describe, expect, it } from 'vitest';
import { MAX_MACHINE_REPORT_CHARS, parseMachineReport, readMachineReport } from './machine-report';
import { DESKTOP_REPORT } from './testing/machine-reports';

const GOOD = DESKTOP_REPORT;

const problemsOf = (value: unknown): string[] => {
  const read = readMachineReport(value);
  return read.ok ? [] : read.problems;
};

describe('parseMachineReport', () => {
  it('reads a report the snippet printed, keeping every field', () => {
    const read = parseMachineReport(JSON.stringify(GOOD, null, 2));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.report).toEqual(GOOD);
    expect(read.notes).toEqual([]);
  });

  it('refuses text that is not JSON, empty, or far too long, saying so', () => {
    expect(parseMachineReport('{"gpu": "x",')).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/not valid JSON/)],
    });
    expect(parseMachineReport('   ')).toMatchObject({
      ok: false,
      problems: ['Nothing was pasted yet.'],
    });
    const long = parseMachineReport(' '.repeat(MAX_MACHINE_REPORT_CHARS + 1));
    expect(long).toMatchObject({ ok: false, problems: [expect.stringMatching(/characters long/)] });
  });

  it('refuses an array, a number or null as a report', () => {
    for (const text of ['[1, 2]', '42', 'null', '"NVIDIA"']) {
      expect(parseMachineReport(text)).toMatchObject({
        ok: false,
        problems: [expect.stringMatching(/not a report object/)],
      });
    }
  });
});

describe('readMachineReport', () => {
  it('names every missing field at once', () => {
    const problems = problemsOf({});
    for (const field of [
      'gpu',
      'sms',
      'memoryBytes',
      'torch',
      'hostOpSeconds',
      'copyBytesPerSecond',
    ]) {
      expect(problems).toContain(`"${field}" is missing`);
    }
    // cuda and computeCapability may be absent (ROCm builds; reports from before it was printed)
    expect(problems.join(' ')).not.toMatch(/"cuda"|"computeCapability"/);
  });

  it('refuses numbers of the wrong type, not finite, or not whole where they must be', () => {
    expect(problemsOf({ ...GOOD, sms: '46' })).toEqual(['"sms" should be a number, not "46"']);
    expect(problemsOf({ ...GOOD, sms: 46.5 })).toEqual([
      '"sms" should be a whole number, not 46.5',
    ]);
    expect(problemsOf({ ...GOOD, hostOpSeconds: null })).toEqual([
      '"hostOpSeconds" should be a number, not null',
    ]);
  });

  it('refuses absurd values, suggesting a unit mix-up', () => {
    // microseconds where seconds were meant
    const [problem] = problemsOf({ ...GOOD, hostOpSeconds: 6.1 });
    expect(problem).toMatch(/"hostOpSeconds" is 6.1 s, outside .* another unit/);
    // GB/s where B/s were meant
    expect(problemsOf({ ...GOOD, copyBytesPerSecond: 430 })[0]).toMatch(/copyBytesPerSecond/);
    expect(problemsOf({ ...GOOD, sms: 0 })[0]).toMatch(/"sms" is 0/);
    expect(problemsOf({ ...GOOD, memoryBytes: 2 ** 50 })[0]).toMatch(/memoryBytes/);
    expect(problemsOf({ ...GOOD, bf16MatmulFlopsPerSecond: -1 })[0]).toMatch(/bf16Matmul/);
  });

  it('refuses a pageable copy far faster than a pinned one', () => {
    expect(problemsOf({ ...GOOD, pageableH2dBytesPerSecond: 50e9 })[0]).toMatch(
      /pageable copy goes through a staging buffer/,
    );
  });

  it('refuses text fields that are empty, too long, of another type, or carry control characters', () => {
    expect(problemsOf({ ...GOOD, gpu: '' })[0]).toMatch(/"gpu" should be a short line/);
    expect(problemsOf({ ...GOOD, gpu: 'x'.repeat(500) })[0]).toMatch(
      /"gpu" should be a short line/,
    );
    expect(problemsOf({ ...GOOD, gpu: 'RTX\u0000' })[0]).toMatch(/"gpu" should be a short line/);
    expect(problemsOf({ ...GOOD, torch: 2.11 })[0]).toMatch(/"torch" should be text, not 2.11/);
    expect(problemsOf({ ...GOOD, computeCapability: 'sm_89' })[0]).toMatch(/major.minor/);
  });

  it('keeps markup in a name as plain text (the views render it as text, never as HTML)', () => {
    const read = readMachineReport({ ...GOOD, gpu: '<img src=x onerror=alert(1)>' });
    expect(read.ok && read.report.gpu).toBe('<img src=x onerror=alert(1)>');
  });

  it('ignores hostile and unknown keys, naming them, and never reads inherited fields', () => {
    const hostile = JSON.parse(
      `{"__proto__": {"sms": 1}, "constructor": 1, ${JSON.stringify(GOOD).slice(1)}`,
    );
    const read = readMachineReport(hostile);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.report.sms).toBe(46);
    expect(read.notes[0]).toMatch(/Not used: "__proto__", "constructor"/);
    const inherited = Object.create({ sms: 46 }) as Record<string, unknown>;
    Object.assign(inherited, { ...GOOD });
    delete inherited.sms;
    expect(problemsOf(inherited)).toContain('"sms" is missing');
  });

  it('notes a report without a compute capability instead of refusing it', () => {
    const older: Partial<typeof GOOD> = { ...GOOD };
    delete older.computeCapability;
    const read = readMachineReport(older);
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.report.computeCapability).toBeNull();
      expect(read.notes.join(' ')).toMatch(/no "computeCapability"/);
    }
  });
});
