import { describe, expect, it } from 'vitest';
import { planKernel } from '../../gpu';
import type { LabRunRequest, LabRunResult } from './lab-run';
import { KernelLabController, ROOFS_FAILED, type LabGpu } from './controller';
import { MEASURE_FIRST } from './device-model';
import { LAUNCH_PROBE, type MeasuredRoofs } from './lab-results';
import { medianAbsoluteError } from './prediction-record';
import { depsWith, fakeGpu, fakeResult } from './test-fixtures';

/** Resolves a promise by hand, so a test can look at the state while a run is in flight. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending promise callbacks run (no timers, no wall clock). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/**
 * A fake GPU whose roofs are 2 GB/s (copy 4 Mi elements, 32 MiB moved in 16.777216 ms), and
 * 2^14 FMA threads in 0.1 s, whose near-empty dispatch takes 50 µs, and whose runs take the
 * seconds `seconds` gives for each request.
 */
function modeledGpu(seconds: (r: LabRunRequest) => number, overrides: Partial<LabGpu> = {}) {
  const base = fakeGpu();
  return fakeGpu({
    async run(request) {
      if (request === LAUNCH_PROBE) return fakeResult('copy', { elements: 1 }, 50e-6);
      return fakeResult(request.kernel, request.size, seconds(request));
    },
    async measureRoofs(onProgress, signal) {
      const roofs = await base.measureRoofs(onProgress, signal);
      return { ...roofs, memory: fakeResult('copy', { elements: 1 << 22 }, 0.016777216) };
    },
    ...overrides,
  });
}

/** What the model predicts for a request on the fake device above. */
function expectedSeconds(request: LabRunRequest, roofs: MeasuredRoofs): number {
  const d = planKernel(request.kernel, request.size).descriptor;
  return (
    50e-6 +
    Math.max(
      (d.bytesRead + d.bytesWritten) / roofs.memoryBytesPerSecond,
      d.flops / roofs.flopsPerSecond,
    )
  );
}

