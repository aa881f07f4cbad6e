import { useId, useState } from 'react';
import { ScrollRegion } from '../../ui/ScrollRegion';
import {
  sortRows,
  type Column,
  type SortDirection,
  type SortState,
} from '../../class-report/tables';
import '../../ui/data-table.css';

/** Props of a sortable table. */
export interface SortableTableProps<Row> {
  /** The table's name (its caption), and the `data-table` id tests and styles find it by. */
  caption: string;
  id: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** A row's key (unique in the table). */
  rowKey(row: Row): string;
  /** Called with the rows in the order shown, for the CSV download. */
  onDownload(rows: Row[]): void;
  /** Shown instead of the table when there are no rows. */
  empty: string;
}

/**
 * A table sorted by any column, either way, from two labelled selects above it (they work at
 * phone width too, where the table stacks and its headings are not shown), the sorted column
 * marked with `aria-sort`; and a button that downloads exactly the texts shown, in the order
 * shown, as CSV. Its first column heads each row. On a narrow screen it stacks (ScrollRegion).
 */
export function SortableTable<Row>({
  caption,
  id,
  rows,
  columns,
  rowKey,
  onDownload,
  empty,
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState<SortState>(null);
  const captionId = useId();
  const sortId = useId();
  const sorted = sortRows(rows, columns, sort);
  return (
    <div className="cr-table" data-table={id}>
      <div className="cr-table-actions">
        <label htmlFor={`${sortId}-by`}>Sort by</label>
        <select
          id={`${sortId}-by`}
          value={sort?.column ?? ''}
          onChange={(e) =>
            setSort(
              e.currentTarget.value === ''
                ? null
                : { column: e.currentTarget.value, direction: sort?.direction ?? 'ascending' },
            )
          }
        >
          <option value="">the report’s order</option>
          {columns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label.toLowerCase()}
            </option>
          ))}
        </select>
        <label htmlFor={`${sortId}-dir`}>Order</label>
        <select
          id={`${sortId}-dir`}
          value={sort?.direction ?? 'ascending'}
          disabled={!sort}
          onChange={(e) =>
            sort && setSort({ ...sort, direction: e.currentTarget.value as SortDirection })
          }
        >
          <option value="ascending">ascending</option>
          <option value="descending">descending</option>
        </select>
        <button type="button" onClick={() => onDownload(sorted)} disabled={rows.length === 0}>
          Download CSV<span className="visually-hidden"> of {caption.toLowerCase()}</span>
        </button>
      </div>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ScrollRegion className="table-scroll" labelledBy={captionId}>
          <table className="ui-data-table cr-data">
            <caption id={captionId} className="visually-hidden">
              {caption}
            </caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.id}
                    scope="col"
                    aria-sort={sort?.column === c.id ? sort.direction : undefined}
                    className={c.numeric ? 'num' : undefined}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={rowKey(row)} data-key={rowKey(row)}>
                  {columns.map((c, i) => {
                    const text = c.text(row);
                    const href = c.href?.(row) ?? null;
                    const content = href ? <a href={href}>{text}</a> : text;
                    return i === 0 ? (
                      <th key={c.id} scope="row" data-col={c.id}>
                        {content}
                      </th>
                    ) : (
                      <td key={c.id} data-col={c.id} className={c.numeric ? 'num' : undefined}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
