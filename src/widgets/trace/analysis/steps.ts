/**
 * The training or inference steps in a trace: the profiler's own `ProfilerStep#N` annotations
 * when present; else steps ending at each `Optimizer.step#…` annotation (PyTorch records one per
 * optimizer.step()); else the whole trace as one step. Times in µs. Pure.
 */
import { KIND, type EventColumns } from '../read/event-table';

/** How the steps were found. */
export type StepSource = 'profiler-step' | 'optimizer-step' | 'whole';

/** One step's span on the CPU's clock. */
export interface StepSpan {
  label: string;
  startUs: number;
  endUs: number;
}

/** The steps and how they were found. */
export interface FoundSteps {
  source: StepSource;
  steps: StepSpan[];
}

const PROFILER_STEP = /^ProfilerStep#(\d+)$/;
const OPTIMIZER_STEP = /^Optimizer\.step#/;

/** The annotations on the CPU whose names match, sorted by start. */
function annotations(events: EventColumns, pattern: RegExp): StepSpan[] {
  const out: StepSpan[] = [];
  for (let i = 0; i < events.count; i += 1) {
    if (events.kind[i] !== KIND.user_annotation) continue;
    const name = events.names[events.name[i] ?? -1] ?? '';
    if (!pattern.test(name)) continue;
    const startUs = events.startUs[i] ?? 0;
    out.push({ label: name, startUs, endUs: startUs + (events.durationUs[i] ?? 0) });
  }
  return out.sort((a, b) => a.startUs - b.startUs);
}

/** The steps of a trace spanning [spanStartUs, spanEndUs). */
export function findSteps(
  events: EventColumns,
  spanStartUs: number,
  spanEndUs: number,
): FoundSteps {
  const profiler = annotations(events, PROFILER_STEP);
  if (profiler.length > 0) {
    const steps = profiler.map((s) => ({ ...s, label: `step ${s.label.slice(13)}` }));
    return { source: 'profiler-step', steps };
  }
  const optimizer = annotations(events, OPTIMIZER_STEP);
  if (optimizer.length > 1) {
    const steps = optimizer.map((o, k) => ({
      label: `step ${k + 1}`,
      startUs: k === 0 ? spanStartUs : (optimizer[k - 1]?.endUs ?? spanStartUs),
      endUs: k === optimizer.length - 1 ? spanEndUs : o.endUs,
    }));
    return { source: 'optimizer-step', steps };
  }
  return {
    source: 'whole',
    steps: [{ label: 'whole trace', startUs: spanStartUs, endUs: spanEndUs }],
  };
}

/** Index of the step whose span holds `us`, or -1. */
export function stepIndexAt(steps: readonly StepSpan[], us: number): number {
  for (let k = 0; k < steps.length; k += 1) {
    const s = steps[k];
    if (s && us >= s.startUs && us < s.endUs) return k;
  }
  const last = steps[steps.length - 1];
  return last && us === last.endUs ? steps.length - 1 : -1;
}