describe('KernelLabController: predict before you run', () => {
  const relu: LabRunRequest = { kernel: 'relu', size: { elements: 1 << 20 } };

  it('before the roofs are measured, says to measure them first and records nothing', async () => {
    const c = new KernelLabController(depsWith(modeledGpu(() => 0.01)));
    await c.run(relu);
    const s = c.getState();
    expect(s.deviceModel).toBeNull();
    expect(s.forecast).toMatchObject({
      kernel: 'relu',
      phase: 'measured',
      row: null,
      forecast: { ok: false, message: MEASURE_FIRST },
    });
    expect(s.record).toEqual([]);
  });

  it('builds the model of this device from the roofs, the launch probe and the adapter', async () => {
    const c = new KernelLabController(depsWith(modeledGpu(() => 0.01)));
    await c.measureRoofs();
    const measured = c.getState().roofs!;
    expect(c.getState().deviceModel).toEqual({
      kind: 'measured',
      name: 'google · swiftshader',
      bytesPerSecond: measured.memoryBytesPerSecond,
      fmaFlopsPerSecond: measured.flopsPerSecond,
      launchOverheadSeconds: 50e-6,
      software: true,
    });
    expect(measured.memoryBytesPerSecond).toBeCloseTo(2e9, 3);
  });

  it('shows the prediction before the run resolves, then the measurement and the error', async () => {
    const pending = deferred<LabRunResult>();
    let started = false;
    const gpu = modeledGpu(() => 0.01);
    const c = new KernelLabController(depsWith(gpu));
    await c.measureRoofs();
    const measured = c.getState().roofs!;
    const run = gpu.run.bind(gpu);
    gpu.run = async (request, onProgress, signal) => {
      started = true;
      if (request === LAUNCH_PROBE) return run(request, onProgress, signal);
      return pending.promise;
    };
    const running = c.run(relu);
    await settle();
    expect(started).toBe(true);
    const during = c.getState();
    expect(during.status).toBe('running');
    const predicted = expectedSeconds(relu, measured);
    expect(during.forecast).toMatchObject({ phase: 'running', row: null });
    expect(during.forecast?.forecast).toEqual({ ok: true, seconds: predicted, bound: 'memory' });
    expect(during.record).toEqual([]);

    // The run took twice the prediction: error −50 %.
    pending.resolve(fakeResult('relu', relu.size, 2 * predicted));
    await running;
    const after = c.getState();
    expect(after.forecast?.phase).toBe('measured');
    expect(after.record).toHaveLength(1);
    expect(after.record[0]).toMatchObject({
      run: 1,
      kernel: 'relu',
      size: relu.size,
      predictedSeconds: predicted,
      bound: 'memory',
      measuredSeconds: 2 * predicted,
      resized: false,
    });
    expect(after.record[0]!.error).toBeCloseTo(-0.5, 12);
    expect(after.forecast?.row).toBe(after.record[0]);
  });

  it('grows the record with every run, keeps the median, and clears', async () => {
    // Each kernel takes a chosen multiple of its prediction: errors −50 %, +25 %, −20 %, 0 %.
    const factors: Record<string, number> = { relu: 2, copy: 0.8, reduce: 1.25, fma: 1 };
    let roofs: MeasuredRoofs | null = null;
    const c = new KernelLabController(
      depsWith(modeledGpu((r) => (roofs ? factors[r.kernel]! * expectedSeconds(r, roofs) : 1))),
    );
    await c.measureRoofs();
    roofs = c.getState().roofs;
    const requests: LabRunRequest[] = [
      relu,
      { kernel: 'copy', size: { elements: 1 << 18 } },
      { kernel: 'reduce', size: { elements: 1 << 20 } },
      { kernel: 'relu', size: { elements: 1 << 20 } },
    ];
    for (const r of requests) await c.run(r);
    const errors = c.getState().record.map((r) => r.error);
    expect(c.getState().record.map((r) => [r.run, r.kernel])).toEqual([
      [1, 'relu'],
      [2, 'copy'],
      [3, 'reduce'],
      [4, 'relu'],
    ]);
    expect(errors[0]).toBeCloseTo(-0.5, 12);
    expect(errors[1]).toBeCloseTo(0.25, 12);
    expect(errors[2]).toBeCloseTo(-0.2, 12);
    // |errors| 0.5, 0.25, 0.2, 0.5: the median is the mean of 0.25 and 0.5.
    expect(medianAbsoluteError(c.getState().record)).toBeCloseTo(0.375, 12);
    // The latest result per kernel is still one row each in the comparison table.
    expect(c.getState().results.map((r) => r.kernel)).toEqual(['relu', 'copy', 'reduce']);

    c.clearRecord();
    expect(c.getState().record).toEqual([]);
    expect(c.getState().forecast).toBeNull();
    expect(c.getState().deviceModel).not.toBeNull();
    await c.run({ kernel: 'fma', size: { elements: 4096 } });
    expect(c.getState().record.map((r) => [r.run, r.kernel])).toEqual([[1, 'fma']]);
    expect(c.getState().record[0]!.error).toBeCloseTo(0, 12);
  });

  it('records a run whose check failed without a time or an error', async () => {
    const gpu = modeledGpu(() => 0.01);
    const c = new KernelLabController(depsWith(gpu));
    await c.measureRoofs();
    gpu.run = async (r) => fakeResult(r.kernel, r.size, 0.01, { ok: false });
    await c.run(relu);
    expect(c.getState().record[0]).toMatchObject({ measuredSeconds: null, error: null });
  });

  it('predicts again for the size that ran when the runner reduced it, and says so', async () => {
    const gpu = modeledGpu(() => 0.01);
    const c = new KernelLabController(depsWith(gpu));
    await c.measureRoofs();
    const measured = c.getState().roofs!;
    const reduced = { elements: 1 << 10 };
    gpu.run = async (r) => fakeResult(r.kernel, reduced, 0.01, { sizeNote: 'Reduced.' });
    await c.run(relu);
    const row = c.getState().record[0]!;
    expect(row).toMatchObject({ size: reduced, resized: true });
    expect(row.predictedSeconds).toBeCloseTo(
      expectedSeconds({ kernel: 'relu', size: reduced }, measured),
      15,
    );
    // The forecast shown before the run was for the size asked for.
    expect(c.getState().forecast?.forecast).toMatchObject({
      seconds: expectedSeconds(relu, measured),
    });
  });

  it('marks the forecast stopped when the run fails or is cancelled, and records nothing', async () => {
    const gpu = modeledGpu(() => 0.01);
    const c = new KernelLabController(depsWith(gpu));
    await c.measureRoofs();
    gpu.run = async () => {
      throw new Error('The GPU device was lost during the run (destroyed).');
    };
    await c.run(relu);
    expect(c.getState().status).toBe('error');
    expect(c.getState().forecast).toMatchObject({ phase: 'stopped', row: null });
    expect(c.getState().record).toEqual([]);

    gpu.run = (_r, _progress, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const running = c.run(relu);
    await settle();
    expect(c.getState().forecast).toMatchObject({ phase: 'running' });
    c.cancel();
    await running;
    expect(c.getState().status).toBe('idle');
    expect(c.getState().forecast).toMatchObject({ phase: 'stopped', row: null });
    expect(c.getState().record).toEqual([]);
  });

  it('builds no model from roofs whose outputs failed their checks, and says so', async () => {
    const gpu = modeledGpu(() => 0.01, {
      async run(request) {
        return fakeResult(request.kernel, request.size, 50e-6, {
          ok: request !== LAUNCH_PROBE,
        });
      },
    });
    const c = new KernelLabController(depsWith(gpu));
    await c.measureRoofs();
    expect(c.getState().roofs).toMatchObject({ verified: false, launchOverheadSeconds: null });
    expect(c.getState().deviceModel).toBeNull();
    await c.run(relu);
    expect(c.getState().forecast?.forecast).toEqual({ ok: false, message: ROOFS_FAILED });
    expect(c.getState().record).toEqual([]);
  });
});
