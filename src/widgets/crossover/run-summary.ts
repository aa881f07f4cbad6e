import type { Crossover } from './crossover-point';
import { crossoverSize } from './reading';
import type { Op } from './settings';

/**
 * One line on a finished sweep, for a host page that records runs: where the learner's GPU
 * (copies included) started to beat their CPU, as measured. Pure.
 */
export function crossoverRunSummary(
  op: Op,
  measured: Crossover,
  gpuUnavailable: string | null,
): string {
  if (gpuUnavailable) return `${op}: only the CPU was measured (no GPU)`;
  switch (measured.kind) {
    case 'none-measured':
      return `${op}: no size measured on both sides`;
    case 'always':
      return `${op}: GPU faster at every measured size`;
    case 'never':
      return `${op}: GPU never faster, up to ${crossoverSize(op, measured.upTo)}`;
    case 'at':
      return `${op}: GPU faster from ${crossoverSize(op, measured.size)}`;
  }
}
