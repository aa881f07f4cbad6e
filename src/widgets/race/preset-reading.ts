/**
 * What a preset shows, written from the lanes: the modeled lanes' prediction for its job (who
 * finishes sooner, and the figure its lesson point rests on: fixed costs, waves, the serial
 * stage), then, once the job has run, what the measured lanes showed and whether they agree
 * with the model. No sentence claims more than the numbers give. Pure.
 */
import { formatCount, formatPercent, formatRatio, formatSeconds } from '../../format/units';
import { agreementSentences, measuredSentence } from './model-vs-measured';
import { soonerText } from './race-figures';
import type { MeasuredFigures, ModeledFigures, ModeledRun } from './race-types';
import type { PresetTopic, RaceJobSettings } from './settings';

/** The share of a modeled time its fixed cost takes (0..1). */
function fixedShare(run: ModeledRun): number {
  return run.seconds > 0 ? Math.min(1, run.fixedSeconds / run.seconds) : 0;
}

/** "1 wave", "10 waves". */
function waves(count: number): string {
  return `${formatCount(count)} wave${count === 1 ? '' : 's'}`;
}

/** The fixed costs: how much of each modeled time they are, and what that means here. */
function fixedCostsSentence(job: RaceJobSettings, m: ModeledFigures): string {
  const gpuShare = fixedShare(m.gpu);
  const cpuShare = fixedShare(m.cpu);
  const costs =
    `Fixed costs, a kernel launch on the GPU (${formatSeconds(m.gpu.fixedSeconds)}, ${formatPercent(gpuShare)} of its time) ` +
    `and waking the CPU's threads (${formatSeconds(m.cpu.fixedSeconds)}, ${formatPercent(cpuShare)} of its time),`;
  const busy = Math.min(1, job.tasks / m.gpu.parallelUnits);
  if (gpuShare >= 0.5 && cpuShare >= 0.5) {
    return `${costs} dominate both: ${formatCount(job.tasks)} task${job.tasks === 1 ? '' : 's'} keep ${formatPercent(busy)} of the GPU's ${formatCount(m.gpu.parallelUnits)} lanes busy, so its width hardly counts.`;
  }
  if (gpuShare >= 0.5) return `${costs} are most of the GPU's time but not of the CPU's.`;
  return `${costs} are the smaller part of both: the work itself decides.`;
}

/** The batch's shape: how many waves it takes on each, and the GPU's fixed share. */
function wideBatchSentence(job: RaceJobSettings, m: ModeledFigures): string {
  return (
    `${formatCount(job.tasks)} tasks fill the GPU's ${formatCount(m.gpu.parallelUnits)} lanes in ${waves(m.gpu.waves)} ` +
    `and the CPU's ${formatCount(m.cpu.parallelUnits)} cores in ${waves(m.cpu.waves)}; ` +
    `fixed costs are ${formatPercent(fixedShare(m.gpu))} of the GPU's time.`
  );
}

/** Amdahl's ceiling for the serial share, and what the serial stage takes on each. */
function serialSentence(job: RaceJobSettings, m: ModeledFigures): string {
  if (job.serialPercent <= 0) return 'None of this job is serial.';
  const cap = 100 / job.serialPercent;
  const gpuShare = m.gpu.seconds > 0 ? m.gpu.serialSeconds / m.gpu.seconds : 0;
  const cpuShare = m.cpu.seconds > 0 ? m.cpu.serialSeconds / m.cpu.seconds : 0;
  const slower =
    m.gpu.serialSeconds > m.cpu.serialSeconds
      ? ': one GPU lane is slower than one CPU core, so the serial part weighs more on the GPU'
      : '';
  return (
    `${job.serialPercent} % of the job is serial, so Amdahl's law caps the speedup over one core at ${formatRatio(cap)}. ` +
    `The serial stage runs on one lane: ${formatSeconds(m.gpu.serialSeconds)} of the GPU's time (${formatPercent(gpuShare)}) ` +
    `and ${formatSeconds(m.cpu.serialSeconds)} of the CPU's (${formatPercent(cpuShare)})${slower}.`
  );
}

const TOPIC_SENTENCE: Record<
  PresetTopic,
  (job: RaceJobSettings, modeled: ModeledFigures) => string
> = {
  'fixed-costs': fixedCostsSentence,
  'wide-batch': wideBatchSentence,
  serial: serialSentence,
};

/**
 * The preset's reading for `job`: the modeled comparison and the figure its point rests on;
 * then, when `measured` comes from a race of this same job, what the measured lanes showed and
 * whether they agree with the model.
 */
export function presetReading(
  topic: PresetTopic,
  job: RaceJobSettings,
  modeled: ModeledFigures,
  measured: MeasuredFigures | null,
): string[] {
  const comparison = soonerText(
    { name: `the ${modeled.gpuName}`, seconds: modeled.gpu.seconds },
    { name: `the ${modeled.cpuName}`, seconds: modeled.cpu.seconds },
  );
  const out = [`Modeled: ${comparison}. ${TOPIC_SENTENCE[topic](job, modeled)}`];
  if (measured) {
    out.push([measuredSentence(measured), ...agreementSentences(modeled, measured)].join(' '));
  } else {
    out.push('Run the race to see what your own CPU and GPU do with this job.');
  }
  return out;
}
