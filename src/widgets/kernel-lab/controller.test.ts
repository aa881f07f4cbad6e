import { describe, expect, it } from 'vitest';
import { KernelLabController } from './controller';
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

  it('measures the roofs and keeps them', async () => {
    const c = new KernelLabController(depsWith(fakeGpu()));
    await c.measureRoofs();
    const roofs = c.getState().roofs;
    expect(roofs?.copyEngineBytesPerSecond).toBe(1e10);
    expect(roofs?.memoryBytesPerSecond).toBeCloseTo((8 << 22) / 0.02, 0);
    expect(roofs?.verified).toBe(true);
    expect(roofs?.method).toBe('timestamp-query');
    // The near-empty dispatch (the fake runs every kernel in 10 ms) is the launch overhead.
    expect(roofs?.launchOverheadSeconds).toBe(0.01);
  });
});
