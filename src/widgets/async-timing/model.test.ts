import { describe, expect, it } from 'vitest';
import { buildReport, matmulSizeFor, runTimings, type ClockId, type TimingReport } from './model';
import { HARDWARE_SCRIPT, scriptedReadings } from './test-readings';

/** The row of one clock. */
function row(report: TimingReport, clock: ClockId) {
  const found = report.rows.find((r) => r.clock === clock);
  if (!found) throw new Error(`no ${clock} row`);
  return found;
}

describe('turning clock readings into three timings', () => {
  it('times each run around the submit, until completion, and between the GPU timestamps', () => {
    const [first, warm] = scriptedReadings(HARDWARE_SCRIPT.slice(0, 2));
    const a = runTimings(first!, 0);
    expect(a.setupSeconds).toBeCloseTo(0.03, 9);
    expect(a.naiveSeconds).toBeCloseTo(0.00005, 9);
    expect(a.completionSeconds).toBeCloseTo(0.00005 + 0.0026 + 0.0004, 9);
    expect(a.gpuSeconds).toBeCloseTo(0.0026, 9);
    const b = runTimings(warm!, 1);
    expect(b).toMatchObject({ index: 1, setupSeconds: null });
    expect(b.naiveSeconds).toBeCloseTo(0.00002, 9);
    expect(b.completionSeconds).toBeCloseTo(0.00232, 9);
    expect(b.gpuSeconds).toBeCloseTo(0.002, 9);
  });

  it('finds the naive clock the shortest: it stops when the work is queued, not done', () => {
    const report = buildReport(scriptedReadings(HARDWARE_SCRIPT), 'enabled');
    expect(report.naiveIsShortest).toBe(true);
    for (const run of report.runs) {
      expect(run.naiveSeconds).toBeLessThan(run.gpuSeconds!);
      expect(run.gpuSeconds!).toBeLessThan(run.completionSeconds);
    }
    expect(row(report, 'naive').warm!.medianSeconds).toBeCloseTo(0.00002, 9);
    expect(report.naiveShareOfCompletion).toBeCloseTo(0.00002 / 0.00242, 6);
  });

  it('sets the first run apart and summarises the warm runs by median and spread', () => {
    const report = buildReport(scriptedReadings(HARDWARE_SCRIPT), 'enabled');
    const completion = row(report, 'completion');
    expect(completion.firstSeconds).toBeCloseTo(0.00305, 9);
    // Warm completions: 2.32, 2.43, 2.42, 2.34, 2.52 ms.
    expect(completion.warm).toMatchObject({ samples: 5 });
    expect(completion.warm!.medianSeconds).toBeCloseTo(0.00242, 9);
    expect(completion.warm!.minSeconds).toBeCloseTo(0.00232, 9);
    expect(completion.warm!.maxSeconds).toBeCloseTo(0.00252, 9);
    expect(completion.warm!.relativeSpread).toBeCloseTo((0.00243 - 0.00234) / 2 / 0.00242, 6);
    expect(row(report, 'gpu').warm!.medianSeconds).toBeCloseTo(0.002, 9);
    expect(report.firstTotalSeconds).toBeCloseTo(0.03305, 9);
    expect(report.firstOverWarm).toBeCloseTo(0.03305 / 0.00242, 6);
    expect(report.gpuStatus).toBe('ok');
  });

  it('says so when submit did the work before returning, as a software adapter may', () => {
    const software = scriptedReadings([
      { setup: 0.04, submit: 0.03, gpu: 0.01, after: 0.001 },
      { submit: 0.03, gpu: 0.01, after: 0.001 },
      { submit: 0.031, gpu: 0.011, after: 0.001 },
    ]);
    const report = buildReport(software, 'enabled');
    // Submit still returns before completion, but it outlasts the GPU's own time.
    expect(report.naiveIsShortest).toBe(false);
    expect(report.naiveShareOfCompletion).toBeGreaterThan(0.5);
  });

  it('leaves the GPU clock empty, and says why, without timestamps', () => {
    const readings = scriptedReadings(HARDWARE_SCRIPT, { timestamps: 'none' });
    for (const support of ['adapter-lacks', 'device-lacks'] as const) {
      const report = buildReport(readings, support);
      expect(report.gpuStatus).toBe(support);
      expect(row(report, 'gpu')).toEqual({ clock: 'gpu', firstSeconds: null, warm: null });
      // The naive clock is then compared with completion alone.
      expect(report.naiveIsShortest).toBe(true);
    }
  });

  it('calls timestamps that read the same at both ends coarse, and some missing partial', () => {
    const coarse = buildReport(
      scriptedReadings(HARDWARE_SCRIPT, { timestamps: 'equal' }),
      'enabled',
    );
    expect(coarse.gpuStatus).toBe('coarse');
    expect(row(coarse, 'gpu').warm).toBeNull();
    const readings = scriptedReadings(HARDWARE_SCRIPT);
    readings[2] = { ...readings[2]!, gpuTimestampsNs: [7n, 7n] };
    const partial = buildReport(readings, 'enabled');
    expect(partial.gpuStatus).toBe('partial');
    expect(row(partial, 'gpu').warm!.samples).toBe(4);
  });

  it('never reports a negative time, and needs a first run and a warm one', () => {
    const backwards = {
      setupStart: null,
      submitStart: 5,
      submitEnd: 4,
      doneAt: 3,
      gpuTimestampsNs: null,
    };
    expect(runTimings(backwards, 1)).toMatchObject({ naiveSeconds: 0, completionSeconds: 0 });
    expect(() => buildReport(scriptedReadings(HARDWARE_SCRIPT.slice(0, 1)), 'enabled')).toThrow(
      RangeError,
    );
  });
});

describe('the matmul size for a choice', () => {
  it('picks a size suited to the adapter for auto', () => {
    expect(matmulSizeFor('auto', false)).toEqual({ n: 1024, note: null });
    expect(matmulSizeFor('auto', true)).toEqual({ n: 256, note: null });
  });

  it('keeps a chosen size, but caps it on a software adapter with a note', () => {
    expect(matmulSizeFor('2048', false)).toEqual({ n: 2048, note: null });
    expect(matmulSizeFor('512', true)).toEqual({ n: 512, note: null });
    const capped = matmulSizeFor('1024', true);
    expect(capped.n).toBe(512);
    expect(capped.note).toMatch(/Reduced 1024 × 1024 to 512 × 512: .*minutes/);
  });
});
