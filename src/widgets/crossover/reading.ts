/** What the plot says in words: where the GPU starts to win, measured and modeled. Pure. */
import { findCrossover, type Crossover, type TimedPair } from './crossover-point';
import { verifiedSeconds } from './controller';
import type { Op } from './settings';
import type { SweepResult } from './types';

/** Measured pairs of a sweep: sizes where both sides ran and matched the reference. */
export function measuredPairs(result: SweepResult | null, kernelOnly = false): TimedPair[] {
  if (!result) return [];
  const pairs: TimedPair[] = [];
  for (const p of result.points) {
    const cpu = verifiedSeconds(p.cpu);
    // A GPU side the device had to shrink is not the same work: it is listed, not compared.
    const gpu =
      p.gpu && p.gpu.check.ok && p.gpu.size === p.size
        ? kernelOnly
          ? p.gpu.kernelSeconds
          : p.gpu.seconds
        : null;
    if (cpu !== null && gpu !== null)
      pairs.push({ size: p.size, cpuSeconds: cpu, gpuSeconds: gpu });
  }
  return pairs;
}

/** A size as a learner reads it: "about 52,000 elements", "n ≈ 410". */
export function crossoverSize(op: Op, size: number): string {
  const rounded = Number(size.toPrecision(2));
  return op === 'relu'
    ? `about ${rounded.toLocaleString('en-US')} elements`
    : `n ≈ ${Math.round(size).toLocaleString('en-US')}`;
}

function sizeText(op: Op, size: number): string {
  return op === 'relu' ? `${size.toLocaleString('en-US')} elements` : `n = ${size}`;
}

/** One sentence on the measured crossover. */
export function readMeasured(
  op: Op,
  crossover: Crossover,
  context: { isFallback: boolean; gpuUnavailable: string | null },
): string {
  if (context.gpuUnavailable) {
    return `Only your CPU was measured: ${context.gpuUnavailable}`;
  }
  const fallback = context.isFallback
    ? ' Your browser’s “GPU” is a software fallback adapter: it is your CPU running a GPU emulator, so it has no extra cores to win with and pays a GPU’s overheads on top. That is the honest result on this machine, not a bug.'
    : '';
  switch (crossover.kind) {
    case 'none-measured':
      return 'Run the sweep to measure where your GPU starts to win.';
    case 'always':
      return `Your GPU, upload and readback included, was faster than your CPU at every measured size, from ${sizeText(op, crossover.from)}.${fallback}`;
    case 'never':
      return `Your GPU, upload and readback included, never beat your CPU in the measured range (up to ${sizeText(op, crossover.upTo)}).${fallback}`;
    case 'at':
      return `Your GPU, upload and readback included, starts to win at ${crossoverSize(op, crossover.size)} (between ${sizeText(op, crossover.between[0])} and ${sizeText(op, crossover.between[1])}).${fallback}`;
  }
}

/** One sentence on the modeled crossover. */
export function readModeled(
  op: Op,
  crossover: Crossover,
  names: { cpuName: string; gpuName: string },
): string {
  const pair = `the ${names.gpuName} (with its copies over the host link) against the ${names.cpuName}`;
  switch (crossover.kind) {
    case 'none-measured':
      return `The model has no sizes to compare for ${pair}.`;
    case 'always':
      return `In the model, ${pair}: the GPU wins at every size from ${sizeText(op, crossover.from)}.`;
    case 'never':
      return op === 'relu'
        ? `In the model, ${pair}: the GPU never wins, up to ${sizeText(op, crossover.upTo)}. Copying 8 bytes per element over the link costs more than the CPU needs to stream them through its own memory.`
        : `In the model, ${pair}: the GPU never wins, up to ${sizeText(op, crossover.upTo)}.`;
    case 'at':
      return `In the model, ${pair}: the GPU starts to win at ${crossoverSize(op, crossover.size)}.`;
  }
}

/** The measured crossover of a sweep. */
export function measuredCrossover(result: SweepResult | null): Crossover {
  return findCrossover(measuredPairs(result));
}
