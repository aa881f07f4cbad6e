import { describe, expect, it } from 'vitest';
import { measureRuns, type BatchTiming, type MeasureProgress, type RunBatch } from './harness';

/** A fake GPU whose runs take `perRunSeconds` each, seen through a clock of `tickSeconds`. */
function fakeBatches(
  perRunSeconds: number,
  method: BatchTiming['method'] = 'completion',
  tickSeconds = 0,
): { runBatch: RunBatch; calls: number[] } {
  const calls: number[] = [];
  const runBatch: RunBatch = async (repeats) => {
    calls.push(repeats);
    const exact = repeats * perRunSeconds;
    const seconds = tickSeconds > 0 ? Math.floor(exact / tickSeconds) * tickSeconds : exact;
    return { seconds, method };
  };
  return { runBatch, calls };
}

describe('measureRuns', () => {
  it('warms up, grows batches to at least 10 ms, then reports per-run times', async () => {
    const { runBatch, calls } = fakeBatches(0.0004);
    const m = await measureRuns(runBatch, { samples: 5 });
    expect(calls[0]).toBe(1); // warm-up
    expect(m.repeatsPerBatch * 0.0004).toBeGreaterThanOrEqual(0.01);
    expect(calls.slice(-5)).toEqual(Array(5).fill(m.repeatsPerBatch));
    expect(m.medianSeconds).toBeCloseTo(0.0004, 12);
    expect(m.secondsPerRun).toHaveLength(5);
    expect(m.method).toBe('completion');
  });

  it('still measures through a clock that only ticks every 100 µs', async () => {
    const { runBatch } = fakeBatches(0.000_003, 'timestamp-query', 0.0001);
    const m = await measureRuns(runBatch, { samples: 3 });
    // Batches of >= 10 ms keep the rounding error under 1 %.
    expect(Math.abs(m.medianSeconds - 0.000_003) / 0.000_003).toBeLessThan(0.01);
    expect(m.method).toBe('timestamp-query');
  });

  it('uses one run per batch when a single run already lasts long enough', async () => {
    const { runBatch } = fakeBatches(0.05);
    const m = await measureRuns(runBatch, { samples: 3 });
    expect(m.repeatsPerBatch).toBe(1);
  });

  it('stops early once the time budget is spent, keeping the minimum number of samples', async () => {
    const { runBatch, calls } = fakeBatches(0.5);
    const m = await measureRuns(runBatch, { samples: 9, minSamples: 3, budgetSeconds: 1 });
    expect(m.samples).toBe(3);
    expect(calls).toHaveLength(1 + 1 + 3);
  });

  it('reports completion timing when any batch fell back to it', async () => {
    let n = 0;
    const runBatch: RunBatch = async (repeats) => ({
      seconds: repeats * 0.02,
      method: n++ % 2 === 0 ? 'timestamp-query' : 'completion',
    });
    const m = await measureRuns(runBatch, { samples: 4 });
    expect(m.method).toBe('completion');
  });

  it('reports progress that only moves forward and ends at 1', async () => {
    const seen: MeasureProgress[] = [];
    const { runBatch } = fakeBatches(0.001);
    await measureRuns(runBatch, { samples: 4, onProgress: (p) => seen.push(p) });
    const fractions = seen.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(seen[0]?.phase).toBe('warm-up');
    expect(seen.at(-1)).toMatchObject({ phase: 'sample', fraction: 1, batch: 4, batches: 4 });
    // Timed batches are counted k of n, each with its runs.
    const samples = seen.filter((p) => p.phase === 'sample' && p.fraction < 1);
    expect(samples.map((p) => `${p.batch} of ${p.batches}`)).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    expect(samples.every((p) => p.repeats * 0.001 >= 0.01)).toBe(true);
  });

  it('bounds its wall time when each batch waits behind other work that its timer leaves out', async () => {
    // A software adapter shared with another tab: GPU timestamps say 20 ms a batch, but each
    // batch waits 30 s on the wall clock for the other tab's work ahead of it.
    let now = 0;
    const calls: number[] = [];
    const runBatch: RunBatch = async (repeats) => {
      calls.push(repeats);
      now += 30;
      return { seconds: repeats * 0.02, method: 'timestamp-query' };
    };
    const m = await measureRuns(runBatch, {
      samples: 7,
      minSamples: 3,
      wallLimitSeconds: 15,
      clock: () => now,
    });
    // The warm-up ends past the limit: the calibration batch is the one timed batch.
    expect(calls).toEqual([1, 1]);
    expect(m.samples).toBe(1);
    expect(m.cutShort).toBe(true);
    expect(m.medianSeconds).toBeCloseTo(0.02, 12);
    expect(now).toBe(60);
    // Batches of 4 s: sampling stops at the first batch that starts past 15 s.
    now = 0;
    calls.length = 0;
    const slow: RunBatch = async (repeats) => {
      calls.push(repeats);
      now += 4;
      return { seconds: repeats * 0.02, method: 'timestamp-query' };
    };
    const bounded = await measureRuns(slow, {
      samples: 7,
      minSamples: 7,
      budgetSeconds: 1000,
      wallLimitSeconds: 15,
      clock: () => now,
    });
    expect(calls).toHaveLength(1 + 1 + 2);
    expect(bounded.samples).toBe(2);
    expect(bounded.cutShort).toBe(true);
    expect(now).toBeLessThanOrEqual(15 + 4);
  });

  it('never plans a batch longer than its wall cap when its timer under-reports', async () => {
    // A timer that reports 100 µs whatever the batch holds, while each run takes 20 ms.
    let now = 0;
    const calls: number[] = [];
    const runBatch: RunBatch = async (repeats) => {
      calls.push(repeats);
      now += repeats * 0.02;
      return { seconds: 0.0001, method: 'timestamp-query' };
    };
    const m = await measureRuns(runBatch, { samples: 3, clock: () => now });
    // Trusting the timer alone grows batches to 16,384 runs (5 minutes each); the wall cap
    // keeps them to 1 s: 50 runs of 20 ms.
    expect(Math.max(...calls)).toBe(50);
    expect(m.repeatsPerBatch).toBe(50);
    expect(m.cutShort).toBeUndefined();
    expect(now).toBeLessThan(5);
  });

  it('counts the wall clock toward its time budget', async () => {
    let now = 0;
    const calls: number[] = [];
    const runBatch: RunBatch = async (repeats) => {
      calls.push(repeats);
      now += 0.5;
      return { seconds: repeats * 0.02, method: 'timestamp-query' };
    };
    const m = await measureRuns(runBatch, {
      samples: 9,
      minSamples: 3,
      budgetSeconds: 1,
      clock: () => now,
    });
    expect(m.samples).toBe(3);
    expect(calls).toHaveLength(1 + 1 + 3);
  });

  it('rejects with the abort reason between batches', async () => {
    const controller = new AbortController();
    const runBatch: RunBatch = async (repeats) => {
      controller.abort(new DOMException('stop', 'AbortError'));
      return { seconds: repeats * 0.02, method: 'completion' };
    };
    await expect(measureRuns(runBatch, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('passes errors from a batch through unchanged', async () => {
    const runBatch: RunBatch = async () => {
      throw new Error('device lost');
    };
    await expect(measureRuns(runBatch)).rejects.toThrow('device lost');
  });
});
