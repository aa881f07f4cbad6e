import { describe, expect, it } from 'vitest';
import { getCpu, getGpu } from '../../engine/catalog';
import { formatRatio } from '../../format/units';
import { predictRace } from './modeled-run';
import { presetReading } from './preset-reading';
import type { MeasuredFigures, ModeledFigures } from './race-types';
import { RACE_PRESETS, serialIterationsFor, type RaceJobSettings } from './settings';

/** The modeled lanes' figures for a job, from the cost engine, as the lanes show them. */
function modelFor(settings: RaceJobSettings, gpuId = 'a100-sxm-80gb'): ModeledFigures {
  const job = { ...settings, serialIterations: serialIterationsFor(settings) };
  return {
    cpuName: getCpu('i9-14900k').name,
    gpuName: getGpu(gpuId).name,
    cpu: predictRace('i9-14900k', job),
    gpu: predictRace(gpuId, job),
  };
}

/** A measured race: 2 workers, with start-up and set-up, the GPU verified, hardware adapter. */
function measured(cpu: number, gpu: number, patch: Partial<MeasuredFigures> = {}): MeasuredFigures {
  return {
    workers: 2,
    cpuWorkSeconds: cpu,
    cpuStartupSeconds: 0.041,
    freshWorkers: 2,
    gpuWorkSeconds: gpu,
    gpuSetupSeconds: 0.12,
    gpuIsFallback: false,
    gpuVerified: true,
    gpuUnavailable: null,
    ...patch,
  };
}

const preset = (name: string) => RACE_PRESETS.find((p) => p.name === name)!;
const tiny = preset('Tiny job');
const wide = preset('Wide batch');
const serial = preset('5 % serial');

