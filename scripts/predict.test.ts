import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * Runs the predict CLI as `npm run -s predict -- FILE` does, through tsx's loader, on `contents`
 * (Node with `--import tsx` directly: what the tsx command starts, without npx's start-up).
 */
function runCli(contents: string): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'predict-'));
  const file = join(dir, 'scenarios.json');
  writeFileSync(file, contents);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/predict.ts', file], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Kernel, transfer and network scenarios that all succeed: one run of the CLI (it exits 0 for
 * them all) read by the two tests below, each checking its own part. Run on first use.
 */
let allGood: ReturnType<typeof runCli> | undefined;
function runAllGood(): ReturnType<typeof runCli> {
  allGood ??= runCli(
    JSON.stringify([
      { id: 'mm', op: 'matmul', gpu: 'a100-sxm-80gb', m: 8192, n: 8192, k: 8192, dtype: 'bf16' },
      { id: 'up', op: 'h2d', link: 'pcie4', bytes: 268435456, pinned: true },
      {
        id: 'fits',
        op: 'train-step',
        model: 'mlp-mnist',
        gpu: 't4',
        batch: 128,
        precision: 'fp32',
        optimizer: 'adam',
      },
      {
        id: 'too-big',
        op: 'train-step',
        model: 'gpt2-1.5b',
        gpu: 't4',
        batch: 8,
        seq: 1024,
        precision: 'amp-fp16',
        optimizer: 'adamw',
      },
      { id: 'ar', op: 'allreduce', gpu: 'h100-sxm', gpus: 8, bytes: 1e9, link: 'nvlink4' },
    ]),
  );
  return allGood;
}

describe('predict CLI', () => {
  it('prints only a JSON array of {id, seconds} and exits 0', () => {
    const out = runAllGood();
    expect(out.status).toBe(0);
    const parsed = JSON.parse(out.stdout) as Array<{ id: string; seconds: number }>;
    expect(parsed.map((r) => r.id)).toEqual(['mm', 'up', 'fits', 'too-big', 'ar']);
    // 8192^3 bf16 on an A100 runs at about 270 TFLOP/s, so about 4 ms.
    expect(parsed[0]!.seconds).toBeGreaterThan(3.5e-3);
    expect(parsed[0]!.seconds).toBeLessThan(4.5e-3);
    expect(parsed[1]!.seconds).toBeGreaterThan(0);
  }, 60_000);

  it('answers an impossible scenario with an error in its place and exits 2', () => {
    const out = runCli(
      JSON.stringify([
        { id: 'ok', op: 'copy', gpu: 'h200-sxm', bytes: 1024 },
        { id: 'bad', op: 'copy', gpu: 'h200-sxm', bytes: -1 },
      ]),
    );
    expect(out.status).toBe(2);
    const parsed = JSON.parse(out.stdout) as Array<Record<string, unknown>>;
    expect(parsed[0]).toHaveProperty('seconds');
    expect(parsed[1]).toMatchObject({ id: 'bad' });
    expect(String(parsed[1]!.error)).toMatch(/bytes/);
  }, 60_000);

  it('answers network scenarios with seconds and bytes, and a model too big with fits: false', () => {
    const out = runAllGood();
    expect(out.status).toBe(0);
    const [, , fits, tooBig, ar] = JSON.parse(out.stdout) as Array<Record<string, unknown>>;
    // 669,706 parameters x 16 bytes (weights, gradients, two Adam moments) is the floor.
    expect(Number(fits!.bytes)).toBeGreaterThan(669_706 * 16);
    expect(fits!.fits).toBe(true);
    expect(tooBig!.fits).toBe(false);
    expect(Number(tooBig!.bytes)).toBeGreaterThan(16e9);
    expect(Object.keys(ar!).sort()).toEqual(['id', 'seconds']);
  }, 60_000);

  it('exits 2 with a message for a file that is not a JSON array', () => {
    const notArray = runCli('{"id": "x"}');
    expect(notArray.status).toBe(2);
    expect(notArray.stdout).toBe('');
    expect(notArray.stderr).toMatch(/expected a JSON array/);
    const notJson = runCli('not json');
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toMatch(/not valid JSON/);
  }, 60_000);
});
