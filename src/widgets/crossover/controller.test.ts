import { describe, expect, it } from 'vitest';
import { passedCheck } from './testing/checks';
import { CrossoverController, PROGRESS_INTERVAL_SECONDS } from './controller';
import type { CrossoverDeps, CrossoverGpu, GpuSample } from './types';
import type { F32Check } from '../../compute/verify-f32';

const bad: F32Check = {
  ok: false,
  checked: 4,
  total: 4,
  mismatches: 1,
  maxAbsError: 3,
  firstMismatch: { index: 2, expected: 1, actual: 4 },
};

/** A clock the test moves by hand: nothing depends on how long anything really took. */
function handClock() {
  let t = 0;
  return { now: () => t, advance: (s: number) => (t += s) };
}

/** Fake times: the CPU grows linearly from nothing, the GPU pays 1 ms fixed plus a tenth per element. */
function fakeDeps(options: { gpu?: CrossoverGpu; onCpu?: (size: number) => void } = {}) {
  const clock = handClock();
  const calls: string[] = [];
  const gpu: CrossoverGpu = options.gpu ?? {
    ok: true,
    adapter: { description: 'google · swiftshader', isFallback: true },
    async measure(op, size, kernelAlone, onProgress): Promise<GpuSample> {
      calls.push(`gpu ${op} ${size}${kernelAlone ? ' +kernel' : ''}`);
      onProgress(0.5);
      return {
        seconds: 1e-3 + size * 1e-7,
        kernelSeconds: kernelAlone ? size * 1e-8 : null,
        check: passedCheck(size),
        size,
        kernelLabel: 'ReLU',
      };
    },
  };
  const deps: CrossoverDeps = {
    async measureCpu(op, size, onProgress) {
      calls.push(`cpu ${op} ${size}`);
      options.onCpu?.(size);
      clock.advance(PROGRESS_INTERVAL_SECONDS);
      onProgress(1);
      return { seconds: size * 1e-6, check: passedCheck(size), workers: 2 };
    },
    getGpu: async () => gpu,
    now: clock.now,
  };
  return { deps, calls, clock };
}

describe('CrossoverController', () => {
  it('measures CPU then GPU at each size, smallest first, and finishes done', async () => {
    const { deps, calls } = fakeDeps();
    const c = new CrossoverController(deps);
    await c.run({ op: 'relu', sizes: [100, 1000, 10000], kernelAlone: true });
    expect(calls).toEqual([
      'cpu relu 100',
      'gpu relu 100 +kernel',
      'cpu relu 1000',
      'gpu relu 1000 +kernel',
      'cpu relu 10000',
      'gpu relu 10000 +kernel',
    ]);
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(s.progress).toBeNull();
    expect(s.results.relu?.complete).toBe(true);
    expect(s.results.relu?.points.map((p) => p.size)).toEqual([100, 1000, 10000]);
    expect(s.results.relu?.points[2]?.gpu?.kernelSeconds).toBeCloseTo(1e-4, 12);
    expect(s.adapter?.isFallback).toBe(true);
    expect(s.results.matmul).toBeNull();
  });

  it('shows progress while running, spaced on the injected clock', async () => {
    const { deps } = fakeDeps();
    const c = new CrossoverController(deps);
    const seen: number[] = [];
    c.subscribe((s) => s.progress && seen.push(s.progress.fraction));
    await c.run({ op: 'matmul', sizes: [16, 32], kernelAlone: false });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
  });

  it('cancels between sizes, keeping what was measured', async () => {
    let c: CrossoverController | null = null;
    const { deps } = fakeDeps({ onCpu: (size) => size === 1000 && c?.cancel() });
    c = new CrossoverController(deps);
    await c.run({ op: 'relu', sizes: [100, 1000, 10000], kernelAlone: false });
    const s = c.getState();
    expect(s.status).toBe('idle');
    expect(s.notice).toMatch(/cancelled after 1 of 3 sizes/);
    expect(s.results.relu?.points).toHaveLength(1);
    expect(s.results.relu?.complete).toBe(false);
  });

  it('still measures the CPU without WebGPU, and says why the GPU is missing', async () => {
    const { deps } = fakeDeps({ gpu: { ok: false, message: 'This browser has no WebGPU.' } });
    const c = new CrossoverController(deps);
    await c.run({ op: 'relu', sizes: [100, 1000], kernelAlone: false });
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(s.gpuUnavailable).toBe('This browser has no WebGPU.');
    expect(s.results.relu?.points.every((p) => p.cpu !== null && p.gpu === null)).toBe(true);
  });

  it('keeps a wrong result out of the plot and says so', async () => {
    const gpu: CrossoverGpu = {
      ok: true,
      adapter: { description: 'real', isFallback: false },
      measure: async (_op, size) => ({
        seconds: 1,
        kernelSeconds: null,
        check: bad,
        size,
        kernelLabel: 'ReLU',
      }),
    };
    const { deps } = fakeDeps({ gpu });
    const c = new CrossoverController(deps);
    await c.run({ op: 'relu', sizes: [4], kernelAlone: false });
    const point = c.getState().results.relu?.points[0];
    expect(point?.gpu?.check.ok).toBe(false);
    expect(point?.note).toMatch(/GPU: 1 of all 4 values differ/);
  });

  it('records a failing side as a note and goes on', async () => {
    const gpu: CrossoverGpu = {
      ok: true,
      adapter: { description: 'real', isFallback: false },
      measure: async () => {
        throw new Error('device lost');
      },
    };
    const { deps } = fakeDeps({ gpu });
    const c = new CrossoverController(deps);
    await c.run({ op: 'relu', sizes: [4, 16], kernelAlone: false });
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(s.results.relu?.points.map((p) => p.note)).toEqual([
      'GPU failed: device lost',
      'GPU failed: device lost',
    ]);
  });

  it('refuses an empty sweep with a message, and a second run while one runs', async () => {
    const { deps, calls } = fakeDeps();
    const c = new CrossoverController(deps);
    await c.run({ op: 'relu', sizes: [], kernelAlone: false });
    expect(c.getState()).toMatchObject({
      status: 'error',
      error: 'There are no sizes to measure.',
    });
    const first = c.run({ op: 'relu', sizes: [4], kernelAlone: false });
    await c.run({ op: 'relu', sizes: [8], kernelAlone: false });
    await first;
    expect(calls).toEqual(['cpu relu 4', 'gpu relu 4']);
  });
});
