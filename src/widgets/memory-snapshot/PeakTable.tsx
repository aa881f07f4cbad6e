import { useMemo, useState } from 'react';
import { formatBytesBinary, formatCount } from '../../format/units';
import type { StackFrame } from './snapshot/types';
import type { TimelineReport } from './analysis/report';
import { nextSort, sortAliveRows, type PeakSort, type PeakSortKey } from './peak-rows';
import { StackCell } from './StackCell';
import { formatX } from './view-text';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** Rows shown before "Show all". */
const FIRST_ROWS = 15;

/** Props of the peak table. */
export interface PeakTableProps {
  timeline: TimelineReport;
  stacks: readonly StackFrame[][];
}

/** A sortable column header. */
function SortHeader(props: {
  label: string;
  column: PeakSortKey;
  sort: PeakSort;
  onSort(key: PeakSortKey): void;
}) {
  const active = props.sort.key === props.column;
  const direction = props.sort.descending ? 'descending' : 'ascending';
  return (
    <th scope="col" aria-sort={active ? direction : 'none'}>
      <button type="button" className="snap-sort" onClick={() => props.onSort(props.column)}>
        {props.label}
        <span aria-hidden="true">{active ? (props.sort.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
      </button>
    </th>
  );
}

/** The allocations alive at the peak: size, when and where each was allocated, sortable. */
export function PeakTable({ timeline, stacks }: PeakTableProps) {
  const [sort, setSort] = useState<PeakSort>({ key: 'bytes', descending: true });
  const [showAll, setShowAll] = useState(false);
  const rows = useMemo(() => sortAliveRows(timeline.aliveAtPeak, sort), [timeline, sort]);
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  const onSort = (key: PeakSortKey) => setSort((current) => nextSort(current, key));
  const missing = timeline.aliveAtPeakCount - timeline.aliveAtPeak.length;
  const caption =
    `Allocations alive at the peak: ${formatCount(timeline.aliveAtPeakCount)}, ` +
    `${formatBytesBinary(timeline.peakBytes)} in all`;
  return (
    <div className="snap-peak">
      <p className="snap-table-title" aria-hidden="true">
        {caption}
      </p>
      <ScrollRegion className="snap-table-scroll" label={caption}>
        <table className="snap-table" data-testid="peak-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <SortHeader label="Size" column="bytes" sort={sort} onSort={onSort} />
              <SortHeader label="Allocated at" column="allocated" sort={sort} onSort={onSort} />
              <th scope="col">Allocated by</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={`${row.address}:${i}`} data-bytes={row.bytes}>
                <td className="snap-num">{formatBytesBinary(row.bytes)}</td>
                <td>
                  {row.allocatedX === null ? (
                    <span className="snap-muted">before recording</span>
                  ) : (
                    formatX(row.allocatedX, timeline.xKind)
                  )}
                </td>
                <td>
                  <StackCell
                    stack={stacks[row.stackId] ?? []}
                    emptyText={
                      row.allocatedX === null
                        ? 'not recorded (allocated before recording began)'
                        : 'no stack recorded with this allocation'
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {rows.length > FIRST_ROWS && (
        <button type="button" onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the largest ${FIRST_ROWS}` : `Show all ${formatCount(rows.length)} rows`}
        </button>
      )}
      {missing > 0 && (
        <p className="snap-muted">
          {formatCount(missing)} smaller allocations are left out of the table; they are counted in
          the total.
        </p>
      )}
    </div>
  );
}
