import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTraceDir } from '../../scripts/check-traces';

const FIXTURES = resolve(__dirname, '../fixtures/traces');

describe('check:traces', () => {
  it('reads the recorded example as the recording script measured it', async () => {
    const [check] = await checkTraceDir(FIXTURES);
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
    const checks = await checkTraceDir(FIXTURES);
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
    const [bert] = manifest.cases;
    bert.files = bert.files.map((f: string) => resolve(FIXTURES, f));
    const dir = await mkdtemp(join(tmpdir(), 'traces-'));
    const wrong = {
      cases: [
        { ...bert, kernelsPerStep: 1144 },
        { ...bert, gpuBusyShare: bert.gpuBusyShare + 0.03 },
        { ...bert, verdict: 'compute' },
      ],
    };
    await writeFile(join(dir, 'expected.json'), JSON.stringify(wrong));
    expect((await checkTraceDir(dir)).map((c) => c.ok)).toEqual([false, false, false]);
  });
});
