import { describe, expect, it, vi } from 'vitest';
import { predictKernel } from '../../engine/models';
import { planKernel } from '../../gpu';

const reluDescriptor = (elements: number, block: number) =>
  planKernel('relu', { elements, workgroupSize: block }).descriptor;
import {
  ExplorerController,
  type ElementwiseGpu,
  type ElementwiseMeasurement,
  type ExplorerDeps,
} from './controller';

const goodRun: ElementwiseMeasurement = {
  secondsPerKernel: 2e-4,
  repeats: 50,
  batches: 3,
  relativeSpread: 0.02,
  method: 'completion',
  workgroupSize: 64,
  verified: true,
  detail: 'all 524,288 values match the CPU reference bit for bit',
};

function fakeDeps(overrides: Partial<ExplorerDeps> = {}, gpu?: ElementwiseGpu) {
  let clock = 0;
  const deps: ExplorerDeps & { advance(seconds: number): void } = {
    now: () => clock,
    advance: (seconds) => {
      clock += seconds;
    },
    reducedMotion: () => false,
    webgpuMissingReason: () => null,
    getGpu: async () =>
      gpu ?? {
        ok: true,
        adapter: { description: 'google · swiftshader', isFallback: true },
        measure: async () => goodRun,
      },
    ...overrides,
  };
  return deps;
}

/** Ticks the controller through `seconds` of animation in frame-sized steps. */
function run(controller: ExplorerController, deps: { advance(s: number): void }, seconds: number) {
  controller.tick();
  for (let t = 0; t < seconds; t += 1 / 60) {
    deps.advance(1 / 60);
    controller.tick();
  }
}

