import { afterEach, describe, expect, it } from 'vitest';
import { CrossoverCpuPool, workersFor } from './crossover-pool';
import { createCrossoverHandler } from './crossover-handler';
import { matmulRows, reluSlice } from './crossover-kernels';
import { FakeCrossoverWorker, type FakeCrossoverBehaviour } from './testing/fake-crossover-worker';

const pools: CrossoverCpuPool[] = [];
afterEach(() => pools.splice(0).forEach((p) => p.dispose()));

/** A clock that moves 1 ms each read: measurement decisions never depend on real time. */
function steppingClock(): () => number {
  let t = 0;
  return () => (t += 0.001);
}

function fakePool(size: number, behaviour: FakeCrossoverBehaviour = {}) {
  const started: FakeCrossoverWorker[] = [];
  const pool = new CrossoverCpuPool({
    size,
    clock: steppingClock(),
    createWorker: () => {
      const w = new FakeCrossoverWorker(behaviour);
      started.push(w);
      return w;
    },
  });
  pools.push(pool);
  return { pool, started };
}

const quick = { warmupBatches: 0, samples: 3, minSamples: 1, minBatchSeconds: 0 } as const;

describe('CPU crossover kernels', () => {
  it('ReLU keeps positives and zeroes the rest', () => {
    expect([...reluSlice(new Float32Array([-2, 0, 3.5, -0]))]).toEqual([0, 0, 3.5, 0]);
  });

  it('multiplies rows of A by B', () => {
    // A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]]: C = [[19, 22], [43, 50]].
    const b = new Float32Array([5, 6, 7, 8]);
    expect([...matmulRows(new Float32Array([1, 2, 3, 4]), b, 2, 2)]).toEqual([19, 22, 43, 50]);
    expect([...matmulRows(new Float32Array([3, 4]), b, 1, 2)]).toEqual([43, 50]);
    expect(() => matmulRows(new Float32Array(3), b, 1, 2)).toThrow(RangeError);
  });

  it('the handler refuses a run before a load, and unknown requests', () => {
    const handle = createCrossoverHandler();
    expect(handle({ kind: 'run', id: 1 }).response).toMatchObject({ kind: 'error', id: 1 });
    const odd = { kind: 'dance', id: 2 } as never;
    expect(handle(odd).response).toMatchObject({ kind: 'error', id: 2 });
  });
});

describe('workersFor', () => {
  it('uses one worker for small work and every worker for large', () => {
    expect(workersFor('relu', 1024, 8)).toBe(1);
    expect(workersFor('relu', 1 << 22, 8)).toBe(8);
    expect(workersFor('matmul', 16, 8)).toBe(1);
    expect(workersFor('matmul', 512, 8)).toBe(8);
    expect(workersFor('matmul', 3, 8)).toBe(1);
  });
});

describe('CrossoverCpuPool', () => {
  it('measures ReLU on several workers and checks every element', async () => {
    const { pool, started } = fakePool(3);
    const progress: number[] = [];
    const r = await pool.measure('relu', 1 << 17, {
      measure: quick,
      onProgress: (f) => progress.push(f),
    });
    expect(r.workers).toBe(3);
    expect(r.check.ok).toBe(true);
    expect(r.check.checked).toBe(1 << 17);
    expect(r.measurement.secondsPerRun.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    expect(started[0]?.requests[0]?.kind).toBe('load-relu');
  });

  it('measures a matmul split by rows and checks it against the reference', async () => {
    const { pool } = fakePool(2);
    const r = await pool.measure('matmul', 48, { measure: quick });
    expect(r.workers).toBe(1);
    expect(r.check.ok).toBe(true);
    expect(r.check.checked).toBe(48 * 48);
    const big = await pool.measure('matmul', 64, { measure: quick });
    expect(big.workers).toBe(2);
    expect(big.check.ok).toBe(true);
  });

  it('reports a wrong output as a failed check', async () => {
    const { pool } = fakePool(1, { corrupt: (out) => (out[5] = 1234) });
    const r = await pool.measure('relu', 100, { measure: quick });
    expect(r.check.ok).toBe(false);
    expect(r.check.firstMismatch?.index).toBe(5);
  });

  it('rejects with the message of a worker error, then works with fresh workers', async () => {
    let failures = 1;
    const { pool, started } = fakePool(1, {
      failWith: (r) => (r.kind === 'run' && failures-- > 0 ? 'out of cheese' : undefined),
    });
    await expect(pool.measure('relu', 10, { measure: quick })).rejects.toThrow(/out of cheese/);
    expect(started[0]?.terminated).toBe(true);
    expect((await pool.measure('relu', 10, { measure: quick })).check.ok).toBe(true);
  });

  it('stops when aborted and refuses bad sizes', async () => {
    const { pool } = fakePool(1);
    const controller = new AbortController();
    const p = pool.measure('relu', 1000, {
      measure: quick,
      signal: controller.signal,
      onProgress: () => controller.abort(new DOMException('stop', 'AbortError')),
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pool.measure('relu', 0)).rejects.toThrow(RangeError);
  });
});
