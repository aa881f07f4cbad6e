import { describe, expect, it } from 'vitest';
import { readRace, type RaceOutcome } from './reading';
import type { MeasuredFigures, ModeledFigures } from './race-types';

const modeled: ModeledFigures = {
  cpuName: 'Intel Core i9-14900K',
  gpuName: 'NVIDIA A100 SXM 80 GB',
  cpu: { seconds: 0.02, parallelUnits: 24, waves: 2731, fixedSeconds: 1e-5, serialSeconds: 0 },
  gpu: { seconds: 0.0002, parallelUnits: 6912, waves: 10, fixedSeconds: 5e-6, serialSeconds: 0 },
};

const measured: MeasuredFigures = {
  workers: 8,
  cpuWorkSeconds: 0.1,
  cpuStartupSeconds: 0.04,
  freshWorkers: 8,
  gpuWorkSeconds: 0.01,
  gpuSetupSeconds: 0.12,
  gpuIsFallback: false,
  gpuVerified: true,
  gpuUnavailable: null,
};

const base: RaceOutcome = { modeled, measured, serialPercent: 0, tasks: 65536 };

/** The outcome with some measured figures changed. */
function withMeasured(patch: Partial<MeasuredFigures>): RaceOutcome {
  return { ...base, measured: { ...measured, ...patch } };
}

describe('readRace', () => {
  it('credits a real GPU that wins with its speedup, in timed work', () => {
    const text = readRace(base).join(' ');
    expect(text).toMatch(/Your GPU finished its timed work 10× sooner than your CPU/);
    expect(text).toMatch(/the GPU 100× faster/);
    expect(text).toMatch(/That agrees with the model/);
  });

  it('names start-up and set-up apart, and says they are left out', () => {
    const text = readRace(base).join(' ');
    expect(text).toMatch(/starting 8 Web Workers .* took 40 ms/);
    expect(text).toMatch(/set-up .* took 120 ms/);
    expect(text).toMatch(/comparisons leave it out/);
    const warm = readRace(withMeasured({ freshWorkers: 0, cpuStartupSeconds: 0.001 })).join(' ');
    expect(warm).toMatch(
      /still running from an earlier race, so checking in with them took only 1 ms/,
    );
  });

  it('says plainly that a software fallback adapter is the CPU in disguise', () => {
    const text = readRace(withMeasured({ gpuIsFallback: true, gpuWorkSeconds: 0.5 })).join(' ');
    expect(text).toMatch(/software fallback/);
    expect(text).toMatch(/ran on your CPU cores/);
    expect(text).toMatch(/Losing is the expected result/);
    expect(text).toMatch(/The model and your machine disagree/);
  });

  it('does not let a winning software adapter pass for a real GPU', () => {
    const text = readRace(withMeasured({ gpuIsFallback: true, gpuWorkSeconds: 0.05 })).join(' ');
    expect(text).toMatch(/still your CPU doing the work/);
    expect(text).not.toMatch(/Your GPU finished/);
    expect(text).toMatch(/says nothing about real GPUs/);
  });

  it('reports a CPU win on a real GPU without claiming why it happened', () => {
    const text = readRace(withMeasured({ gpuWorkSeconds: 0.3 })).join(' ');
    expect(text).toMatch(/Your CPU won: 100 ms against 300 ms/);
    expect(text).toMatch(/try more tasks/);
    expect(text).toMatch(/disagree: the model has the GPU ahead, your machine the CPU ahead/);
  });

  it('explains a missing GPU lane and still reports the model', () => {
    const text = readRace(
      withMeasured({
        gpuWorkSeconds: null,
        gpuSetupSeconds: null,
        gpuVerified: null,
        gpuUnavailable: 'This browser has no WebGPU.',
      }),
    );
    expect(text[0]).toMatch(/did not run: This browser has no WebGPU\./);
    expect(text.join(' ')).toMatch(/cost model puts/);
    expect(text.join(' ')).not.toMatch(/agree/);
  });

  it('refuses to compare a run whose results did not verify', () => {
    const text = readRace(withMeasured({ gpuVerified: false })).join(' ');
    expect(text).toMatch(/did not match the CPU reference/);
    expect(text).not.toMatch(/agree/);
  });

  it('gives a CPU-favoured model the reason its figures show', () => {
    const small: ModeledFigures = {
      ...modeled,
      cpu: { ...modeled.cpu, seconds: 1e-6 },
      gpu: { ...modeled.gpu, seconds: 5e-6 },
    };
    const text = readRace({ ...base, modeled: small, tasks: 16 }).join(' ');
    expect(text).toMatch(/the CPU 5× faster: 16 tasks fill only 0\.23 % of the GPU's 6,912 lanes/);
  });

  it("states Amdahl's ceiling for a serial fraction", () => {
    const serial: ModeledFigures = {
      ...modeled,
      cpu: { ...modeled.cpu, serialSeconds: 0.001 },
      gpu: { ...modeled.gpu, serialSeconds: 0.004 },
    };
    const text = readRace({ ...base, modeled: serial, serialPercent: 5 }).join(' ');
    expect(text).toMatch(/more than 20× faster/);
    expect(text).toMatch(/one GPU lane take 4 ms over it where one CPU core takes 1 ms/);
  });
});
