/**
 * The words and numbers the snapshot views show, as pure functions: x positions, axis ticks in
 * binary units, problem titles, progress, and the chart's description for screen readers.
 */
import { formatBytesBinary, formatCount, formatSeconds } from '../../format/units';
import { loadProgressText } from '../../ui/file-drop/LoadStatus';
import type { TimelineReport } from './analysis/report';
import type { XKind } from './analysis/series';
import type { ProblemKind } from './problem';

/** An x position in words: "12.5 ms" since the first event, or "event 1,234". */
export function formatX(x: number, kind: XKind): string {
  return kind === 'time' ? formatSeconds(x / 1e6) : `event ${formatCount(x)}`;
}

/** A tick label on the x axis: "12.5 ms", or "1,234". */
export function formatXTick(x: number, kind: XKind): string {
  return kind === 'time' ? formatSeconds(x / 1e6) : formatCount(x);
}

/** The x axis title. */
export function xAxisTitle(kind: XKind): string {
  return kind === 'time' ? 'Time since the first recorded event' : 'Recorded event';
}

const BINARY_UNITS = [1024 ** 4, 1024 ** 3, 1024 ** 2, 1024, 1];

/** About `count` round tick values from 0 to `maxBytes`, round in binary units (0, 32 MiB, …). */
export function byteTicks(maxBytes: number, count = 5): number[] {
  if (!(maxBytes > 0)) return [0];
  const unit = BINARY_UNITS.find((u) => maxBytes >= u) ?? 1;
  const top = maxBytes / unit;
  const raw = top / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const step = (error >= 7.07 ? 10 : error >= 3.16 ? 5 : error >= 1.41 ? 2 : 1) * power;
  const ticks: number[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) ticks.push(Number((v * unit).toPrecision(12)));
  return ticks;
}

/** A short title for each kind of problem. */
export const PROBLEM_TITLES: Record<ProblemKind, string> = {
  empty: 'The file is empty',
  'too-large': 'The file is too large for this page',
  'not-pickle': 'Not a pickle file',
  truncated: 'The file is cut short',
  refused: 'Refused: the file asks to run code',
  limit: 'Over a safety limit',
  malformed: 'The file is damaged',
  'not-snapshot': 'Not a memory snapshot',
  'read-failed': 'The file could not be read',
  cancelled: 'Stopped',
};

/** The progress line of a load (shared with the other file readers). */
export const progressText = loadProgressText;

/** The chart described in words for screen readers. */
export function timelineDescription(timeline: TimelineReport): string {
  const x = (v: number) => formatX(v, timeline.xKind);
  return (
    `Allocated memory starts at ${formatBytesBinary(timeline.startBytes)}, peaks at ` +
    `${formatBytesBinary(timeline.peakBytes)} at ${x(timeline.peakX)} and ends at ` +
    `${formatBytesBinary(timeline.endBytes)} after ${formatCount(timeline.counts.total)} ` +
    `recorded events (${x(timeline.endX)}).`
  );
}

/** An address as PyTorch's viewer writes it: hexadecimal. */
export function formatAddress(address: number): string {
  return `0x${address.toString(16)}`;
}
