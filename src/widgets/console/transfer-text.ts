/** Sentences about host-device copies, shared by the console and the transfer simulator. */
import { getLink } from '../../engine';
import { formatBytesDecimal, type TransferRecord } from '../../torch';

/** Three significant digits without trailing zeros after the point ("780", "15.3", "2"). */
function threeDigits(value: number): string {
  const text = value.toPrecision(3);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** "0.78 ms", "15.3 µs", "2.1 s". */
export function formatSeconds(seconds: number): string {
  if (seconds < 1e-3) return `${threeDigits(seconds * 1e6)} µs`;
  if (seconds < 1) return `${threeDigits(seconds * 1e3)} ms`;
  return `${threeDigits(seconds)} s`;
}

/** One line about a copy: what, which way, over which link, how long, and whether it overlaps. */
export function describeTransfer(t: TransferRecord): string {
  const way = t.direction === 'h2d' ? 'host → GPU' : 'GPU → host';
  const memory = t.pinned ? 'pinned' : 'pageable';
  const mode = t.asynchronous
    ? 'asynchronous: the host carries on'
    : t.nonBlocking
      ? 'still synchronous: pageable memory ignores non_blocking'
      : 'synchronous: the host waits';
  return `↳ copied ${t.label ? `${t.label}, ` : ''}${formatBytesDecimal(t.bytes)} ${way} over ${getLink(t.link).name}: ${formatSeconds(t.seconds)} modeled (${memory}, ${mode})`;
}
