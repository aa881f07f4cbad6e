/**
 * torch.cuda.memory_summary(): the allocator's counters as the table PyTorch prints, laid out
 * as torch/cuda/memory.py lays it out (75 columns between the bars; sizes scaled by the row's
 * "all" value, to B, KiB, MiB or GiB once it reaches 768 of the next unit; counts to K or M from
 * 750 thousand). Active memory and allocations equal allocated ones in this model (no streams),
 * and oversize rows stay 0 (no max_split_size). Pure.
 */
import type { MemoryStats, PoolName, PoolStats, StatCounter, StatKey } from './allocator-stats';

const WIDTH = 75;
const SIZE_PREFIXES = ['B  ', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
const COUNT_PREFIXES = [' ', 'K', 'M'];

/** A size in a 10-character cell, scaled by `preferred` (the row's total), as _format_size. */
export function formatSummarySize(bytes: number, preferred: number): string {
  let value = bytes;
  let scale = preferred;
  let prefix = SIZE_PREFIXES[0] ?? '';
  for (const next of SIZE_PREFIXES.slice(1)) {
    if (scale < 768 * 1024) break;
    prefix = next;
    value = Math.floor(value / 1024);
    scale /= 1024;
  }
  return `${String(value).padStart(6)} ${prefix}`;
}

/** A count in a 10-character cell, scaled by `preferred`, as _format_count. */
export function formatSummaryCount(count: number, preferred: number): string {
  let value = count;
  let scale = preferred;
  let prefix = COUNT_PREFIXES[0] ?? '';
  for (const next of COUNT_PREFIXES.slice(1)) {
    if (scale < 750 * 1000) break;
    prefix = next;
    value = Math.floor(value / 1000);
    scale /= 1000;
  }
  return `${String(value).padStart(7)} ${prefix} `;
}

type Formatter = (value: number, preferred: number) => string;

/** The rows of the table: memory_stats() key (as kept here), title, and cell format. */
const METRICS: ReadonlyArray<readonly [StatKey, string, Formatter]> = [
  ['allocated_bytes', 'Allocated memory', formatSummarySize],
  ['allocated_bytes', 'Active memory', formatSummarySize],
  ['requested_bytes', 'Requested memory', formatSummarySize],
  ['reserved_bytes', 'GPU reserved memory', formatSummarySize],
  ['inactive_split_bytes', 'Non-releasable memory', formatSummarySize],
  ['allocation', 'Allocations', formatSummaryCount],
  ['allocation', 'Active allocs', formatSummaryCount],
  ['segment', 'GPU reserved segments', formatSummaryCount],
  ['inactive_split', 'Non-releasable allocs', formatSummaryCount],
];

const COLUMNS: ReadonlyArray<keyof StatCounter> = ['current', 'peak', 'allocated', 'freed'];

/** One row: the title, then current, peak, total allocated and total freed. */
function row(title: string, counter: StatCounter, preferred: StatCounter, format: Formatter) {
  const cells = COLUMNS.map((column) => format(counter[column], preferred[column]));
  return ` ${title.padEnd(21)} | ${cells.join(' | ')} `;
}

/** The rows of one metric: all memory, then (unless abbreviated) the large and small pools. */
function metricRows(stat: PoolStats, title: string, format: Formatter, abbreviated: boolean) {
  const parts: Array<readonly [PoolName, string]> = [['all', title]];
  if (!abbreviated) {
    parts.push(['large_pool', '      from large pool'], ['small_pool', '      from small pool']);
  }
  return parts.map(([pool, name]) => row(name, stat[pool], stat.all, format));
}

/** The text torch.cuda.memory_summary(device, abbreviated) returns, ending with a newline. */
export function formatMemorySummary(
  stats: MemoryStats,
  deviceIndex: number,
  abbreviated = false,
): string {
  const rule = (char: string) => char.repeat(WIDTH);
  const lines = [
    rule('='),
    ` ${''.padEnd(16)} PyTorch CUDA memory summary, device ID ${String(deviceIndex).padEnd(17)} `,
    rule('-'),
    `  ${''.padEnd(9)} CUDA OOMs: ${String(stats.numOoms).padEnd(12)} | ${''.padEnd(6)} cudaMalloc retries: ${String(stats.numAllocRetries).padEnd(8)}  `,
    rule('='),
    '        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  ',
  ];
  for (const [key, title, format] of METRICS) {
    lines.push(rule('-'), ...metricRows(stats.metrics[key], title, format, abbreviated));
  }
  const none: StatCounter = { current: 0, peak: 0, allocated: 0, freed: 0 };
  for (const title of ['Oversize allocations', 'Oversize GPU segments']) {
    lines.push(rule('-'), row(title, none, none, formatSummaryCount));
  }
  lines.push(rule('='));
  return `|${lines.join('|\n|')}|\n`;
}
