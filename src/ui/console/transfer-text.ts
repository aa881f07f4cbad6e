/** Sentences about host-device copies, shared by the console and the transfer simulator. */
import { getLink } from '../../engine/catalog';
import { formatBytesDecimal, formatSeconds } from '../../format/units';
import type { TransferRecord } from '../../torch';

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
