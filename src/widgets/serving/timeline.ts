/**
 * The scheduler's timeline in words and shapes: what one step record holds, said as a screen
 * reader hears it when the scrubber moves; each traced request's phases (waiting for cache
 * pages, its prompt in prefill chunks, decoding, gone); and which requests are in which phase at
 * a moment. Pure.
 */
import type { RequestTrace, StepRecord } from '../../engine/models';
import { formatCount, formatSeconds } from '../../format/units';

/** Requests the Gantt chart draws, from the first. */
export const GANTT_REQUESTS = 48;

/** A request's phases, in order. */
export const PHASES = ['waiting', 'prefill', 'decode'] as const;
/** One phase. */
export type Phase = (typeof PHASES)[number];

/** One bar of a request's row: a phase from `start` to `end` seconds. */
export interface PhaseSpan {
  phase: Phase;
  start: number;
  end: number;
}

/** A request's row: waiting (arrival to admission), prefill (to its first token), decode. */
export function phaseSpans(request: RequestTrace): PhaseSpan[] {
  const spans: PhaseSpan[] = [
    { phase: 'waiting', start: request.arrivalSeconds, end: request.admittedSeconds },
    { phase: 'prefill', start: request.admittedSeconds, end: request.firstTokenSeconds },
    { phase: 'decode', start: request.firstTokenSeconds, end: request.finishSeconds },
  ];
  return spans.filter((s) => s.end > s.start);
}

/** The phase of a request at `seconds`, or null before it arrives and after it leaves. */
export function phaseAt(request: RequestTrace, seconds: number): Phase | null {
  if (seconds < request.arrivalSeconds || seconds >= request.finishSeconds) return null;
  if (seconds < request.admittedSeconds) return 'waiting';
  if (seconds < request.firstTokenSeconds) return 'prefill';
  return 'decode';
}

/** The record index the scrubber may show: `wanted` clamped to the run's records. */
export function clampStep(wanted: number, records: number): number {
  if (records <= 0) return 0;
  return Math.min(Math.max(0, Math.floor(wanted)), records - 1);
}

/** Where a step record starts, in steps from the start of the run. */
export function firstStepOf(steps: readonly StepRecord[], index: number): number {
  let n = 0;
  for (let i = 0; i < index && i < steps.length; i += 1) n += steps[i]!.steps;
  return n;
}

/** `n` and a noun, singular or plural. */
const counted = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * One step record in words: which steps, when, how long, how many requests decode, how many
 * prompt tokens of how many requests run, and the cache pages in use.
 */
export function stepRecordText(steps: readonly StepRecord[], index: number, pages: number): string {
  const record = steps[index];
  if (record === undefined) return 'No scheduler steps to show.';
  const first = firstStepOf(steps, index) + 1;
  const which =
    record.steps === 1
      ? `Step ${formatCount(first)}`
      : `Steps ${formatCount(first)}–${formatCount(first + record.steps - 1)} (${formatCount(record.steps)} alike, decode only)`;
  const prefill =
    record.prefillTokens > 0
      ? `${counted(record.prefillTokens, 'prompt token')} of ${counted(record.prefillRequests, 'request')} in prefill`
      : 'no prefill';
  return `${which}, record ${formatCount(index + 1)} of ${formatCount(steps.length)}: at ${formatSeconds(record.startSeconds)}, ${formatSeconds(record.stepSeconds)} per step; ${counted(record.decodeRequests, 'request')} decoding, ${prefill}; ${formatCount(record.pagesInUse)} of ${counted(pages, 'cache page')} in use.`;
}
