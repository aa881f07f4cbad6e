/**
 * The trace read as phases: runs of events on the same line of the same iteration ("iteration 1,
 * loss.backward()"), with memory at their end and their highest point. The chart's text
 * equivalent is this table, and the step buttons jump from phase to phase. Pure.
 */
import type { LineId } from './loop-code';
import type { TrainingTrace } from './trace';

/** A run of events on one line of one iteration. */
export interface Phase {
  iteration: number;
  line: LineId;
  firstEvent: number;
  lastEvent: number;
  /** memory_allocated() after the phase's last event. */
  endAllocatedBytes: number;
  /** The highest memory_allocated() within the phase. */
  maxAllocatedBytes: number;
  /** memory_reserved() after the phase's last event. */
  endReservedBytes: number;
}

/** The phases of the events the trace ran. */
export function tracePhases(trace: TrainingTrace): Phase[] {
  const phases: Phase[] = [];
  trace.counters.forEach((counters, index) => {
    const event = trace.events[index];
    if (!event) return;
    const last = phases.at(-1);
    if (last && last.line === event.line && last.iteration === event.iteration) {
      last.lastEvent = index;
      last.endAllocatedBytes = counters.allocatedBytes;
      last.endReservedBytes = counters.reservedBytes;
      last.maxAllocatedBytes = Math.max(last.maxAllocatedBytes, counters.allocatedBytes);
      return;
    }
    phases.push({
      iteration: event.iteration,
      line: event.line,
      firstEvent: index,
      lastEvent: index,
      endAllocatedBytes: counters.allocatedBytes,
      maxAllocatedBytes: counters.allocatedBytes,
      endReservedBytes: counters.reservedBytes,
    });
  });
  return phases;
}

/** The index of the phase holding event `index` (-1 before the first). */
export function phaseAt(phases: readonly Phase[], index: number): number {
  return phases.findIndex((p) => index >= p.firstEvent && index <= p.lastEvent);
}

/** The event to jump to for the next phase (or the last event), from event `index`. */
export function nextPhaseStart(phases: readonly Phase[], index: number): number {
  const next = phases.find((p) => p.firstEvent > index);
  return next ? next.firstEvent : (phases.at(-1)?.lastEvent ?? 0);
}

/** The event to jump to for the previous phase: the start of this one, or of the one before. */
export function previousPhaseStart(phases: readonly Phase[], index: number): number {
  const here = phases[phaseAt(phases, index)];
  if (here && here.firstEvent < index) return here.firstEvent;
  const before = [...phases].reverse().find((p) => p.firstEvent < index);
  return before ? before.firstEvent : 0;
}

/** The first event of each iteration of the loop (iteration 1, 2, ...). */
export function iterationStarts(trace: TrainingTrace): Array<{ iteration: number; event: number }> {
  const starts: Array<{ iteration: number; event: number }> = [];
  trace.counters.forEach((_, index) => {
    const iteration = trace.events[index]?.iteration ?? 0;
    if (iteration > 0 && !starts.some((s) => s.iteration === iteration)) {
      starts.push({ iteration, event: index });
    }
  });
  return starts;
}
