/**
 * The one-line reading of the gap between a kernel measured on the learner's GPU and the cost
 * engine's prediction for a catalog GPU. It says which limit the model sees, what the gap
 * mostly follows, and, on a software fallback adapter, that the "GPU" is really CPU cores.
 * Pure: it only turns numbers into a sentence.
 */
import { LAB_KERNELS } from '../../gpu';
import type { Comparison } from './compare';
import {
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatRatio,
  formatSeconds,
} from '../../format/units';

/** What the reading needs beyond the comparison itself. */
export interface ReadingContext {
  /** The catalog GPU's name ("NVIDIA A100 SXM 80 GB"). */
  catalogName: string;
  /** True when the adapter is a software fallback. */
  isFallback: boolean;
  /** FLOP/s of the naive and tiled matmuls, when both have been measured at the same shape. */
  matmulPair?: { naiveFlopsPerSecond: number; tiledFlopsPerSecond: number };
}

/** The sentence about tiling, when both matmuls ran at the same shape. */
function tilingNote(context: ReadingContext): string {
  const pair = context.matmulPair;
  if (!pair) return '';
  const gain = pair.tiledFlopsPerSecond / pair.naiveFlopsPerSecond;
  if (gain >= 1.1) {
    return ` Tiling paid off here: ${formatRatio(gain)} the naive kernel's FLOP/s.`;
  }
  if (context.isFallback) {
    return (
      ` Tiled is ${gain < 0.9 ? 'slower than' : 'no faster than'} naive here: on a software` +
      ' adapter every workgroup barrier makes CPU threads wait for each other, and there is no' +
      ' fast on-chip memory for the tiles to win back.'
    );
  }
  return ' Tiling did not pay off at this shape: the caches already feed the naive kernel well.';
}

/** The one-line reading for a comparison. */
export function readGap(comparison: Comparison, context: ReadingContext): string {
  const { measured, modeled } = comparison;
  const label = LAB_KERNELS[measured.kernel].label;
  if (!measured.verified) {
    return (
      `The ${label} output did not match the CPU reference, so its time says nothing about ` +
      'the kernel. Run it again; if it persists, the driver or the kernel has a bug.'
    );
  }
  const yours = formatSeconds(measured.medianSeconds);
  if (!modeled || comparison.slowdown === null) {
    return `Measured ${yours} here; the model could not predict it for the ${context.catalogName}: ${comparison.modelError ?? 'unknown reason'}.`;
  }
  const theirs = formatSeconds(modeled.seconds);
  const isMatmul = LAB_KERNELS[measured.kernel].sizeKind === 'matmul';
  const tiling = measured.kernel === 'matmul-tiled' ? tilingNote(context) : '';

  if (context.isFallback) {
    return (
      `The ${context.catalogName} is modeled at ${theirs}, ${formatRatio(comparison.slowdown)} ` +
      `less than the ${yours} measured here: your adapter is a software fallback, so this ` +
      `compares CPU cores imitating a GPU with a datacenter GPU.${tiling}`
    );
  }
  if (modeled.bound === 'overhead') {
    return (
      `At this size the model's ${theirs} is mostly launch overhead ` +
      `(${formatSeconds(modeled.launchSeconds)}), which batched timing hides here; use a larger ` +
      `size to compare the hardware.${tiling}`
    );
  }
  if (comparison.slowdown < 1) {
    return (
      `Your GPU took ${yours}, less than the ${theirs} modeled for the ${context.catalogName}: ` +
      'a small working set can stay in cache, which the model ignores, and the model adds a ' +
      `launch cost per kernel that back-to-back runs overlap.${tiling}`
    );
  }
  const gap = `The ${context.catalogName} is modeled ${formatRatio(comparison.slowdown)} faster (${theirs} against ${yours})`;
  if (isMatmul) {
    return (
      `${gap}; the model assumes a tuned library matmul at ` +
      `${formatGigaflopsPerSecond(modeled.roofFlopsPerSecond)}, while this shader reached ` +
      `${formatGigaflopsPerSecond(measured.flopsPerSecond)}.${tiling}`
    );
  }
  if (modeled.bound === 'memory') {
    return (
      `${gap}; both are limited by memory, so the gap follows bandwidth: ` +
      `${formatGigabytesPerSecond(measured.bytesPerSecond)} here against ` +
      `${formatGigabytesPerSecond(modeled.roofBytesPerSecond)} modeled.`
    );
  }
  return (
    `${gap}; the model sees arithmetic as the limit, so the gap follows FP32 throughput: ` +
    `${formatGigaflopsPerSecond(measured.flopsPerSecond)} here against ` +
    `${formatGigaflopsPerSecond(modeled.roofFlopsPerSecond)} modeled.`
  );
}
