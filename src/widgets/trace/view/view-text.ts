/**
 * The words the trace views show, as pure functions: durations from µs, the summary a screen
 * reader hears beside the timeline, progress while reading, and the example's provenance.
 */
import { formatCount, formatPercent, formatSeconds } from '../../../format/units';
import type { TraceReport } from '../analysis/report';
import { loadProgressText } from '../../../ui/file-drop/LoadStatus';

/** A duration given in µs: "14 µs", "1.2 ms". */
export function formatUs(us: number): string {
  return formatSeconds(us / 1e6);
}

/** How the steps were found, in words. */
export function stepsText(report: TraceReport): string {
  const n = report.steps.length;
  if (report.stepSource === 'profiler-step') {
    return `${formatCount(n)} steps, from the profiler's ProfilerStep annotations`;
  }
  if (report.stepSource === 'optimizer-step') {
    return `${formatCount(n)} steps, each ending at an optimizer.step() (the trace has no ProfilerStep annotations)`;
  }
  return 'one step: the whole trace (it marks no steps)';
}

/** The summary beside the timeline, as sentences. */
export function summarySentences(report: TraceReport): string[] {
  const gpu = report.gpuNames[0] ? ` on ${report.gpuNames[0]}` : '';
  return [
    `${formatUs(report.spanUs)} traced${gpu}: ${stepsText(report)}.`,
    `${formatCount(report.kernels)} kernels in all, ${formatCount(report.kernelsPerStep)} per step, ` +
      `averaging ${formatUs(report.meanKernelUs)} each.`,
    `The GPU is busy ${formatPercent(report.gpuBusyShare)} of the traced time ` +
      `(${formatUs(report.gpuBusyUs)}); the longest idle gap lasts ` +
      `${formatUs(report.gaps[0]?.durationUs ?? 0)}.`,
    report.verdict.headline,
  ];
}

/** The progress line of a load (shared with the other file readers). */
export const progressText = loadProgressText;

/** How the example was recorded, in one line. */
export const EXAMPLE_NOTE =
  'recorded with torch.profiler on an NVIDIA H200: eager PyTorch 2.11, BERT-base with its ' +
  'pretraining heads, bf16 autocast, batch 32, sequence 128, AdamW, two training steps.';

/** Longest kernel name shown in a table cell. */
const SHORT_NAME_CHARS = 90;

/**
 * A kernel or op name short enough for a table: C++ template arguments and parameter lists
 * folded to "<…>" and "(…)", a leading "void " dropped, cut at 90 characters. The full name stays
 * in the cell's title.
 */
export function shortName(name: string): string {
  let out = '';
  let depth = 0;
  for (const ch of name.replace(/^void /, '')) {
    if (ch === '<' || ch === '(') {
      if (depth === 0) out += ch === '<' ? '<…>' : '(…)';
      depth += 1;
    } else if (ch === '>' || ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.length > SHORT_NAME_CHARS ? `${out.slice(0, SHORT_NAME_CHARS - 1)}…` : out;
}
