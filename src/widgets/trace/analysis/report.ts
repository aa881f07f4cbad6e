/**
 * Everything the trace views show, built from the kept events: the steps, kernels per step, how
 * much of the time the GPU was busy and its longest idle gaps, the tables, the verdict and the
 * timeline's lanes. Plain data (typed arrays in the lanes), so the worker can post it. Pure.
 */
import { KIND, type EventColumns } from '../read/event-table';
import type { CollectedTrace } from '../read/trace-collector';
import { coveredUs, largestGaps, unionOf, type Gap } from './intervals';
import { buildLanes, type Lane } from './lanes';
import { indicesOf, launchTimes, spanOf, timesOf } from './select';
import { findSteps, stepIndexAt, type StepSource } from './steps';
import {
  copyRows,
  topCpuOps,
  topKernels,
  topLevelCpuOps,
  type CopyRow,
  type CpuOpRow,
  type KernelRow,
} from './tables';
import { verdictOf, type Verdict, type VerdictInputs } from './verdict';

/** Rows kept in each table. */
export const TABLE_ROWS = 15;
/** Idle gaps listed. */
export const GAP_COUNT = 5;

/** One step's numbers; times in µs from the trace's start. */
export interface StepReport {
  label: string;
  startUs: number;
  durationUs: number;
  kernels: number;
  gpuBusyUs: number;
  gpuBusyShare: number;
}

/** What the views show. */
export interface TraceReport {
  gpuNames: string[];
  eventsSeen: number;
  eventsKept: number;
  /** The traced time, first event to last. */
  spanUs: number;
  stepSource: StepSource;
  steps: StepReport[];
  kernels: number;
  kernelsPerStep: number;
  meanKernelUs: number;
  /** Union of kernels, copies and sets, µs. */
  gpuBusyUs: number;
  gpuBusyShare: number;
  cpuOpShare: number;
  /** Longest stretches with no GPU work; starts from the trace's start. */
  gaps: Gap[];
  topKernels: KernelRow[];
  topCpuOps: CpuOpRow[];
  copies: CopyRow[];
  verdictInputs: VerdictInputs;
  verdict: Verdict;
  lanes: Lane[];
  names: string[];
}

const DATA_LOADER = /dataloader|enumerate\(/i;

/** Share of [from, to) covered by the given events. */
function shareCovered(events: EventColumns, indices: number[], fromUs: number, toUs: number) {
  const { starts, durations } = timesOf(events, indices);
  return toUs > fromUs ? coveredUs(unionOf(starts, durations), fromUs, toUs) / (toUs - fromUs) : 0;
}

/** The report of a read trace. */
export function buildTraceReport(trace: CollectedTrace): TraceReport {
  const events = trace.events;
  const { startUs, endUs } = spanOf(events);
  const spanUs = endUs - startUs;
  const kernels = indicesOf(events, KIND.kernel);
  const gpuWork = indicesOf(events, KIND.kernel, KIND.gpu_memcpy, KIND.gpu_memset);
  const gpuTimes = timesOf(events, gpuWork);
  const gpuUnion = unionOf(gpuTimes.starts, gpuTimes.durations);
  const found = findSteps(events, startUs, endUs);

  const perStep = new Array<number>(found.steps.length).fill(0);
  launchTimes(events, kernels).forEach((launchUs) => {
    const k = stepIndexAt(found.steps, launchUs);
    if (k >= 0) perStep[k] = (perStep[k] ?? 0) + 1;
  });
  const steps: StepReport[] = found.steps.map((s, k) => {
    const gpuBusyUs = coveredUs(gpuUnion, s.startUs, s.endUs);
    const durationUs = s.endUs - s.startUs;
    return {
      label: s.label,
      startUs: s.startUs - startUs,
      durationUs,
      kernels: perStep[k] ?? 0,
      gpuBusyUs,
      gpuBusyShare: durationUs > 0 ? gpuBusyUs / durationUs : 0,
    };
  });
  const stepUs = steps.reduce((sum, s) => sum + s.durationUs, 0);
  const stepBusyUs = steps.reduce((sum, s) => sum + s.gpuBusyUs, 0);
  const kernelUs = kernels.reduce((sum, i) => sum + (events.durationUs[i] ?? 0), 0);
  const kernelRows = topKernels(events, kernels, Number.MAX_SAFE_INTEGER);
  const matmulUs = kernelRows.reduce((s, r) => s + (r.family === 'matmul' ? r.totalUs : 0), 0);
  const copies = copyRows(events, indicesOf(events, KIND.gpu_memcpy));
  const h2dUs = copies.find((c) => c.direction === 'HtoD')?.totalUs ?? 0;
  const loaders = indicesOf(events, KIND.user_annotation).filter((i) =>
    DATA_LOADER.test(events.names[events.name[i] ?? -1] ?? ''),
  );
  const gaps = largestGaps(gpuUnion, startUs, endUs, GAP_COUNT).map((g) => ({
    ...g,
    startUs: g.startUs - startUs,
  }));
  const kernelsInSteps = perStep.reduce((a, b) => a + b, 0);
  const verdictInputs: VerdictInputs = {
    gpuBusyShare: stepUs > 0 ? stepBusyUs / stepUs : 0,
    kernelsPerStep: kernelsInSteps / Math.max(1, steps.length),
    meanKernelUs: kernels.length > 0 ? kernelUs / kernels.length : 0,
    cpuOpShare: shareCovered(events, indicesOf(events, KIND.cpu_op), startUs, endUs),
    matmulShare: kernelUs > 0 ? matmulUs / kernelUs : 0,
    dataLoaderShare: shareCovered(events, loaders, startUs, endUs),
    hostToDeviceShare: spanUs > 0 ? h2dUs / spanUs : 0,
    longestGapUs: gaps[0]?.durationUs ?? 0,
  };
  return {
    gpuNames: trace.gpuNames,
    eventsSeen: trace.eventsSeen,
    eventsKept: events.count,
    spanUs,
    stepSource: found.source,
    steps,
    kernels: kernels.length,
    kernelsPerStep: verdictInputs.kernelsPerStep,
    meanKernelUs: verdictInputs.meanKernelUs,
    gpuBusyUs: coveredUs(gpuUnion, startUs, endUs),
    gpuBusyShare: spanUs > 0 ? coveredUs(gpuUnion, startUs, endUs) / spanUs : 0,
    cpuOpShare: verdictInputs.cpuOpShare,
    gaps,
    topKernels: kernelRows.slice(0, TABLE_ROWS),
    topCpuOps: topCpuOps(events, topLevelCpuOps(events), TABLE_ROWS),
    copies,
    verdictInputs,
    verdict: verdictOf(verdictInputs, kernels.length),
    lanes: buildLanes(events, startUs),
    names: events.names,
  };
}
