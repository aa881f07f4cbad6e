import { formatRatio, formatSeconds } from '../../format/units';

/** What a finished (or partly finished) race produced, for the written reading. */
export interface RaceOutcome {
  cpuMeasuredSeconds: number | null;
  gpuMeasuredSeconds: number | null;
  cpuModeledSeconds: number;
  gpuModeledSeconds: number;
  cpuModelName: string;
  gpuModelName: string;
  workers: number;
  /** Why there is no measured GPU lane, when there is none. */
  gpuUnavailable: string | null;
  /** True when the adapter is a software (fallback) implementation running on the CPU. */
  gpuIsFallback: boolean;
  /** Whether the GPU's output matched the CPU reference; null when not checked. */
  gpuVerified: boolean | null;
  serialPercent: number;
  tasks: number;
}

/** Paragraphs that explain a race result in plain language, honest about software adapters. */
export function readRace(o: RaceOutcome): string[] {
  const out: string[] = [];
  const cpu = o.cpuMeasuredSeconds;
  const gpu = o.gpuMeasuredSeconds;

  if (o.gpuUnavailable) {
    out.push(
      `The measured GPU lane did not run: ${o.gpuUnavailable} The CPU lane and both modeled lanes ran as usual.`,
    );
  } else if (gpu !== null && o.gpuVerified === false) {
    out.push(
      'The GPU lane finished but its results did not match the CPU reference, so its time is not a fair comparison. This points to a driver or browser problem.',
    );
  } else if (cpu !== null && gpu !== null) {
    const ratio = cpu / gpu;
    if (o.gpuIsFallback) {
      out.push(
        `Your browser's WebGPU adapter is a software fallback (such as SwiftShader): the "GPU" lane ran on your CPU cores, emulating a GPU. It took ${formatSeconds(gpu)} against ${formatSeconds(cpu)} for plain JavaScript in ${o.workers} worker${o.workers === 1 ? '' : 's'}. ` +
          (ratio < 1
            ? 'Losing is the expected result: emulation adds work on top of the same cores, and there are no thousands of GPU lanes to spread the tasks over.'
            : 'It won this time because a software adapter compiles the kernel to native vector code and spreads it over all your cores, while each JavaScript worker takes one step at a time. It is still your CPU doing the work: do not read this as what a real GPU does.'),
      );
    } else if (ratio >= 1) {
      out.push(
        `Your GPU finished ${formatRatio(ratio)} faster than your CPU (${formatSeconds(gpu)} against ${formatSeconds(cpu)} across ${o.workers} worker${o.workers === 1 ? '' : 's'}). ${o.tasks.toLocaleString('en-US')} independent tasks keep many GPU lanes busy at once.`,
      );
    } else {
      out.push(
        `Your CPU won: ${formatSeconds(cpu)} against ${formatSeconds(gpu)} for the GPU. With this little work the GPU's fixed costs (setting up the dispatch, waiting for it, reading results back) outweigh its parallelism. Try more tasks.`,
      );
    }
  }

  const modeledRatio = o.cpuModeledSeconds / o.gpuModeledSeconds;
  out.push(
    `The cost model puts the same job at ${formatSeconds(o.gpuModeledSeconds)} on an ${o.gpuModelName} and ${formatSeconds(o.cpuModeledSeconds)} on an ${o.cpuModelName}: ` +
      (modeledRatio >= 1
        ? `the GPU ${formatRatio(modeledRatio)} faster.`
        : `the CPU ${formatRatio(1 / modeledRatio)} faster, because the job is too small to fill the GPU.`),
  );

  if (o.serialPercent > 0) {
    const cap = 100 / o.serialPercent;
    out.push(
      `${o.serialPercent} % of this job is serial, so by Amdahl's law no number of cores can make it more than ${formatRatio(cap)} faster than one core; the serial stage runs on a single lane whichever processor you use, and a single GPU lane is slower than a CPU core.`,
    );
  }
  return out;
}
