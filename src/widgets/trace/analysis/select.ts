/**
 * Picking events out of the kept columns: the indices of one kind, their times, the trace's
 * span, and when each kernel was launched (its runtime call, found by correlation id). Pure.
 */
import { KIND, type EventColumns } from '../read/event-table';

/** Indices of the events of the given kind codes, in file order. */
export function indicesOf(events: EventColumns, ...kinds: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < events.count; i += 1) if (kinds.includes(events.kind[i] ?? -1)) out.push(i);
  return out;
}

/** Starts and durations of the given events. */
export function timesOf(events: EventColumns, indices: readonly number[]) {
  return {
    starts: indices.map((i) => events.startUs[i] ?? 0),
    durations: indices.map((i) => events.durationUs[i] ?? 0),
  };
}

/** The first start and last end of every kept event, µs. */
export function spanOf(events: EventColumns): { startUs: number; endUs: number } {
  let startUs = Infinity;
  let endUs = -Infinity;
  for (let i = 0; i < events.count; i += 1) {
    const s = events.startUs[i] ?? 0;
    startUs = Math.min(startUs, s);
    endUs = Math.max(endUs, s + (events.durationUs[i] ?? 0));
  }
  return { startUs, endUs };
}

/**
 * When each GPU event was launched: the start of the runtime or driver call with its correlation
 * id (on the CPU's clock), else its own start.
 */
export function launchTimes(events: EventColumns, gpu: readonly number[]): number[] {
  const calls = new Map<number, number>();
  for (let i = 0; i < events.count; i += 1) {
    const k = events.kind[i];
    const c = events.correlation[i] ?? NaN;
    if ((k === KIND.cuda_runtime || k === KIND.cuda_driver) && !Number.isNaN(c)) {
      calls.set(c, events.startUs[i] ?? 0);
    }
  }
  return gpu.map((i) => calls.get(events.correlation[i] ?? NaN) ?? events.startUs[i] ?? 0);
}
