import { afterAll, describe, expect, it } from 'vitest';
import { measureKernel } from './measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../testing/node-gpu';
import { describeF32Check } from '../../compute/verify-f32';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'round trip');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** A clock that moves 1 ms each time it is read: the harness's decisions never depend on real time. */
function steppingClock(): () => number {
  let t = 0;
  return () => (t += 0.001);
}

const quick = {
  warmupBatches: 0,
  samples: 2,
  minSamples: 1,
  minBatchSeconds: 0,
  budgetSeconds: 0.3,
} as const;

describe('round trips of a kernel on real WebGPU', () => {
  it.skipIf(!gpu)('uploads, runs ReLU, reads back and checks every element', async () => {
    const run = await measureKernel(
      gpu!,
      'relu',
      { elements: 4099 },
      { timing: 'round-trips', clock: steppingClock(), measure: quick },
    );
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.check.checked).toBe(4099);
    expect(run.uploadBytes).toBe(4099 * 4);
    expect(run.readbackBytes).toBe(4099 * 4);
    expect(run.roundTrip.secondsPerRun.length).toBeGreaterThan(0);
    expect(run.kernelOnly).toBeNull();
  });

  it.skipIf(!gpu)('times the kernel alone too when asked, for a matmul', async () => {
    const progress: number[] = [];
    const run = await measureKernel(
      gpu!,
      'matmul-naive',
      { m: 33, n: 33, k: 33 },
      {
        timing: 'round-trips',
        clock: steppingClock(),
        measure: quick,
        kernelAlone: true,
        onProgress: (f) => progress.push(f),
      },
    );
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.uploadBytes).toBe(2 * 33 * 33 * 4);
    expect(run.kernelOnly?.secondsPerRun.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });

  it.skipIf(!gpu)('stops with the signal’s reason when cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(
      measureKernel(
        gpu!,
        'relu',
        { elements: 16 },
        { timing: 'round-trips', signal: controller.signal, measure: quick },
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
