import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUSY_SHARE_TOLERANCE_POINTS,
  checkTraceDir,
  type TraceCheck,
} from '../../scripts/check-traces';

const FIXTURES = resolve(__dirname, '../fixtures/traces');

// The first two tests look at the same check of the fixtures, so the eight files are read once,
// by whichever test runs first (inside its own timeout, and also when only one of them is run).
let fixtureChecks: Promise<TraceCheck[]> | undefined;
const checkFixtures = () => (fixtureChecks ??= checkTraceDir(FIXTURES));

describe('check:traces', () => {
  it('reads the recorded example as the recording script measured it', async () => {
    const [check] = await checkFixtures();
    expect(check).toMatchObject({
      ok: true,
      kernelsPerStep: { expected: 1145, read: 1145 },
      verdict: { expected: 'host', read: 'host' },
    });
    expect(Math.abs(check!.busySharePercent.read - check!.busySharePercent.expected)).toBeLessThan(
      2.5,
    );
  });

  it('reads every trace recorded on the H200 as the recording script measured it', async () => {
    const checks = await checkFixtures();
    const failed = checks.filter((c) => !c.ok).map((c) => c.file);
    expect(failed).toEqual([]);
    // The example plus five networks recorded on 2026-11-27, the two small ones plain and gzipped.
    expect(checks).toHaveLength(8);
    expect(new Set(checks.map((c) => c.verdict.read))).toEqual(
      new Set(['host', 'data-loading', 'memory']),
    );
    const long = checks.find((c) => c.file === 'trace-mlp-b64-fp32-40-steps.json.gz');
    expect(long?.kernelsPerStep).toEqual({ expected: 30, read: 30 });
  });

  it('fails a file whose recorded numbers the reader does not reproduce', async () => {
    const manifest = JSON.parse(await readFile(join(FIXTURES, 'expected.json'), 'utf8'));
    // The small gzipped MLP trace (14 KB) checks the comparison as well as the 616 KB BERT one.
    const mlp = manifest.cases.find((c: { name: string }) => c.name === 'mlp-b64-fp32');
    mlp.files = [resolve(FIXTURES, 'trace-mlp-b64-fp32.json.gz')];
    const dir = await mkdtemp(join(tmpdir(), 'traces-'));
    // Each wrong case changes one number, each far enough that it fails whatever the reader
    // reads within the check's bounds: the busy share moves 10 points against a tolerance of
    // 2.5. The unchanged case first shows that the copy of the manifest itself passes.
    const busyShift = 0.1;
    expect(100 * busyShift).toBeGreaterThan(2 * BUSY_SHARE_TOLERANCE_POINTS);
    const wrong = {
      cases: [
        mlp,
        { ...mlp, kernelsPerStep: mlp.kernelsPerStep - 1 },
        { ...mlp, gpuBusyShare: mlp.gpuBusyShare + busyShift },
        { ...mlp, verdict: 'compute' },
      ],
    };
    await writeFile(join(dir, 'expected.json'), JSON.stringify(wrong));
    expect((await checkTraceDir(dir)).map((c) => c.ok)).toEqual([true, false, false, false]);
  });
});
