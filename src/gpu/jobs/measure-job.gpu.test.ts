import { afterAll, describe, expect, it } from 'vitest';
import { copyKernel } from '../kernels/copy';
import { measureJob } from './measure-job';
import { acquireNodeGpu, warnIfUnavailable } from '../testing/node-gpu';
import { createGpuBatchTimer } from '../timing/gpu-batch-timer';

// A device without timestamp queries, so every batch is timed on the clock the test injects.
const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'measureJob');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** A clock that moves `stepSeconds` every time it is read. */
function steppingClock(stepSeconds: number): () => number {
  let now = 0;
  return () => (now += stepSeconds);
}

describe.skipIf(!gpu)('measuring a job on real WebGPU with an injected clock', () => {
  it('times a batch on the injected clock when the device has no timestamps', async () => {
    expect(gpu!.device.features.has('timestamp-query')).toBe(false);
    const timer = createGpuBatchTimer(gpu!.device, (p) => p, steppingClock(0.25));
    const timing = await timer.time('an empty pass', (encoder) => encoder.beginComputePass().end());
    timer.destroy();
    expect(timing).toEqual({ seconds: 0.25, method: 'completion' });
  });

  it('reports the harness’s statistics and rates from that clock, after a verified run', async () => {
    // Every batch reads the clock twice, so each lasts 1/64 s (exact in binary, and over the
    // 10 ms minimum): no batch needs growing.
    const elements = 4096;
    const run = await measureJob(gpu!, (context) => copyKernel.job(context, { elements }), {
      clock: steppingClock(1 / 64),
      measure: { samples: 5 },
    });
    expect(run.check.ok).toBe(true);
    expect(run.measurement).toMatchObject({
      method: 'completion',
      repeatsPerBatch: 1,
      samples: 5,
      medianSeconds: 1 / 64,
      relativeSpread: 0,
    });
    expect(run.bytesPerSecond).toBe(8 * elements * 64);
    expect(run.output).toHaveLength(elements);
  });

  it('grows batches until one lasts the minimum, on the injected clock', async () => {
    // Each batch lasts 1/256 s whatever its size, so the harness keeps growing it to the cap.
    const run = await measureJob(gpu!, (context) => copyKernel.job(context, { elements: 1024 }), {
      clock: steppingClock(1 / 256),
      measure: { samples: 3, maxRepeats: 64 },
    });
    expect(run.measurement.repeatsPerBatch).toBe(64);
    expect(run.measurement.medianSeconds).toBe(1 / 256 / 64);
  });
});
