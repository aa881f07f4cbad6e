import { describe, expect, it } from 'vitest';
import { readRace, type RaceOutcome } from './reading';

const base: RaceOutcome = {
  cpuMeasuredSeconds: 0.1,
  gpuMeasuredSeconds: 0.01,
  cpuModeledSeconds: 0.02,
  gpuModeledSeconds: 0.0002,
  cpuModelName: 'Intel Core i9-14900K',
  gpuModelName: 'NVIDIA A100 SXM 80 GB',
  workers: 8,
  gpuUnavailable: null,
  gpuIsFallback: false,
  gpuVerified: true,
  serialPercent: 0,
  tasks: 65536,
};

describe('readRace', () => {
  it('credits a real GPU that wins with its speedup', () => {
    const text = readRace(base).join(' ');
    expect(text).toMatch(/Your GPU finished 10× faster/);
    expect(text).toMatch(/the GPU 100× faster/);
  });

  it('says plainly that a software fallback adapter is the CPU in disguise', () => {
    const text = readRace({ ...base, gpuIsFallback: true, gpuMeasuredSeconds: 0.5 }).join(' ');
    expect(text).toMatch(/software fallback/);
    expect(text).toMatch(/ran on your CPU cores/);
    expect(text).toMatch(/Losing is the expected result/);
  });

  it('does not let a winning software adapter pass for a real GPU', () => {
    const text = readRace({ ...base, gpuIsFallback: true, gpuMeasuredSeconds: 0.05 }).join(' ');
    expect(text).toMatch(/still your CPU doing the work/);
    expect(text).not.toMatch(/Your GPU finished/);
  });

  it('explains a CPU win on a real GPU by fixed costs', () => {
    const text = readRace({ ...base, gpuMeasuredSeconds: 0.3 }).join(' ');
    expect(text).toMatch(/Your CPU won/);
  });

  it('explains a missing GPU lane and still reports the model', () => {
    const text = readRace({
      ...base,
      gpuMeasuredSeconds: null,
      gpuVerified: null,
      gpuUnavailable: 'This browser has no WebGPU.',
    });
    expect(text[0]).toMatch(/did not run: This browser has no WebGPU\./);
    expect(text.join(' ')).toMatch(/cost model puts/);
  });

  it('refuses to compare a run whose results did not verify', () => {
    expect(readRace({ ...base, gpuVerified: false }).join(' ')).toMatch(
      /did not match the CPU reference/,
    );
  });

  it("states Amdahl's ceiling for a serial fraction", () => {
    expect(readRace({ ...base, serialPercent: 5 }).join(' ')).toMatch(/more than 20× faster/);
  });
});
