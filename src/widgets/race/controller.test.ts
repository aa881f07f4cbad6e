import { describe, expect, it } from 'vitest';
import { RaceController } from './controller';
import type { CpuLaneRun, GpuRunner, RaceDeps } from './race-types';
import type { RaceJob, RaceRun } from '../../compute/race-reference';

function reference(job: RaceJob): RaceRun {
  const results = new Uint32Array(job.tasks).map((_, i) => (i * 2654435761) >>> 0);
  return { results, serialResult: job.serialIterations, seconds: 0.2 };
}

/** The CPU lane's run: 0.2 s of work after `startup` seconds of worker start-up. */
function cpuRun(job: RaceJob, startup = 0.05, freshWorkers = 2): CpuLaneRun {
  const run = reference(job);
  const timeline = { spawned: 10, ready: 10 + startup, workStart: 10 + startup, done: 10.25 };
  return { ...run, freshWorkers, timeline };
}

function fakeDeps(overrides: Partial<RaceDeps> = {}, gpu?: GpuRunner): RaceDeps {
  let clock = 0;
  return {
    workers: 2,
    async runCpu(job, onProgress) {
      onProgress([Math.floor(job.tasks / 2), job.tasks - Math.floor(job.tasks / 2)]);
      return cpuRun(job);
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
      fixedSeconds: id.startsWith('i9') ? 1e-5 : 5e-6,
      serialSeconds: 0,
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

  it('shows worker start-up and GPU set-up apart from the timed work, on the injected clock', async () => {
    let t = 0;
    const gpu: GpuRunner = {
      ok: true,
      adapter: { description: 'test GPU', isFallback: false },
      async run(job, onProgress) {
        t += 0.1; // the pipeline and buffers, before the run's own clock starts
        onProgress(job.tasks);
        t += 0.5; // the timed run
        return { ...reference(job), seconds: 0.5 };
      },
    };
    const c = new RaceController(
      fakeDeps(
        {
          now: () => t,
          async getGpu() {
            t += 0.3; // asking for the device
            return gpu;
          },
        },
        gpu,
      ),
    );
    await c.run(settings);
    const { lanes, lastRun, reading } = c.getState();
    // The CPU lane: the pool's timeline says 50 ms of start-up (spawned → ready), 0.2 s of work.
    expect(lanes['cpu-measured'].seconds).toBe(0.2);
    expect(lanes['cpu-measured'].phases).toEqual([
      { kind: 'startup', label: 'Worker start-up', seconds: expect.closeTo(0.05, 12) },
      { kind: 'work', label: 'Timed work', seconds: 0.2 },
    ]);
    // The GPU lane: 0.3 s for the device and 0.1 s around the timed run are its set-up.
    expect(lanes['gpu-measured'].seconds).toBe(0.5);
    expect(lanes['gpu-measured'].phases).toEqual([
      { kind: 'startup', label: 'GPU set-up', seconds: expect.closeTo(0.4, 12) },
      { kind: 'work', label: 'Timed work', seconds: 0.5 },
    ]);
    // The modeled lanes: their fixed cost inside the predicted time.
    expect(lanes['gpu-modeled'].phases.map((p) => [p.kind, p.seconds])).toEqual([
      ['fixed', 5e-6],
      ['work', expect.closeTo(0.0001 - 5e-6, 12)],
    ]);
    expect(lastRun).toMatchObject({
      job: settings,
      measured: {
        cpuWorkSeconds: 0.2,
        cpuStartupSeconds: expect.closeTo(0.05, 12),
        freshWorkers: 2,
        gpuWorkSeconds: 0.5,
        gpuSetupSeconds: expect.closeTo(0.4, 12),
        gpuVerified: true,
      },
    });
    expect(reading.join(' ')).toMatch(/starting 2 Web Workers .* took 50 ms/);
    expect(reading.join(' ')).toMatch(/set-up .* took 400 ms/);
  });

  it('says when the workers were already running: only a check-in, no start-up', async () => {
    const c = new RaceController(fakeDeps({ runCpu: async (job) => cpuRun(job, 0.001, 0) }));
    await c.run(settings);
    expect(c.getState().lanes['cpu-measured'].phases[0]).toMatchObject({
      kind: 'startup',
      label: 'Worker check-in (already running)',
    });
    expect(c.getState().reading.join(' ')).toMatch(/still running from an earlier race/);
  });

  it('predicts a job for a preset without running anything', () => {
    let ran = false;
    const c = new RaceController(
      fakeDeps({
        runCpu: async (job) => {
          ran = true;
          return cpuRun(job);
        },
      }),
    );
    const figures = c.modelFigures({ tasks: 16, iterations: 100, serialPercent: 0 }, 'h100-sxm');
    expect(figures).toMatchObject({
      cpuName: 'HW i9-14900k',
      gpuName: 'HW h100-sxm',
      gpu: { seconds: 0.0001, fixedSeconds: 5e-6 },
    });
    expect(ran).toBe(false);
    expect(c.getState().status).toBe('idle');
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
          return cpuRun(job);
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
          return cpuRun(job);
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
        new Promise<CpuLaneRun>((_resolve, reject) => {
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