describe('ExplorerController', () => {
  it('starts on the lesson example with the engine’s wave count and time', () => {
    const c = new ExplorerController(fakeDeps());
    const s = c.getState();
    expect(s.status).toBe('idle');
    expect(s.hardware.cudaCores).toBe(6912);
    expect(s.plan.schedule.waves).toBe(76);
    expect(s.otherPlan.schedule.waves).toBe(3);
    expect(s.model).toEqual(predictKernel('a100-sxm-80gb', reluDescriptor(524_288, 64)));
    expect(s.playback).toEqual({ phase: 'ready', position: 0, waves: 76 });
  });

  it('switches to a preset with its own counts, and keeps hand-set counts as custom', () => {
    const c = new ExplorerController(fakeDeps());
    c.configure({ gpuId: 'h100-sxm' });
    expect([c.getState().config.sms, c.getState().config.coresPerSm]).toEqual([132, 128]);
    expect(c.getState().plan.schedule.waves).toBe(Math.ceil(524_288 / 16_896));
    c.configure({ sms: 66 });
    expect(c.getState().hardware.custom).toBe(true);
    expect(c.getState().hardware.cudaCores).toBe(66 * 128);
    c.resetToCatalog();
    expect(c.getState().hardware.custom).toBe(false);
    expect(c.getState().config.sms).toBe(132);
  });

  it('keeps playback when the same settings come again; a new GPU drops hand-set counts', () => {
    const c = new ExplorerController(fakeDeps(), { sms: 54 });
    c.step();
    c.configure({ ...c.getState().settings });
    expect(c.getState().playback.position).toBe(1);
    c.configure({ gpuId: 'h100-sxm' });
    expect(c.getState().settings).toMatchObject({ gpuId: 'h100-sxm', sms: 0, coresPerSm: 0 });
    expect(c.getState().playback.position).toBe(0);
    c.configure({ gpuId: 'rtx-4090', sms: 20 });
    expect([c.getState().config.sms, c.getState().config.coresPerSm]).toEqual([20, 128]);
    c.configure({ sms: 'many' });
    expect(c.getState().messages).toEqual([
      'SMs (0 = the GPU’s own) must be a whole number; using 0.',
    ]);
    expect(c.getState().config.sms).toBe(128);
  });

  it('plays, pauses, steps and resets, reporting running and done', () => {
    const deps = fakeDeps();
    const c = new ExplorerController(deps);
    c.play();
    expect(c.getState().status).toBe('running');
    expect(c.isAnimating()).toBe(true);
    run(c, deps, 1);
    const mid = c.getState().playback.position;
    expect(mid).toBeGreaterThan(5);
    c.pause();
    run(c, deps, 1);
    expect(c.getState().playback.position).toBe(mid);
    expect(c.getState().status).toBe('idle');
    c.step();
    expect(c.getState().playback.position).toBe(Math.floor(mid) + 1);
    c.play();
    run(c, deps, 12);
    expect(c.getState().playback.phase).toBe('finished');
    expect(c.getState().status).toBe('done');
    expect(c.isAnimating()).toBe(false);
    c.reset();
    expect(c.getState().playback.position).toBe(0);
    expect(c.getState().status).toBe('idle');
  });

  it('restarts playback when the settings change', () => {
    const c = new ExplorerController(fakeDeps());
    c.step();
    c.configure({ residency: 'resident', threadsPerBlock: 256 });
    expect(c.getState().playback).toEqual({ phase: 'ready', position: 0, waves: 3 });
  });

  it('jumps instead of animating under reduced motion', () => {
    const c = new ExplorerController(fakeDeps({ reducedMotion: () => true }));
    expect(c.getState().reducedMotion).toBe(true);
    c.play();
    expect(c.getState().playback.phase).toBe('finished');
    c.selectSm(5);
    c.setZoomed(true);
    expect(c.getState().zoom).toEqual({ sm: 5, zoomed: true, progress: 1 });
    expect(c.isAnimating()).toBe(false);
  });

  it('animates the zoom in and out, and clamps the selected SM', () => {
    const deps = fakeDeps();
    const c = new ExplorerController(deps);
    c.selectSm(500);
    expect(c.getState().zoom.sm).toBe(107);
    c.setZoomed(true);
    expect(c.isAnimating()).toBe(true);
    run(c, deps, 0.5);
    expect(c.getState().zoom.progress).toBe(1);
    c.setZoomed(false);
    run(c, deps, 0.5);
    expect(c.getState().zoom.progress).toBe(0);
  });

  it('measures on the GPU and shows the time beside the modeled one', async () => {
    const measure = vi.fn(async () => goodRun);
    const c = new ExplorerController(
      fakeDeps(
        {},
        { ok: true, adapter: { description: 'nvidia · ampere', isFallback: false }, measure },
      ),
    );
    const done = c.measure();
    expect(c.getState().measure.phase).toBe('running');
    expect(c.getState().status).toBe('running');
    await done;
    const m = c.getState().measure;
    expect(m.phase).toBe('done');
    if (m.phase !== 'done') return;
    expect(m.measurement.secondsPerKernel).toBe(2e-4);
    expect(m.modeled.seconds).toBe(c.getState().model.seconds);
    expect(m.modeledOn).toBe('NVIDIA A100 SXM 80 GB');
    expect(measure).toHaveBeenCalledWith(524_288, 64, expect.any(AbortSignal));
    expect(c.getState().status).toBe('done');
  });

  it('shows no time when the output does not match the reference', async () => {
    const c = new ExplorerController(
      fakeDeps(
        {},
        {
          ok: true,
          adapter: { description: 'x', isFallback: false },
          measure: async () => ({ ...goodRun, verified: false, detail: '3 value(s) differ' }),
        },
      ),
    );
    await c.measure();
    const m = c.getState().measure;
    expect(m.phase).toBe('error');
    if (m.phase === 'error') expect(m.message).toMatch(/did not match.*3 value\(s\) differ/);
  });

  it('explains a missing WebGPU up front and never tries', async () => {
    const getGpu = vi.fn();
    const c = new ExplorerController(
      fakeDeps({ webgpuMissingReason: () => 'No WebGPU in this browser.', getGpu }),
    );
    expect(c.getState().measure).toEqual({
      phase: 'unavailable',
      message: 'No WebGPU in this browser.',
    });
    await c.measure();
    expect(getGpu).not.toHaveBeenCalled();
  });

  it('reports an adapter that cannot be had, and a run that fails', async () => {
    const c = new ExplorerController(fakeDeps({}, { ok: false, message: 'No adapter.' }));
    await c.measure();
    expect(c.getState().measure).toEqual({ phase: 'unavailable', message: 'No adapter.' });
    const failing = new ExplorerController(
      fakeDeps(
        {},
        {
          ok: true,
          adapter: { description: 'x', isFallback: false },
          measure: async () => {
            throw new Error('The GPU device was lost.');
          },
        },
      ),
    );
    await failing.measure();
    expect(failing.getState().measure).toEqual({
      phase: 'error',
      message: 'The GPU device was lost.',
    });
  });
});
