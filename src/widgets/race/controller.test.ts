import { describe, expect, it } from 'vitest';
import { RaceController } from './controller';
import type { RaceJob, RaceRun } from '../../gpu';
import type { GpuRunner, RaceDeps } from './race-types';

function reference(job: RaceJob): RaceRun {
  const results = new Uint32Array(job.tasks).map((_, i) => (i * 2654435761) >>> 0);
  return { results, serialResult: job.serialIterations, seconds: 0.2 };
}

function fakeDeps(overrides: Partial<RaceDeps> = {}, gpu?: GpuRunner): RaceDeps {
  let clock = 0;
  return {
    workers: 2,
    async runCpu(job, onProgress) {
      onProgress([Math.floor(job.tasks / 2), job.tasks - Math.floor(job.tasks / 2)]);
      return reference(job);
    },
    async getGpu() {
      return (
        gpu ?? {
          ok: true,
          adapter: { description: 'google · swiftshader', isFallback: true },
          async run(job, onProgress) {
            onProgress(job.tasks);
            return { ...reference(job), seconds: 0.5 };
          },
        }
      );
    },
    predict: (id) => ({
      seconds: id.startsWith('i9') ? 0.01 : 0.0001,
      parallelUnits: id.startsWith('i9') ? 24 : 6912,
      waves: 1,
    }),
    hardwareName: (id) => `HW ${id}`,
    now: () => (clock += 0.01),
    reducedMotion: () => true,
    ...overrides,
  };
}

const settings = { tasks: 100, iterations: 10, serialPercent: 0 };

describe('RaceController', () => {
  it('runs both measured lanes, verifies the GPU against the CPU, and ends done', async () => {
    const c = new RaceController(fakeDeps());
    const statuses: string[] = [];
    c.subscribe((s) => statuses.push(s.status));
    await c.run(settings);
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(statuses[0]).toBe('running');
    expect(s.lanes['cpu-measured']).toMatchObject({ state: 'done', seconds: 0.2, progress: 1 });
    expect(s.lanes['gpu-measured']).toMatchObject({ state: 'done', seconds: 0.5, verified: true });
    expect(s.lanes['gpu-modeled']).toMatchObject({ state: 'done', seconds: 0.0001 });
    expect(s.reading.join(' ')).toMatch(/software fallback/);
  });

  it('marks the GPU result unverified when it differs from the CPU reference', async () => {
    const bad: GpuRunner = {
      ok: true,
      adapter: { description: 'x', isFallback: false },
      async run(job) {
        const r = reference(job);
        r.results[3] = 1;
        return r;
      },
    };
    const c = new RaceController(fakeDeps({}, bad));
    await c.run(settings);
    expect(c.getState().lanes['gpu-measured'].verified).toBe(false);
    expect(c.getState().reading.join(' ')).toMatch(/did not match/);
  });

  it('skips the GPU lane with the reason when WebGPU is missing, and still finishes', async () => {
    const c = new RaceController(
      fakeDeps({}, { ok: false, message: 'No WebGPU in this browser.' }),
    );
    await c.run(settings);
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(s.lanes['gpu-measured']).toMatchObject({
      state: 'skipped',
      note: 'No WebGPU in this browser.',
    });
    expect(s.lanes['cpu-measured'].state).toBe('done');
    expect(s.reading[0]).toMatch(/did not run: No WebGPU/);
  });

  it('shows a GPU failure (e.g. a lost device) in its lane without failing the widget', async () => {
    const lost: GpuRunner = {
      ok: true,
      adapter: { description: 'x', isFallback: false },
      run: async () => {
        throw new Error('The GPU device was lost.');
      },
    };
    const c = new RaceController(fakeDeps({}, lost));
    await c.run(settings);
    expect(c.getState().status).toBe('done');
    expect(c.getState().lanes['gpu-measured']).toMatchObject({
      state: 'error',
      note: 'The GPU device was lost.',
    });
  });

  it('repaints a measured lane at most every 100 ms while it runs', async () => {
    let t = 0;
    const c = new RaceController(
      fakeDeps({
        now: () => t,
        async runCpu(job, onProgress) {
          for (let i = 1; i <= 50; i++) {
            t += 0.01; // 50 progress reports over 0.5 s
            onProgress([i, 0]);
          }
          return reference(job);
        },
      }),
    );
    const progress: number[] = [];
    c.subscribe((s) => progress.push(s.lanes['cpu-measured'].progress));
    await c.run({ tasks: 100, iterations: 1, serialPercent: 0 });
    const distinct = new Set(progress.filter((p) => p > 0 && p < 1));
    expect(distinct.size).toBeGreaterThanOrEqual(4);
    expect(distinct.size).toBeLessThanOrEqual(6);
  });

  it('keeps modeled lanes waiting while the measured lanes run', async () => {
    const seen: string[] = [];
    const c = new RaceController(
      fakeDeps({
        reducedMotion: () => false,
        async runCpu(job) {
          seen.push(c.getState().lanes['gpu-modeled'].state);
          return reference(job);
        },
      }),
    );
    await c.run(settings);
    expect(seen).toEqual(['waiting']);
  });

  it('cancels: lanes in flight are marked cancelled and the widget returns to idle', async () => {
    let release: () => void = () => undefined;
    const deps = fakeDeps({
      runCpu: (_job, _p, signal) =>
        new Promise<RaceRun>((_resolve, reject) => {
          release = () => reject(new Error('aborted'));
          signal.addEventListener('abort', () => release());
        }),
    });
    const c = new RaceController(deps);
    const done = c.run(settings);
    c.cancel();
    await done;
    expect(c.getState().status).toBe('idle');
    expect(c.getState().lanes['cpu-measured']).toMatchObject({
      state: 'skipped',
      note: 'Cancelled.',
    });
    expect(c.getState().lanes['gpu-measured'].state).toBe('waiting');
  });

  it('plays modeled lanes back over time when motion is allowed', async () => {
    let t = 0;
    const c = new RaceController(fakeDeps({ reducedMotion: () => false, now: () => t }));
    await c.run(settings);
    // Measured lanes are done; the modeled lanes play only now, and the race is not done yet.
    expect(c.getState().lanes['cpu-measured'].state).toBe('done');
    expect(c.getState().lanes['gpu-modeled'].state).toBe('running');
    expect(c.getState().status).toBe('running');
    expect(c.getState().reading).toEqual([]);
    t = 0.75;
    c.tick();
    expect(c.getState().lanes['gpu-modeled'].progress).toBeCloseTo(0.5, 5);
    t = 2;
    c.tick();
    expect(c.getState().lanes['gpu-modeled'].state).toBe('done');
    expect(c.isPlaying()).toBe(false);
    expect(c.getState().status).toBe('done');
    // The reading comes once the race is done, and sets the two modeled times side by side.
    expect(c.getState().reading.join(' ')).toMatch(
      /The cost model puts the same job at 100 µs on an HW \S+ and 10 ms on an HW i9\S*: the GPU 100× faster\./,
    );
  });

  it('ends in an error, not stuck running, when something outside the lanes fails', async () => {
    const c = new RaceController(
      fakeDeps({
        predict: () => {
          throw new Error('no such hardware');
        },
      }),
    );
    await c.run(settings);
    expect(c.getState()).toMatchObject({
      status: 'error',
      error: 'no such hardware',
      reading: ['no such hardware'],
    });
    expect(c.isAnimating()).toBe(false);
  });
});
