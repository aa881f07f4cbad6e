/**
 * Sentences that set the measured lanes beside the modeled ones: what this machine showed (timed
 * work, start-up apart), whether that agrees with the model, and, when it does not, the reasons
 * the figures themselves give (a software adapter, browser costs far above the model's). Pure.
 */
import { formatRatio, formatSeconds } from '../../format/units';
import { compareTimes, soonerText, type Comparison } from './race-figures';
import type { MeasuredFigures, ModeledFigures } from './race-types';

/** A measured time this many times the model's is "far above" it (browser costs, other chips). */
export const FAR_ABOVE_MODEL = 10;

/** "your CPU (8 workers)", "your CPU (1 worker)". */
export function workersName(workers: number): string {
  return `your CPU (${workers} worker${workers === 1 ? '' : 's'})`;
}

/** Both measured times, when both lanes finished and the GPU's results can be compared. */
export function comparableMeasured(m: MeasuredFigures): { cpu: number; gpu: number } | null {
  if (m.cpuWorkSeconds === null || m.gpuWorkSeconds === null || m.gpuVerified === false) {
    return null;
  }
  return { cpu: m.cpuWorkSeconds, gpu: m.gpuWorkSeconds };
}

/** "worker start-up (41 ms) and GPU set-up (120 ms)", for what was left out of the times. */
function leftOutText(m: MeasuredFigures): string | null {
  const parts: string[] = [];
  if (m.cpuStartupSeconds !== null) {
    parts.push(
      `${m.freshWorkers > 0 ? 'worker start-up' : 'checking in with the running workers'} (${formatSeconds(m.cpuStartupSeconds)})`,
    );
  }
  if (m.gpuSetupSeconds !== null) parts.push(`GPU set-up (${formatSeconds(m.gpuSetupSeconds)})`);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/**
 * What the measured lanes showed, in one sentence: which finished sooner and by how much, in
 * timed work, with start-up named as left out; or why there is nothing to compare.
 */
export function measuredSentence(m: MeasuredFigures): string {
  const cpuName = workersName(m.workers);
  if (m.gpuUnavailable !== null) {
    return m.cpuWorkSeconds === null
      ? `Measured: neither lane finished; the GPU lane did not run (${m.gpuUnavailable.replace(/\.$/, '')}).`
      : `Measured: only ${cpuName} ran, in ${formatSeconds(m.cpuWorkSeconds)}; the GPU lane did not run (${m.gpuUnavailable.replace(/\.$/, '')}).`;
  }
  if (m.gpuVerified === false) {
    return "Measured: your GPU's results did not match your CPU's, so its time is not compared.";
  }
  const both = comparableMeasured(m);
  if (!both) {
    if (m.cpuWorkSeconds !== null) {
      return `Measured: only ${cpuName} finished, in ${formatSeconds(m.cpuWorkSeconds)}.`;
    }
    if (m.gpuWorkSeconds !== null) {
      return `Measured: only your GPU finished, in ${formatSeconds(m.gpuWorkSeconds)}.`;
    }
    return 'Measured: neither lane finished.';
  }
  const leftOut = leftOutText(m);
  return (
    `Measured on this machine: ${soonerText({ name: 'your GPU', seconds: both.gpu }, { name: cpuName, seconds: both.cpu })}` +
    (leftOut ? `, timed work only; ${leftOut} shown apart.` : '.')
  );
}

/** "the GPU ahead", "the CPU ahead", "the two about even". */
function verdict(c: Comparison): string {
  if (c.winner === 'tie') return 'the two about even';
  return c.winner === 'first' ? 'the GPU ahead' : 'the CPU ahead';
}

/**
 * Whether the measured lanes agree with the modeled ones about who wins, and when they do not,
 * the reasons the figures give. Empty when there is nothing measured to compare.
 */
export function agreementSentences(modeled: ModeledFigures, m: MeasuredFigures): string[] {
  const both = comparableMeasured(m);
  if (!both) return [];
  const model = compareTimes(modeled.gpu.seconds, modeled.cpu.seconds);
  const measured = compareTimes(both.gpu, both.cpu);
  const software = 'your “GPU” is a software adapter running on your CPU, not a graphics processor';
  if (model.winner === measured.winner) {
    const agree = `That agrees with the model: both have ${verdict(model)}.`;
    return m.gpuIsFallback && measured.winner === 'first'
      ? [`${agree} But ${software}, so this says nothing about real GPUs.`]
      : [agree];
  }
  const out = [
    `The model and your machine disagree: the model has ${verdict(model)}, your machine ${verdict(measured)}.`,
  ];
  const reasons: string[] = [];
  if (m.gpuIsFallback) reasons.push(software);
  const gpuOver = both.gpu / modeled.gpu.seconds;
  if (!m.gpuIsFallback && gpuOver >= FAR_ABOVE_MODEL) {
    reasons.push(
      `your GPU's timed work took ${formatRatio(gpuOver)} as long as the model predicts for the ${modeled.gpuName} (${formatSeconds(modeled.gpu.seconds)}): a browser adds its own costs to each dispatch and read-back, and the model predicts a different chip`,
    );
  }
  const cpuOver = both.cpu / modeled.cpu.seconds;
  if (cpuOver >= FAR_ABOVE_MODEL) {
    reasons.push(
      `your CPU's timed work took ${formatRatio(cpuOver)} as long as the model predicts for the ${modeled.cpuName} (${formatSeconds(modeled.cpu.seconds)}): handing tasks to Web Workers and getting the results back by message costs far more than waking native threads`,
    );
  }
  if (reasons.length > 0) {
    const text = reasons.join('; and ');
    out.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  }
  return out;
}
