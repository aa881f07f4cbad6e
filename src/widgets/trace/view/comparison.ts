/**
 * The engine's step beside the traced one, row by row, in words: kernels per step, step time,
 * GPU busy time and the share of the step the GPU waits. Pure.
 */
import { formatCount, formatPercent, formatRatio } from '../../../format/units';
import type { TraceReport } from '../analysis/report';
import type { PredictedStep } from '../engine-port';
import { formatUs } from './view-text';

/** One row: what, predicted, traced, and predicted over traced. */
export interface ComparisonRow {
  label: string;
  predicted: string;
  traced: string;
  ratio: string;
}

/** The traced step's averages (µs and counts). */
export function tracedStep(report: TraceReport) {
  const n = Math.max(1, report.steps.length);
  const stepUs = report.steps.reduce((s, x) => s + x.durationUs, 0) / n;
  const busyUs = report.steps.reduce((s, x) => s + x.gpuBusyUs, 0) / n;
  return {
    kernels: report.kernelsPerStep,
    stepUs,
    busyUs,
    idleShare: stepUs > 0 ? 1 - busyUs / stepUs : 0,
  };
}

/** The comparison's rows. */
export function comparisonRows(report: TraceReport, step: PredictedStep): ComparisonRow[] {
  const t = tracedStep(report);
  const ratio = (p: number, q: number) => (q > 0 ? formatRatio(p / q) : '—');
  return [
    {
      label: 'Kernels per step',
      predicted: formatCount(step.kernels),
      traced: formatCount(t.kernels),
      ratio: ratio(step.kernels, t.kernels),
    },
    {
      label: 'Step time',
      predicted: formatUs(step.seconds * 1e6),
      traced: formatUs(t.stepUs),
      ratio: ratio(step.seconds * 1e6, t.stepUs),
    },
    {
      label: 'GPU busy per step',
      predicted: formatUs(step.gpuSeconds * 1e6),
      traced: formatUs(t.busyUs),
      ratio: ratio(step.gpuSeconds * 1e6, t.busyUs),
    },
    {
      label: 'GPU idle share',
      predicted: formatPercent(step.gpuIdleShare),
      traced: formatPercent(t.idleShare),
      ratio: ratio(step.gpuIdleShare, t.idleShare),
    },
  ];
}
