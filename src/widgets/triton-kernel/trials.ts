/**
 * One autotune config made ready to run at a size: fresh seeded inputs and the CPU reference
 * (untimed), the config's block sizes as the launch's constexprs and its `num_warps × 32` as
 * the workgroup size, and the check of a run's outputs. On the interpreter the kernel is read
 * and lowered once here (a config that cannot compile is refused before anything is timed); on
 * WebGPU the device's launch is passed in. Pure.
 */
import { compileKernel, readModule, runKernel } from '../../triton/index';
import { compareRun, type TritonPuzzle, type TritonSizes } from '../../triton/puzzles/index';
import type { Trial } from './autotune';
import { workgroupSizeOf, type AutotuneConfig } from './configs';
import type { TritonGpuOptions } from '../../gpu';

/** The launch of one config at a size, with the run it fills and checks. */
export function configLaunch(
  puzzle: TritonPuzzle,
  config: AutotuneConfig,
  size: TritonSizes,
): { options: TritonGpuOptions; check: () => ReturnType<typeof compareRun> } {
  const run = puzzle.prepare(size);
  const options: TritonGpuOptions = {
    grid: puzzle.grid(size),
    args: run.args,
    constexprs: config.constexprs,
    workgroupSize: workgroupSizeOf(config),
  };
  const label = Object.entries(size)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
  return { options, check: () => compareRun(puzzle, run, { size, label }) };
}

/** A config on the interpreter (which has no warps: `num_warps` changes nothing there). */
export function interpreterTrial(
  puzzle: TritonPuzzle,
  source: string,
  config: AutotuneConfig,
  size: TritonSizes,
): Trial {
  const { options, check } = configLaunch(puzzle, config, size);
  const module = readModule(source);
  compileKernel(module, options);
  return {
    run: async () => {
      runKernel(module, options);
    },
    check,
    dispose: () => {},
  };
}

/** A device's launch of one config, compiled and bound: what `gpuTrial` needs of it. */
export interface DeviceLaunch {
  submit(): void;
  /** Reads the written tensors back; throws the first error a program hit. */
  finish(): Promise<void>;
  destroy(): void;
}

/** A config on a device: each run is one submit and its results read back. */
export async function gpuTrial(
  puzzle: TritonPuzzle,
  config: AutotuneConfig,
  size: TritonSizes,
  prepare: (options: TritonGpuOptions) => Promise<DeviceLaunch>,
): Promise<Trial> {
  const { options, check } = configLaunch(puzzle, config, size);
  const launch = await prepare(options);
  return {
    run: async () => {
      launch.submit();
      await launch.finish();
    },
    check,
    dispose: () => launch.destroy(),
  };
}
