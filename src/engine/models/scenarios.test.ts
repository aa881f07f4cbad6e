import { describe, it, expect } from 'vitest';
import { copyDescriptor, matmulDescriptor } from './descriptor';
import { predictKernel } from './kernel';
import { runScenarios } from './scenarios';
import { getGpu } from '../catalog/hardware';
import { predictTransfer } from './transfer';

describe('runScenarios', () => {
  it("answers each scenario in order with the model's seconds", () => {
    const run = runScenarios([
      { id: 'mm', op: 'matmul', gpu: 'h100-sxm', m: 4096, n: 4096, k: 4096, dtype: 'bf16' },
      { id: 'cp', op: 'copy', gpu: 'rtx-4090', bytes: 2 ** 30 },
      {
        id: 3,
        op: 'elementwise',
        gpu: 'apple-m2',
        elements: 1e6,
        dtype: 'fp16',
        flopsPerElement: 1,
      },
      { id: 'up', op: 'h2d', link: 'pcie5', bytes: 1e8, pinned: true },
      { id: 'down', op: 'd2h', gpu: 'gtx-1650', bytes: 1e8, pinned: false },
    ]);
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    expect(run.exitCode).toBe(0);
    expect(run.results.map((r) => r.id)).toEqual(['mm', 'cp', 3, 'up', 'down']);
    expect(run.results[0]).toEqual({
      id: 'mm',
      seconds: predictKernel('h100-sxm', matmulDescriptor(4096, 4096, 4096, 'bf16')).seconds,
    });
    expect(run.results[1]).toEqual({
      id: 'cp',
      seconds: predictKernel('rtx-4090', copyDescriptor(2 ** 30)).seconds,
    });
    expect(run.results[4]).toEqual({
      id: 'down',
      seconds: predictTransfer({ gpu: 'gtx-1650', bytes: 1e8, direction: 'd2h', pinned: false })
        .seconds,
    });
  });

  it('puts an error in place of a scenario it cannot answer, and exits 2', () => {
    const run = runScenarios([
      { id: 'ok', op: 'copy', gpu: 'h200-sxm', bytes: 1024 },
      { id: 'fp8', op: 'matmul', gpu: 'a100-sxm-40gb', m: 8, n: 8, k: 8, dtype: 'fp8' },
      { id: 'gpu', op: 'copy', gpu: 'voodoo2', bytes: 1 },
      { id: 'neg', op: 'copy', gpu: 'h200-sxm', bytes: -1 },
      { id: 'str', op: 'copy', gpu: 'h200-sxm', bytes: '1024' },
      { id: 'op', op: 'conv', gpu: 'h200-sxm' },
      { id: 'pin', op: 'h2d', link: 'pcie4', bytes: 1 },
      { id: 'none', op: 'h2d', bytes: 1, pinned: true },
      { id: 'dtype', op: 'matmul', gpu: 'h100-sxm', m: 8, n: 8, k: 8, dtype: 'int8' },
      { op: 'copy', gpu: 'h200-sxm', bytes: 1 },
      'not an object',
    ]);
    expect(run.ok && run.exitCode).toBe(2);
    if (!run.ok) return;
    const [ok, ...rest] = run.results;
    // A 1 KiB copy is all launch: the H200's launch overhead, plus well under a nanosecond.
    expect(ok).toEqual({
      id: 'ok',
      seconds: expect.closeTo(getGpu('h200-sxm').launchOverheadSeconds.value, 8),
    });
    const errors = rest.map((r) => ('error' in r ? r.error : ''));
    expect(errors[0]).toMatch(/fp8/);
    expect(errors[1]).toMatch(/"voodoo2"/);
    expect(errors[2]).toMatch(/bytes.*-1/);
    expect(errors[3]).toMatch(/bytes must be a number, got "1024"/);
    expect(errors[4]).toMatch(/op.*"conv"/);
    expect(errors[5]).toMatch(/pinned/);
    expect(errors[6]).toMatch(/gpu or a link/);
    expect(errors[7]).toMatch(/dtype.*"int8"/);
    expect(errors[8]).toMatch(/needs an "id"/);
    expect(errors[9]).toMatch(/scenario 10 must be an object/);
    expect(rest.every((r) => 'error' in r)).toBe(true);
  });

  it('rejects input that is not an array', () => {
    for (const json of [{}, null, 'x', 3]) {
      const run = runScenarios(json);
      expect(run.ok).toBe(false);
      expect(run.exitCode).toBe(2);
      if (!run.ok) expect(run.message).toMatch(/expected a JSON array/);
    }
  });

  it('accepts an empty array', () => {
    expect(runScenarios([])).toEqual({ ok: true, results: [], exitCode: 0 });
  });
});
