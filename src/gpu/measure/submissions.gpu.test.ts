import { afterAll, describe, expect, it } from 'vitest';
import type { GpuContext } from '../device';
import { measureKernel } from './measure-kernel';
import type { SubmissionOptions } from './submissions';
import { acquireNodeGpu, warnIfUnavailable } from '../testing/node-gpu';
import { timestampSeconds } from '../timing/gpu-batch-timer';

// One device without timestamp queries, one with them where the adapter offers them.
const plain = await acquireNodeGpu();
warnIfUnavailable(plain, 'single submissions');
const stamped = await acquireNodeGpu({ optionalFeatures: ['timestamp-query'] });
const gpu = plain.ok ? plain.gpu : undefined;
const gpuWithStamps =
  stamped.ok && stamped.gpu.device.features.has('timestamp-query') ? stamped.gpu : undefined;

afterAll(() => {
  gpu?.device.destroy();
  if (stamped.ok) stamped.gpu.device.destroy();
});

/** A clock that moves one second every time it is read. */
function countingClock(): () => number {
  let now = 0;
  return () => ++now;
}

const MATMUL = { m: 64, n: 64, k: 64 };

/** Single submissions of the naive matmul at `size`, timed by name as async timing does. */
function timeSubmissions(on: GpuContext, size: typeof MATMUL, options: SubmissionOptions) {
  return measureKernel(on, 'matmul-naive', size, { timing: 'submissions', ...options });
}

describe.skipIf(!gpu)('timing single submissions on real WebGPU', () => {
  it('reads the injected clock around the set-up, the submit and the completion, in order', async () => {
    const result = await timeSubmissions(gpu!, MATMUL, { runs: 3, clock: countingClock() });
    expect(result.check.ok).toBe(true);
    expect(result.timestamps).not.toBe('enabled');
    expect(result.runs).toEqual([
      { setupStart: 1, submitStart: 2, submitEnd: 3, doneAt: 4, gpuTimestampsNs: null },
      { setupStart: null, submitStart: 5, submitEnd: 6, doneAt: 7, gpuTimestampsNs: null },
      { setupStart: null, submitStart: 8, submitEnd: 9, doneAt: 10, gpuTimestampsNs: null },
    ]);
    expect(result.plan.descriptor.flops).toBe(2 * 64 ** 3);
  });

  it('says whether the first run compiled the pipeline', async () => {
    const request = { m: 32, n: 16, k: 8 };
    // The first test built this pipeline on this device already.
    const again = await timeSubmissions(gpu!, request, { runs: 2 });
    expect(again.compiledPipeline).toBe(false);
    const fresh = await acquireNodeGpu();
    if (!fresh.ok) return;
    const first = await timeSubmissions(fresh.gpu, request, { runs: 2 });
    fresh.gpu.device.destroy();
    expect(first.compiledPipeline).toBe(true);
  });

  it('reports every run as it ends, and stops between runs when aborted', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    const run = timeSubmissions(gpu!, MATMUL, {
      runs: 5,
      signal: abort.signal,
      onRun: (_, index) => {
        seen.push(index);
        if (index === 1) abort.abort(new Error('stop here'));
      },
    });
    await expect(run).rejects.toThrow('stop here');
    expect(seen).toEqual([0, 1]);
  });

  it('refuses fewer than two runs', async () => {
    await expect(timeSubmissions(gpu!, MATMUL, { runs: 1 })).rejects.toThrow(/runs must be/);
  });
});

describe.skipIf(!gpuWithStamps)('with GPU timestamps', () => {
  it('brings back the pass’s two timestamps for every run', async () => {
    const result = await timeSubmissions(gpuWithStamps!, MATMUL, { runs: 2 });
    expect(result.timestamps).toBe('enabled');
    expect(result.check.ok).toBe(true);
    for (const run of result.runs) {
      expect(run.gpuTimestampsNs).not.toBeNull();
      const [begin, end] = run.gpuTimestampsNs!;
      // Coarse timestamps may read the same twice; they never run backwards.
      expect(end >= begin).toBe(true);
      const seconds = timestampSeconds(begin, end);
      expect(seconds === null || seconds > 0).toBe(true);
    }
  });
});
