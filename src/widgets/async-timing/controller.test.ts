import { describe, expect, it } from 'vitest';
import { AsyncTimingController, NO_WEBGPU_TEXT } from './controller';
import { fakeTimingDeps } from './test-deps';

describe('AsyncTimingController', () => {
  it('times a first run and the warm runs, showing each as it ends, then reports', async () => {
    const seen: number[] = [];
    const { deps, sizes } = fakeTimingDeps();
    const controller = new AsyncTimingController(deps);
    controller.subscribe((s) => {
      if (s.status === 'running') seen.push(s.live.length);
    });
    await controller.run('auto', 5);
    expect(sizes).toEqual([1024]);
    expect(seen.at(-1)).toBe(6);
    const state = controller.getState();
    expect(state.status).toBe('done');
    expect(state.adapter).toMatchObject({ fallback: false, timestamps: 'enabled' });
    expect(state.result?.n).toBe(1024);
    expect(state.result?.report.runs).toHaveLength(6);
    expect(state.result?.report.naiveIsShortest).toBe(true);
    expect(state.result?.findings.map((f) => f.id)).toEqual(['naive', 'gpu', 'first', 'spread']);
    expect(state.progress).toBeNull();
  });

  it('runs a smaller matrix on a software adapter, and says when it reduced the size', async () => {
    const { deps, sizes } = fakeTimingDeps({ fallback: true });
    const controller = new AsyncTimingController(deps);
    await controller.run('auto', 3);
    await controller.run('2048', 3);
    expect(sizes).toEqual([256, 512]);
    expect(controller.getState().notice).toMatch(/Reduced 2048 × 2048 to 512 × 512/);
  });

  it('explains a missing WebGPU before any run, and again when asked to run', async () => {
    const { deps } = fakeTimingDeps({ webgpu: false });
    const controller = new AsyncTimingController(deps);
    expect(controller.getState().unavailable).toBe(NO_WEBGPU_TEXT);
    await controller.run('auto', 3);
    expect(controller.getState()).toMatchObject({
      status: 'error',
      unavailable: 'This browser has no WebGPU (navigator.gpu is missing).',
      result: null,
    });
  });

  it('cancels between runs and stays ready', async () => {
    const holder: { controller?: AsyncTimingController } = {};
    let cancels = 1;
    const { deps } = fakeTimingDeps({
      beforeRun: (index) => {
        if (index === 2 && cancels-- > 0) holder.controller?.cancel();
      },
    });
    const controller = new AsyncTimingController(deps);
    holder.controller = controller;
    await controller.run('256', 5);
    expect(controller.getState()).toMatchObject({
      status: 'idle',
      live: [],
      result: null,
      notice: 'Cancelled between runs. Run it again whenever you like.',
    });
    await controller.run('256', 3);
    expect(controller.getState().status).toBe('done');
  });

  it('reports a failure in words and runs again', async () => {
    const { deps } = fakeTimingDeps({ failAfter: { runs: 2, message: 'The GPU device was lost' } });
    const controller = new AsyncTimingController(deps);
    await controller.run('512', 4);
    expect(controller.getState()).toMatchObject({
      status: 'error',
      error: 'The GPU device was lost. Nothing needs reloading: run it again.',
      live: [],
    });
  });

  it('shows no times when the output does not match the CPU reference', async () => {
    const { deps } = fakeTimingDeps({ verified: false });
    const controller = new AsyncTimingController(deps);
    await controller.run('128', 3);
    const state = controller.getState();
    expect(state.status).toBe('error');
    expect(state.result).toBeNull();
    expect(state.error).toMatch(/did not match the CPU reference \(3 of 4,096 values differ\)/);
  });

  it('ignores a second run while one is going', async () => {
    const { deps, sizes } = fakeTimingDeps();
    const controller = new AsyncTimingController(deps);
    await Promise.all([controller.run('128', 3), controller.run('256', 3)]);
    expect(sizes).toEqual([128]);
  });
});
