/**
 * The written reading of a finished race: what the measured lanes showed (honest about software
 * adapters and unverified results), what was left out of their times (worker start-up, GPU
 * set-up), what the model predicts and whether the two agree, and Amdahl's ceiling for a serial
 * part. Every comparison is computed from the lanes' figures. Pure.
 */
import { formatPercent, formatRatio, formatSeconds } from '../../format/units';
import { agreementSentences, workersName } from './model-vs-measured';
import type { MeasuredFigures, ModeledFigures } from './race-types';

/** What a finished race produced, for the written reading. */
export interface RaceOutcome {
  modeled: ModeledFigures;
  measured: MeasuredFigures;
  serialPercent: number;
  tasks: number;
}

/** The measured lanes: who won in timed work, or why there is nothing to compare. */
function measuredParagraph(o: RaceOutcome): string | null {
  const m = o.measured;
  const cpu = m.cpuWorkSeconds;
  const gpu = m.gpuWorkSeconds;
  const workers = workersName(m.workers);
  if (m.gpuUnavailable) {
    return `The measured GPU lane did not run: ${m.gpuUnavailable} The CPU lane and both modeled lanes ran as usual.`;
  }
  if (gpu !== null && m.gpuVerified === false) {
    return 'The GPU lane finished but its results did not match the CPU reference, so its time is not a fair comparison. This points to a driver or browser problem.';
  }
  if (cpu === null || gpu === null) return null;
  const ratio = cpu / gpu;
  if (m.gpuIsFallback) {
    return (
      `Your browser's WebGPU adapter is a software fallback (such as SwiftShader): the "GPU" lane ran on your CPU cores, emulating a GPU. Its timed work took ${formatSeconds(gpu)} against ${formatSeconds(cpu)} for plain JavaScript on ${workers}. ` +
      (ratio < 1
        ? 'Losing is the expected result: emulation adds work on top of the same cores, and there are no thousands of GPU lanes to spread the tasks over.'
        : 'It won this time because a software adapter compiles the kernel to native vector code and spreads it over all your cores, while each JavaScript worker takes one step at a time. It is still your CPU doing the work: do not read this as what a real GPU does.')
    );
  }
  if (ratio >= 1) {
    return `Your GPU finished its timed work ${formatRatio(ratio)} sooner than your CPU (${formatSeconds(gpu)} against ${formatSeconds(cpu)} across ${m.workers} worker${m.workers === 1 ? '' : 's'}). ${o.tasks.toLocaleString('en-US')} independent tasks keep many GPU lanes busy at once.`;
  }
  return `Your CPU won: ${formatSeconds(cpu)} against ${formatSeconds(gpu)} for the GPU's timed work. A GPU run pays fixed costs (submitting the work, waiting for it, reading the results back) that do not shrink with the job; try more tasks to see whether the GPU catches up.`;
}

/** What happened before the clocks started, and why it is left out. */
function startupParagraph(m: MeasuredFigures): string | null {
  const parts: string[] = [];
  if (m.cpuStartupSeconds !== null) {
    parts.push(
      m.freshWorkers > 0
        ? `starting ${m.freshWorkers} Web Worker${m.freshWorkers === 1 ? '' : 's'} (creating them, loading their script and warming up their loop) took ${formatSeconds(m.cpuStartupSeconds)}`
        : `the workers were still running from an earlier race, so checking in with them took only ${formatSeconds(m.cpuStartupSeconds)}`,
    );
  }
  if (m.gpuSetupSeconds !== null) {
    parts.push(
      `the GPU lane's set-up (getting the device, compiling the shader pipeline, allocating and freeing buffers) took ${formatSeconds(m.gpuSetupSeconds)}`,
    );
  }
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `Before the clocks started, ${text}. Each lane shows this apart from its timed work, and the comparisons leave it out, as the model leaves out starting a program.`;
}

/** Paragraphs that explain a race result in plain language. */
export function readRace(o: RaceOutcome): string[] {
  const out: string[] = [];
  const measured = measuredParagraph(o);
  if (measured) out.push(measured);
  const startup = startupParagraph(o.measured);
  if (startup) out.push(startup);

  const { modeled } = o;
  const modeledRatio = modeled.cpu.seconds / modeled.gpu.seconds;
  const model =
    `The cost model puts the same job at ${formatSeconds(modeled.gpu.seconds)} on an ${modeled.gpuName} and ${formatSeconds(modeled.cpu.seconds)} on an ${modeled.cpuName}: ` +
    (modeledRatio >= 1
      ? `the GPU ${formatRatio(modeledRatio)} faster.`
      : `the CPU ${formatRatio(1 / modeledRatio)} faster` +
        (o.tasks < modeled.gpu.parallelUnits
          ? `: ${o.tasks.toLocaleString('en-US')} tasks fill only ${formatPercent(o.tasks / modeled.gpu.parallelUnits)} of the GPU's ${modeled.gpu.parallelUnits.toLocaleString('en-US')} lanes.`
          : '.'));
  out.push([model, ...agreementSentences(modeled, o.measured)].join(' '));

  if (o.serialPercent > 0) {
    const cap = 100 / o.serialPercent;
    out.push(
      `${o.serialPercent} % of this job is serial, so by Amdahl's law no number of cores can make it more than ${formatRatio(cap)} faster than one core; the serial stage runs on a single lane whichever processor you use` +
        (modeled.gpu.serialSeconds > modeled.cpu.serialSeconds
          ? `, and the model has one GPU lane take ${formatSeconds(modeled.gpu.serialSeconds)} over it where one CPU core takes ${formatSeconds(modeled.cpu.serialSeconds)}.`
          : '.'),
    );
  }
  return out;
}
