import { afterEach, describe, expect, it, vi } from 'vitest';
import { raceBatchCpu, raceSerialCpu } from '../compute/race-reference';
import { RaceWorkerPool } from './race-pool';
import { FakeWorker, type FakeWorkerBehaviour } from './testing/fake-worker';

const pools: RaceWorkerPool[] = [];
afterEach(() => {
  pools.splice(0).forEach((pool) => pool.dispose());
  vi.useRealTimers();
});

/** A pool of fake workers; behaviours[i] shapes worker i (per start, so restarts repeat). */
function fakePool(size: number, behaviours: FakeWorkerBehaviour[] = []) {
  const started: FakeWorker[] = [];
  const pool = new RaceWorkerPool({
    size,
    createWorker: () => {
      const worker = new FakeWorker(behaviours[started.length % size] ?? {});
      started.push(worker);
      return worker;
    },
  });
  pools.push(pool);
  return { pool, started };
}

describe('RaceWorkerPool', () => {
  it('computes every task in order and the serial chain, matching the CPU reference', async () => {
    const { pool } = fakePool(3);
    const run = await pool.runRace({ tasks: 5000, iterations: 7, serialIterations: 1000 });
    expect(run.results).toEqual(raceBatchCpu(0, 5000, 7));
    expect(run.serialResult).toBe(raceSerialCpu(1000));
    expect(run.workers).toBe(3);
  });

  it('times the serial stage and the batch, not the warm-up', async () => {
    // Fake timers drive the workers' delays and performance.now alike: no real time is measured.
    vi.useFakeTimers();
    const { pool } = fakePool(1, [{ delayMs: 10 }]);
    const racing = pool.runRace({ tasks: 5000, iterations: 1, serialIterations: 1 });
    await vi.runAllTimersAsync();
    // One worker, 10 ms per answer: warm-up (untimed), then the serial stage and 8 chunks.
    expect((await racing).seconds).toBeCloseTo(9 * 0.01, 12);
  });

  it('reads the injected clock at each step of its timeline: spawned, ready, work start, done', async () => {
    let reads = 0;
    const pool = new RaceWorkerPool({
      size: 2,
      createWorker: () => new FakeWorker(),
      clock: () => (reads += 1) * 2,
    });
    pools.push(pool);
    const run = await pool.runRace({ tasks: 100, iterations: 1, serialIterations: 1 });
    expect(reads).toBe(4);
    expect(run.timeline).toEqual({ spawned: 2, ready: 4, workStart: 6, done: 8 });
    expect(run.seconds).toBe(2);
  });

  it('times worker start-up apart from the work, and starts workers only once', async () => {
    // Fake timers drive the workers' delays and performance.now alike: no real time is measured.
    vi.useFakeTimers();
    const { pool, started } = fakePool(2, [{ delayMs: 10 }, { delayMs: 10 }]);
    const first = pool.runRace({ tasks: 100, iterations: 1, serialIterations: 1 });
    await vi.runAllTimersAsync();
    const run = await first;
    // Start-up: both workers answer their warm-up after 10 ms; then the serial stage (10 ms)
    // and the batch (100 tasks: one chunk per worker, side by side, 10 ms).
    expect(run.freshWorkers).toBe(2);
    expect(run.timeline.ready - run.timeline.spawned).toBeCloseTo(0.01, 12);
    expect(run.timeline.workStart).toBeGreaterThanOrEqual(run.timeline.ready);
    expect(run.seconds).toBeCloseTo(run.timeline.done - run.timeline.workStart, 12);
    expect(run.seconds).toBeCloseTo(0.02, 12);
    // A second race finds the workers running: none started, only the warm-up check-in.
    const second = pool.runRace({ tasks: 100, iterations: 1, serialIterations: 1 });
    await vi.runAllTimersAsync();
    expect((await second).freshWorkers).toBe(0);
    expect(started).toHaveLength(2);
  });

  it('warms every worker up, then runs the serial stage on the first one only', async () => {
    const { pool, started } = fakePool(3);
    await pool.runRace({ tasks: 10, iterations: 1, serialIterations: 5 });
    expect(started.map((w) => w.requests[0]?.kind)).toEqual(['warm-up', 'warm-up', 'warm-up']);
    expect(started[0]?.requests[1]).toMatchObject({ kind: 'serial', iterations: 5 });
    const serialCount = started.flatMap((w) => w.requests).filter((r) => r.kind === 'serial');
    expect(serialCount).toHaveLength(1);
  });

  it('reports per-worker progress that ends at the task count', async () => {
    const { pool } = fakePool(4);
    const reports: [number[], boolean][] = [];
    await pool.runRace(
      { tasks: 20_000, iterations: 2, serialIterations: 3 },
      { onProgress: (done, serialDone) => reports.push([done, serialDone]) },
    );
    expect(reports[0]).toEqual([[0, 0, 0, 0], true]);
    expect(reports).toHaveLength(1 + 32); // serial, then 4 workers x 8 chunks
    const last = reports.at(-1)?.[0] ?? [];
    expect(last.reduce((a, b) => a + b, 0)).toBe(20_000);
    const totals = reports.map(([done]) => done.reduce((a, b) => a + b, 0));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('hands more chunks to a faster worker', async () => {
    vi.useFakeTimers();
    const { pool } = fakePool(2, [{ delayMs: 0 }, { delayMs: 25 }]);
    let last: number[] = [];
    const racing = pool.runRace(
      { tasks: 16_000, iterations: 1, serialIterations: 0 },
      { onProgress: (done) => (last = done) },
    );
    await vi.runAllTimersAsync();
    await racing;
    // 16 chunks of 1,000: the slow worker is still on its first when the fast one has the rest.
    expect(last).toEqual([15_000, 1_000]);
  });

  it('handles an empty batch', async () => {
    const { pool } = fakePool(2);
    const run = await pool.runRace({ tasks: 0, iterations: 5, serialIterations: 2 });
    expect(run.results).toHaveLength(0);
    expect(run.serialResult).toBe(raceSerialCpu(2));
  });

  it('rejects with the message of an error response, then works with fresh workers', async () => {
    let failures = 1;
    const { pool, started } = fakePool(2, [
      {},
      { failWith: (r) => (r.kind === 'batch' && failures-- > 0 ? 'out of cheese' : undefined) },
    ]);
    const job = { tasks: 1000, iterations: 1, serialIterations: 1 };
    await expect(pool.runRace(job)).rejects.toThrow('A CPU worker failed: out of cheese');
    expect(started.every((w) => w.terminated)).toBe(true);
    const run = await pool.runRace(job);
    expect(run.results).toEqual(raceBatchCpu(0, 1000, 1));
    expect(started).toHaveLength(4);
  });

  it('rejects when a worker crashes', async () => {
    const { pool } = fakePool(2, [{ crashOn: (r) => r.kind === 'serial' }]);
    await expect(pool.runRace({ tasks: 10, iterations: 1, serialIterations: 1 })).rejects.toThrow(
      'A CPU worker failed: simulated crash',
    );
  });

  it('aborts mid-run: rejects with the reason, terminates workers, runs again later', async () => {
    const { pool, started } = fakePool(2, [{ delayMs: 1 }, { delayMs: 1 }]);
    const controller = new AbortController();
    const job = { tasks: 50_000, iterations: 1, serialIterations: 1 };
    const aborted = pool.runRace(job, {
      signal: controller.signal,
      onProgress: (done) => {
        if (done.some((n) => n > 0)) controller.abort();
      },
    });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(started.map((w) => w.terminated)).toEqual([true, true]);
    const run = await pool.runRace(job);
    expect(run.results).toEqual(raceBatchCpu(0, 50_000, 1));
  });

  it('refuses an already aborted signal, a second concurrent race and bad jobs', async () => {
    const { pool, started } = fakePool(1);
    const job = { tasks: 10, iterations: 1, serialIterations: 0 };
    await expect(pool.runRace(job, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(started).toHaveLength(0);
    const first = pool.runRace(job);
    await expect(pool.runRace(job)).rejects.toThrow(/already running/);
    await first;
    await expect(pool.runRace({ ...job, tasks: -1 })).rejects.toThrow(RangeError);
  });

  it('terminates its workers on dispose and refuses further races', async () => {
    const { pool, started } = fakePool(2);
    await pool.runRace({ tasks: 100, iterations: 1, serialIterations: 0 });
    pool.dispose();
    expect(started.map((w) => w.terminated)).toEqual([true, true]);
    await expect(pool.runRace({ tasks: 1, iterations: 1, serialIterations: 0 })).rejects.toThrow(
      /disposed/,
    );
  });

  it('rejects a pool size that is not a positive integer', () => {
    expect(() => new RaceWorkerPool({ size: 0, createWorker: () => new FakeWorker() })).toThrow(
      RangeError,
    );
  });
});
