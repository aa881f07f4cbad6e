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
    expect(seen.at(-1)).toEqual({ phase: 'sample', fraction: 1 });
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
