import { describe, expect, it } from 'vitest';
import {
  CUT_SHORT,
  deadlineMessage,
  KernelLabController,
  RUN_DEADLINE_SECONDS,
  stageWords,
  type KernelLabDeps,
} from './controller';
import { depsWith, FAKE_ADAPTER as adapter, fakeGpu, fakeResult } from './test-fixtures';

describe('KernelLabController', () => {
  it('runs a kernel: running with progress, then done with a verified result', async () => {
    const c = new KernelLabController(depsWith(fakeGpu()));
    const seen: string[] = [];
    c.subscribe((s) => seen.push(`${s.status}:${s.activity?.label ?? ''}`));
    await c.run({ kernel: 'relu', size: { elements: 1000 } });
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(s.activity).toBeNull();
    expect(s.adapter).toEqual(adapter);
    expect(s.results).toHaveLength(1);
    expect(s.results[0]).toMatchObject({ kernel: 'relu', verified: true, medianSeconds: 0.01 });
    expect(s.latest).toBe('relu');
    expect(seen[0]).toMatch(/^running:ReLU, 1,000 elements/);
    expect(seen.some((t) => /timing batches/.test(t))).toBe(true);
  });

  it('keeps the latest result of each kernel, in the lab order', async () => {
    const c = new KernelLabController(depsWith(fakeGpu()));
    await c.run({ kernel: 'fma', size: { elements: 256 } });
    await c.run({ kernel: 'copy', size: { elements: 10 } });
    await c.run({ kernel: 'copy', size: { elements: 20 } });
    expect(c.getState().results.map((r) => [r.kernel, r.size])).toEqual([
      ['copy', { elements: 20 }],
      ['fma', { elements: 256 }],
    ]);
  });

  it('passes on the note when the size was reduced to fit', async () => {
    const gpu = fakeGpu({
      run: async (r) =>
        fakeResult(r.kernel, { elements: 8 }, 0.01, { sizeNote: 'Reduced 9 to 8.' }),
    });
    const c = new KernelLabController(depsWith(gpu));
    await c.run({ kernel: 'relu', size: { elements: 9 } });
    expect(c.getState().notice).toBe('Reduced 9 to 8.');
  });

  it('shows why there is no GPU, and still accepts the next run', async () => {
    const c = new KernelLabController(depsWith({ message: 'This browser has no WebGPU.' }));
    await c.run({ kernel: 'relu', size: { elements: 10 } });
    expect(c.getState()).toMatchObject({
      status: 'error',
      unavailable: 'This browser has no WebGPU.',
      error: 'This browser has no WebGPU.',
    });
  });

  for (const [what, message] of [
    ['a lost device', 'The GPU device was lost during the run (destroyed).'],
    ['a shader that does not compile', 'The ReLU shader did not compile: line 3: oops'],
    [
      'an allocation out of memory',
      'The GPU ran out of memory trying to allocate the copy buffers',
    ],
  ] as const) {
    it(`reports ${what} and works again on the next run`, async () => {
      let calls = 0;
      const gpu = fakeGpu({
        run: async (r) => {
          if (calls++ === 0) throw new Error(message);
          return fakeResult(r.kernel, r.size, 0.01);
        },
      });
      const c = new KernelLabController(depsWith(gpu));
      await c.run({ kernel: 'relu', size: { elements: 10 } });
      expect(c.getState().status).toBe('error');
      expect(c.getState().error).toContain(message);
      expect(c.getState().error).toMatch(/Nothing needs reloading/);
      await c.run({ kernel: 'relu', size: { elements: 10 } });
      expect(c.getState()).toMatchObject({ status: 'done', error: null });
    });
  }

  it('cancels: back to idle with a notice, results kept', async () => {
    let release: () => void = () => {};
    const gpu = fakeGpu({
      run: (r, _progress, signal) =>
        new Promise((resolve, reject) => {
          release = () => resolve(fakeResult(r.kernel, r.size, 0.01));
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const c = new KernelLabController(depsWith(gpu));
    const running = c.run({ kernel: 'relu', size: { elements: 10 } });
    await Promise.resolve();
    await Promise.resolve();
    expect(c.getState().status).toBe('running');
    c.cancel();
    await running;
    expect(c.getState()).toMatchObject({
      status: 'idle',
      notice: 'Cancelled. The lab is ready again.',
    });
    release();
  });

  it('ignores a second run while one is going', async () => {
    let runs = 0;
    const gpu = fakeGpu({
      run: async (r) => {
        runs++;
        return fakeResult(r.kernel, r.size, 0.01);
      },
    });
    const c = new KernelLabController(depsWith(gpu));
    await Promise.all([
      c.run({ kernel: 'relu', size: { elements: 10 } }),
      c.run({ kernel: 'copy', size: { elements: 10 } }),
    ]);
    expect(runs).toBe(1);
  });

  it('says what a run is doing: compiling, waiting, warming up, batch k of n, checking', () => {
    expect(stageWords({ stage: 'prepare', fraction: 0 })).toMatch(/^compiling the kernel/);
    expect(stageWords({ stage: 'wait', fraction: 0.04 })).toMatch(/^waiting for GPU work queued/);
    expect(stageWords({ stage: 'warm-up', fraction: 0.05 })).toBe('warming up (one untimed run)');
    expect(
      stageWords({ stage: 'calibrate', fraction: 0.2, batch: 2, batches: 12, repeats: 40 }),
    ).toBe('sizing batches to 10 ms (trying 40 runs a batch)');
    expect(stageWords({ stage: 'sample', fraction: 0.5, batch: 3, batches: 7, repeats: 1 })).toBe(
      'timing batch 3 of at most 7 (1 run each)',
    );
    expect(stageWords({ stage: 'verify', fraction: 0.9 })).toBe('checking against the CPU');
  });

  it('shows the stage of the run as it goes, from asking for the GPU to timing batch k of n', async () => {
    const gpu = fakeGpu({
      run: async (r, onProgress) => {
        onProgress({ stage: 'prepare', fraction: 0 });
        onProgress({ stage: 'sample', fraction: 0.6, batch: 2, batches: 7, repeats: 4 });
        return fakeResult(r.kernel, r.size, 0.01);
      },
    });
    const c = new KernelLabController(depsWith(gpu));
    const labels: string[] = [];
    c.subscribe((s) => {
      if (s.activity && s.activity.label !== labels.at(-1)) labels.push(s.activity.label);
    });
    await c.run({ kernel: 'relu', size: { elements: 1000 } });
    expect(labels).toEqual([
      'ReLU, 1,000 elements: asking for the GPU',
      'ReLU, 1,000 elements: compiling the kernel and uploading its input',
      'ReLU, 1,000 elements: timing batch 2 of at most 7 (4 runs each)',
    ]);
  });

  it('stops a run at its deadline, says why, and runs again', async () => {
    // An injected timer stands for the clock: the run never ends on its own (it waits behind
    // other work on the GPU) until the deadline expires.
    const timers: Array<{ seconds: number; expire: () => void; stopped: boolean }> = [];
    let stuck = true;
    const gpu = fakeGpu({
      run: (r, _progress, signal) =>
        stuck
          ? new Promise((_, reject) =>
              signal.addEventListener('abort', () => reject(signal.reason)),
            )
          : Promise.resolve(fakeResult(r.kernel, r.size, 0.01)),
    });
    const deps: KernelLabDeps = {
      ...depsWith(gpu),
      startTimer: (seconds, expire) => {
        const timer = { seconds, expire, stopped: false };
        timers.push(timer);
        return () => (timer.stopped = true);
      },
    };
    const c = new KernelLabController(deps);
    const running = c.run({ kernel: 'relu', size: { elements: 10 } });
    for (let i = 0; i < 20 && c.getState().forecast === null; i++) await Promise.resolve();
    expect(c.getState().status).toBe('running');
    expect(c.getState().forecast?.phase).toBe('running');
    expect(timers.map((t) => t.seconds)).toEqual([RUN_DEADLINE_SECONDS]);
    timers[0]!.expire();
    await running;
    expect(c.getState().status).toBe('error');
    expect(c.getState().error).toBe(
      `${deadlineMessage(RUN_DEADLINE_SECONDS)}. Nothing needs reloading: change the size or run again.`,
    );
    expect(c.getState().forecast?.phase).toBe('stopped');
    expect(timers[0]!.stopped).toBe(true);
    stuck = false;
    await c.run({ kernel: 'relu', size: { elements: 10 } });
    expect(c.getState()).toMatchObject({ status: 'done', error: null });
    // A run that ends in time stops its timer; the roofs get four times as long.
    expect(timers[1]!.stopped).toBe(true);
    await c.measureRoofs();
    expect(timers[2]!.seconds).toBe(4 * RUN_DEADLINE_SECONDS);
  });

  it('stops at its deadline while the GPU device is still being acquired', async () => {
    let expire: () => void = () => {};
    const c = new KernelLabController({
      getGpu: () => new Promise(() => {}),
      startTimer: (_seconds, onExpire) => {
        expire = onExpire;
        return () => {};
      },
    });
    const running = c.run({ kernel: 'relu', size: { elements: 10 } });
    await Promise.resolve();
    expire();
    await running;
    expect(c.getState().error).toMatch(/^Stopped after 90 s/);
  });

  it('says when a run was cut short by its time limit', async () => {
    const gpu = fakeGpu({
      run: async (r) => {
        const result = fakeResult(r.kernel, r.size, 0.01);
        return { ...result, measurement: { ...result.measurement, samples: 1, cutShort: true } };
      },
    });
    const c = new KernelLabController(depsWith(gpu));
    await c.run({ kernel: 'relu', size: { elements: 10 } });
    expect(c.getState()).toMatchObject({ status: 'done', notice: CUT_SHORT });
  });

  it('measures the roofs and keeps them', async () => {
    const c = new KernelLabController(depsWith(fakeGpu()));
    const labels = new Set<string>();
    c.subscribe((s) => s.activity && labels.add(s.activity.label));
    await c.measureRoofs();
    // Which roof is being measured, k of 3.
    expect(labels).toContain(
      'Measuring this GPU’s roofs: copy engine, 2 of 3 (copyBufferToBuffer)',
    );
    const roofs = c.getState().roofs;
    expect(roofs?.copyEngineBytesPerSecond).toBe(1e10);
    expect(roofs?.memoryBytesPerSecond).toBeCloseTo((8 << 22) / 0.02, 0);
    expect(roofs?.verified).toBe(true);
    expect(roofs?.method).toBe('timestamp-query');
    // The near-empty dispatch (the fake runs every kernel in 10 ms) is the launch overhead.
    expect(roofs?.launchOverheadSeconds).toBe(0.01);
  });
});
