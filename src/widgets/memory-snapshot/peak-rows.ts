/** Sorting the table of allocations alive at the peak. Pure. */
import type { AliveRow } from './analysis/report';

/** The columns the table sorts by. */
export type PeakSortKey = 'bytes' | 'allocated';

/** How the table is sorted. */
export interface PeakSort {
  key: PeakSortKey;
  descending: boolean;
}

/**
 * The rows in the order asked for; ties keep the largest first. Allocations from before
 * recording (no alloc time) count as the earliest.
 */
export function sortAliveRows(rows: readonly AliveRow[], sort: PeakSort): AliveRow[] {
  const sign = sort.descending ? -1 : 1;
  const value = (row: AliveRow) =>
    sort.key === 'bytes' ? row.bytes : (row.allocatedX ?? Number.NEGATIVE_INFINITY);
  return [...rows].sort((a, b) => {
    const byKey = value(a) - value(b);
    return (Number.isNaN(byKey) ? 0 : sign * byKey) || b.bytes - a.bytes || a.address - b.address;
  });
}

/** The sort after clicking `key`'s header: the other direction, or that column largest first. */
export function nextSort(current: PeakSort, key: PeakSortKey): PeakSort {
  return current.key === key
    ? { key, descending: !current.descending }
    : { key, descending: key === 'bytes' };
}