describe('presetReading: the modeled lanes', () => {
  it('names the side the model puts ahead, by the factor its lanes show, for every preset', () => {
    for (const p of RACE_PRESETS) {
      const m = modelFor(p.settings);
      const [first] = presetReading(p.topic, p.settings, m, null);
      const gpuAhead = m.gpu.seconds < m.cpu.seconds;
      const ratio = formatRatio(
        Math.max(m.cpu.seconds, m.gpu.seconds) / Math.min(m.cpu.seconds, m.gpu.seconds),
      );
      const [win, lose] = gpuAhead ? [m.gpuName, m.cpuName] : [m.cpuName, m.gpuName];
      expect(first, p.name).toContain(
        `Modeled: the ${win} finishes ${ratio} sooner than the ${lose}`,
      );
    }
  });

  it('never says the GPU cannot win the tiny job when the model has it ahead', () => {
    const m = modelFor(tiny.settings);
    expect(m.gpu.seconds).toBeLessThan(m.cpu.seconds); // the A100 is 1.34× ahead in the catalog
    const text = presetReading(tiny.topic, tiny.settings, m, null).join(' ');
    expect(text).not.toMatch(/cannot win/);
    expect(text).toMatch(
      /the NVIDIA A100 SXM 80 GB finishes 1\.34× sooner than the Intel Core i9-14900K/,
    );
    // Its point, fixed costs, comes as figures: each side's share of its own time.
    expect(text).toMatch(/a kernel launch on the GPU \(5 µs, 66 % of its time\)/);
    expect(text).toMatch(/waking the CPU's threads \(10 µs, 98 % of its time\), dominate both/);
    expect(text).toMatch(/16 tasks keep 0\.23 % of the GPU's 6,912 lanes busy/);
  });

  it('puts the CPU ahead when the model does: the tiny job against an Apple M2', () => {
    const m = modelFor(tiny.settings, 'apple-m2');
    expect(m.cpu.seconds).toBeLessThan(m.gpu.seconds);
    const [first] = presetReading(tiny.topic, tiny.settings, m, null);
    expect(first).toMatch(
      /^Modeled: the Intel Core i9-14900K finishes [\d.]+× sooner than the Apple M2/,
    );
  });

  it('calls two close times about the same', () => {
    const m = modelFor(tiny.settings);
    const even = { ...m, gpu: { ...m.gpu, seconds: m.cpu.seconds * 1.02 } };
    expect(presetReading(tiny.topic, tiny.settings, even, null)[0]).toMatch(
      /take about the same time/,
    );
  });

  it('says fixed costs dominate only when they are most of both times', () => {
    const m = modelFor(wide.settings);
    const text = presetReading('fixed-costs', wide.settings, m, null)[0]!;
    expect(text).toMatch(/are the smaller part of both: the work itself decides/);
    expect(text).not.toMatch(/dominate/);
    const gpuOnly = { ...m, gpu: { ...m.gpu, fixedSeconds: m.gpu.seconds * 0.8 } };
    expect(presetReading('fixed-costs', wide.settings, gpuOnly, null)[0]).toMatch(
      /are most of the GPU's time but not of the CPU's/,
    );
  });

  it('counts the waves of a wide batch on each side', () => {
    const [first] = presetReading(wide.topic, wide.settings, modelFor(wide.settings), null);
    expect(first).toMatch(/finishes 73\.2× sooner/);
    expect(first).toMatch(
      /65,536 tasks fill the GPU's 6,912 lanes in 10 waves and the CPU's 24 cores in 2,731 waves/,
    );
  });

  it("gives Amdahl's ceiling and the serial stage's share on each side", () => {
    const m = modelFor(serial.settings);
    const [first] = presetReading(serial.topic, serial.settings, m, null);
    expect(first).toMatch(/caps the speedup over one core at 20×/);
    expect(first).toMatch(/one GPU lane is slower than one CPU core/);
    // Where the figures say otherwise, the sentence does not claim it.
    const fastLane = { ...m, gpu: { ...m.gpu, serialSeconds: m.cpu.serialSeconds / 2 } };
    expect(presetReading(serial.topic, serial.settings, fastLane, null)[0]).not.toMatch(/slower/);
  });

  it('asks for a race when nothing of this job has been measured', () => {
    const text = presetReading(tiny.topic, tiny.settings, modelFor(tiny.settings), null);
    expect(text[1]).toMatch(/Run the race/);
  });
});

describe('presetReading: the measured lanes beside the model', () => {
  const m = modelFor(tiny.settings);
  const read = (figures: MeasuredFigures) =>
    presetReading(tiny.topic, tiny.settings, m, figures)[1]!;

  it('reports a measured GPU win, start-up apart, as agreeing with a model that has the GPU ahead', () => {
    // The issue's race: the measured GPU lane won 1.45×.
    const text = read(measured(0.0029, 0.002));
    expect(text).toMatch(
      /^Measured on this machine: your GPU finishes 1\.45× sooner than your CPU \(2 workers\) \(2 ms against 2\.9 ms\)/,
    );
    expect(text).toMatch(
      /timed work only; worker start-up \(41 ms\) and GPU set-up \(120 ms\) shown apart/,
    );
    expect(text).toMatch(/That agrees with the model: both have the GPU ahead\./);
  });

  it('says honestly when the machine and the model disagree, with the reasons its figures give', () => {
    const text = read(measured(0.0036, 0.008));
    expect(text).toMatch(/your CPU \(2 workers\) finishes 2\.22× sooner than your GPU/);
    expect(text).toMatch(
      /The model and your machine disagree: the model has the GPU ahead, your machine the CPU ahead\./,
    );
    // 8 ms is far above the model's 7.61 µs, and 3.6 ms far above its 10.2 µs.
    expect(text).toMatch(
      /[Yy]our GPU's timed work took 1,052× as long as the model predicts for the NVIDIA A100 SXM 80 GB \(7\.61 µs\)/,
    );
    expect(text).toMatch(/Web Workers .* far more than waking native threads/);
    const software = read(measured(0.0036, 0.008, { gpuIsFallback: true }));
    expect(software).toMatch(/software adapter running on your CPU/);
    expect(software).not.toMatch(/your GPU's timed work took/);
  });

  it('does not let a software adapter that wins pass for a GPU', () => {
    const text = read(measured(0.0036, 0.002, { gpuIsFallback: true }));
    expect(text).toMatch(/That agrees with the model.*But your “GPU” is a software adapter/);
  });

  it('compares nothing when the GPU lane did not run or did not verify', () => {
    const none = read(
      measured(0.0036, 0.008, {
        gpuWorkSeconds: null,
        gpuSetupSeconds: null,
        gpuVerified: null,
        gpuUnavailable: 'This browser has no WebGPU.',
      }),
    );
    expect(none).toBe(
      'Measured: only your CPU (2 workers) ran, in 3.6 ms; the GPU lane did not run (This browser has no WebGPU).',
    );
    const wrong = read(measured(0.0036, 0.008, { gpuVerified: false }));
    expect(wrong).toMatch(/did not match your CPU's, so its time is not compared\.$/);
  });

  it('names a warm pool as a check-in, not a start-up', () => {
    const text = read(measured(0.0036, 0.002, { freshWorkers: 0, cpuStartupSeconds: 0.0004 }));
    expect(text).toMatch(/checking in with the running workers \(400 µs\)/);
  });
});
