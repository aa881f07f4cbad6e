import { describe, expect, it } from 'vitest';
import { buildReport } from './model';
import { readReport, type Finding } from './reading';
import { HARDWARE_SCRIPT, scriptedReadings } from './test-readings';

const CONTEXT = { flops: 2 * 1024 ** 3, fallback: false, compiledPipeline: true };

/** The text of one finding. */
function text(findings: Finding[], id: Finding['id']): string {
  return findings.find((f) => f.id === id)?.text ?? '';
}

describe('what the runs say', () => {
  it('reads a real GPU: the naive clock far too short, the GPU clock under completion, a costly first run', () => {
    const findings = readReport(buildReport(scriptedReadings(HARDWARE_SCRIPT), 'enabled'), CONTEXT);
    expect(findings.map((f) => f.id)).toEqual(['naive', 'gpu', 'first', 'spread']);
    // 2 GFLOP over 20 µs: a rate no GPU reaches.
    expect(text(findings, 'naive')).toMatch(
      /^The clock around submit read 20 µs, 121× shorter than the wait for completion \(2.42 ms\).*claim 107,374 GFLOP\/s.*synchronize/,
    );
    expect(text(findings, 'gpu')).toMatch(
      /pass itself at 2 ms\. Waiting for completion adds 420 µs/,
    );
    expect(text(findings, 'first')).toMatch(
      /^The first run took 33.1 ms, 13.7× a warm run's 2.42 ms: 30 ms before submit went on compiling the pipeline/,
    );
    expect(text(findings, 'spread')).toMatch(
      /Over 5 warm runs .* from 2.32 ms to 2.52 ms \(± 1.9 %/,
    );
  });

  it('says "far below" when the coarse page clock read 0 s around every warm submit', () => {
    const coarse = scriptedReadings([
      { setup: 0.03, submit: 0, gpu: 0.02, after: 0.001 },
      { submit: 0, gpu: 0.02, after: 0.001 },
      { submit: 0, gpu: 0.02, after: 0.001 },
    ]);
    const findings = readReport(buildReport(coarse, 'enabled'), CONTEXT);
    expect(text(findings, 'naive')).toMatch(
      /^The clock around submit read 0 s, far below the wait for completion/,
    );
  });

  it('says when submit did the work first, and when the pipeline was already compiled', () => {
    const software = scriptedReadings([
      { setup: 0.01, submit: 0.03, gpu: 0.01, after: 0.001 },
      { submit: 0.03, gpu: 0.01, after: 0.001 },
    ]);
    const findings = readReport(buildReport(software, 'enabled'), {
      ...CONTEXT,
      fallback: true,
      compiledPipeline: false,
    });
    expect(text(findings, 'naive')).toMatch(/was not the shortest: .*a software adapter may do/);
    expect(text(findings, 'first')).toMatch(/already compiled by an earlier run/);
  });

  it('says plainly why there is no GPU clock', () => {
    const none = scriptedReadings(HARDWARE_SCRIPT, { timestamps: 'none' });
    expect(text(readReport(buildReport(none, 'adapter-lacks'), CONTEXT), 'gpu')).toMatch(
      /does not offer the "timestamp-query" feature/,
    );
    expect(text(readReport(buildReport(none, 'device-lacks'), CONTEXT), 'gpu')).toMatch(
      /created without it/,
    );
    const equal = scriptedReadings(HARDWARE_SCRIPT, { timestamps: 'equal' });
    expect(text(readReport(buildReport(equal, 'enabled'), CONTEXT), 'gpu')).toMatch(
      /equal at both ends.*100 µs/,
    );
  });
});

describe('a coarse page clock', () => {
  it('explains submits that read 0 s', () => {
    const script = HARDWARE_SCRIPT.map((run, i) => (i === 2 ? { ...run, submit: 0 } : run));
    const naive = readReport(buildReport(scriptedReadings(script), 'enabled'), CONTEXT)[0]!;
    expect(naive.text).toMatch(
      /1 of the warm readings were 0 s: browsers coarsen the page's clock/,
    );
  });
});

describe('a short kernel on the GPU clock', () => {
  it('calls the rounded timestamps rough when the pass is short', () => {
    const short = HARDWARE_SCRIPT.map((run) => ({ ...run, gpu: 0.0001 }));
    const gpu = readReport(buildReport(scriptedReadings(short), 'enabled'), CONTEXT)[1]!;
    expect(gpu.text).toMatch(/take that figure as rough/);
    const long = readReport(buildReport(scriptedReadings(HARDWARE_SCRIPT), 'enabled'), CONTEXT)[1]!;
    expect(long.text).not.toMatch(/rough/);
  });
});
