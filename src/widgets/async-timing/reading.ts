/**
 * What a set of runs says, in sentences: how far the naive clock undershoots and what rate it
 * would claim, what the GPU's own clock adds (or why there is none), what the first run paid,
 * and how steady the warm runs were. Pure.
 */
import {
  formatGigaflopsPerSecond,
  formatRatio,
  formatSeconds,
  formatSpread,
} from '../../format/units';
import type { ClockId, TimingReport } from './model';

/** What the sentences need besides the report. */
export interface ReadingContext {
  /** FLOPs of one run of the kernel. */
  flops: number;
  /** True on a software (fallback) adapter. */
  fallback: boolean;
  /** True when the first run compiled the pipeline. */
  compiledPipeline: boolean;
}

/** One finding, with an id the view and tests can find it by. */
export interface Finding {
  id: 'naive' | 'gpu' | 'first' | 'spread';
  text: string;
}

/** Below this GPU time (seconds) the rounded timestamps give only a rough figure. */
const ROUGH_GPU_SECONDS = 0.0005;

/** The warm median of a clock, or null. */
function warmMedian(report: TimingReport, clock: ClockId): number | null {
  return report.rows.find((r) => r.clock === clock)?.warm?.medianSeconds ?? null;
}

/** The naive clock against the others. */
function naiveFinding(report: TimingReport, context: ReadingContext): Finding {
  const naive = warmMedian(report, 'naive') ?? 0;
  const completion = warmMedian(report, 'completion') ?? 0;
  const zeros = report.runs.slice(1).filter((r) => r.naiveSeconds === 0).length;
  const coarse =
    zeros > 0
      ? ` ${zeros} of the warm readings were 0 s: browsers coarsen the page's clock (to steps of about 0.1 ms unless the page is cross-origin isolated), so those submits took less than one step.`
      : '';
  if (report.naiveIsShortest) {
    const claimed =
      naive > 0
        ? ` Divide the kernel's FLOPs by it and you would claim ${formatGigaflopsPerSecond(context.flops / naive)}.`
        : '';
    const shorter = naive > 0 ? `${formatRatio(completion / naive)} shorter than` : 'far below';
    return {
      id: 'naive',
      text:
        `The clock around submit read ${formatSeconds(naive)}, ${shorter} the wait for ` +
        `completion (${formatSeconds(completion)}): submit returned as soon ` +
        `as the work was queued, and the GPU was still busy.${claimed} That is the mistake of ` +
        `timing a CUDA call without torch.cuda.synchronize().${coarse}`,
    };
  }
  return {
    id: 'naive',
    text:
      `Here the clock around submit (${formatSeconds(naive)}) was not the shortest: submit did ` +
      `much of the work before it returned${context.fallback ? ', which a software adapter may do' : ''}. ` +
      `It still stopped before the work was done (${formatSeconds(completion)}), so it still is ` +
      `not a measurement of the kernel.${coarse}`,
  };
}

/** The GPU's own clock, or why there is none. */
function gpuFinding(report: TimingReport): Finding {
  const gpu = warmMedian(report, 'gpu');
  const completion = warmMedian(report, 'completion') ?? 0;
  switch (report.gpuStatus) {
    case 'ok':
    case 'partial': {
      const some = report.gpuStatus === 'partial' ? ' (some runs gave no usable timestamps)' : '';
      const rough =
        (gpu ?? 0) < ROUGH_GPU_SECONDS
          ? ' WebGPU rounds timestamps (Chrome to steps of 100 µs), so at this size take that figure as rough; a larger matrix sharpens it.'
          : '';
      return {
        id: 'gpu',
        text:
          `The GPU's timestamps put the pass itself at ${formatSeconds(gpu ?? 0)}${some}. Waiting ` +
          `for completion adds ${formatSeconds(Math.max(0, completion - (gpu ?? 0)))} on top: handing ` +
          `the work to the GPU, telling the page it is done, and copying the timestamps out. CUDA ` +
          `events measure the same way, with no Python or page in between.${rough}`,
      };
    }
    case 'coarse':
      return {
        id: 'gpu',
        text:
          'The timestamps came back equal at both ends of the pass: WebGPU rounds them (Chrome to ' +
          'steps of 100 µs) and the work fit inside one step. Pick a larger matrix to see them.',
      };
    case 'adapter-lacks':
      return {
        id: 'gpu',
        text:
          'No GPU clock here: this adapter does not offer the "timestamp-query" feature, so the ' +
          'clock that waits for completion is the best this page can do. CUDA events always ' +
          'work on NVIDIA GPUs.',
      };
    case 'device-lacks':
      return {
        id: 'gpu',
        text:
          'No GPU clock here: the adapter offers "timestamp-query", but the device this page ' +
          'uses was created without it, so the clock that waits for completion is the best left.',
      };
  }
}

/** What the first run paid. */
function firstFinding(report: TimingReport, context: ReadingContext): Finding {
  const first = report.runs[0];
  const setup = first?.setupSeconds ?? 0;
  const warm = warmMedian(report, 'completion') ?? 0;
  const paid = context.compiledPipeline
    ? 'compiling the pipeline, allocating the buffers and queueing their upload'
    : 'allocating the buffers and queueing their upload (the pipeline was already compiled by an ' +
      'earlier run on this page)';
  return {
    id: 'first',
    text:
      `The first run took ${formatSeconds(report.firstTotalSeconds)}, ${formatRatio(report.firstOverWarm)} ` +
      `a warm run's ${formatSeconds(warm)}: ${formatSeconds(setup)} before submit went on ${paid}, ` +
      `and its wait for completion (${formatSeconds(first?.completionSeconds ?? 0)}) also carried ` +
      `the upload and the first touch of fresh memory. PyTorch's first calls pay the same kind of ` +
      `costs, which is why you warm up before timing.`,
  };
}

/** How steady the warm runs were. */
function spreadFinding(report: TimingReport): Finding {
  const warm = report.rows.find((r) => r.clock === 'completion')?.warm;
  if (!warm) return { id: 'spread', text: '' };
  return {
    id: 'spread',
    text:
      `Over ${warm.samples} warm runs the wait for completion had a median of ` +
      `${formatSeconds(warm.medianSeconds)} and ranged from ${formatSeconds(warm.minSeconds)} to ` +
      `${formatSeconds(warm.maxSeconds)} (${formatSpread(warm.relativeSpread)} around the median, ` +
      `half the interquartile range). Report the median and its spread, as ` +
      `torch.utils.benchmark's blocked_autorange() does.`,
  };
}

/** The findings of a report, in the order the demo shows them. */
export function readReport(report: TimingReport, context: ReadingContext): Finding[] {
  return [
    naiveFinding(report, context),
    gpuFinding(report),
    firstFinding(report, context),
    spreadFinding(report),
  ];
}

/** What differs on a software adapter, for the note shown beside its numbers. */
export const SOFTWARE_ADAPTER_NOTE =
  'This is a software (fallback) adapter: the "GPU" is your CPU running an emulator ' +
  '(SwiftShader). Submit may do much of the work before it returns, so the clock around it can ' +
  'be long; the GPU timestamps, where there are any, come from the CPU and may be coarse; and ' +
  'every time is your CPU’s speed, not a GPU’s. The numbers below are measured all the same.';
