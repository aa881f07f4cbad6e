import type { ReactNode } from 'react';
import './data-table.css';

/** An order a table can be sorted in. */
export type SortDirection = 'ascending' | 'descending';

/** A sorted table's current order: the column's sort key and the direction. */
export interface TableSort<K extends string> {
  key: K;
  direction: SortDirection;
}

/** A column of a sortable table: its heading, and its sort key if it sorts. */
export interface SortableColumn<K extends string> {
  name: string;
  sort?: K;
}

/** The order after a column's heading button is pressed: the other way, or its first way. */
export function toggledSort<K extends string>(
  current: TableSort<K>,
  key: K,
  first: SortDirection,
): TableSort<K> {
  if (current.key !== key) return { key, direction: first };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/**
 * The sort picker a stacked table (a phone) shows in place of its hidden head: one select of the
 * orders `choices` offers, as `[key, direction, words]`.
 */
export function SortPicker<K extends string>({
  id,
  sort,
  choices,
  onSort,
}: {
  id: string;
  sort: TableSort<K>;
  choices: ReadonlyArray<readonly [K, SortDirection, string]>;
  onSort(sort: TableSort<K>): void;
}) {
  return (
    <div className="ui-sort-pick">
      <label htmlFor={id}>Sort by</label>{' '}
      <select
        id={id}
        className="ui-field"
        value={`${sort.key} ${sort.direction}`}
        onChange={(e) => {
          const [key, direction] = e.target.value.split(' ') as [K, SortDirection];
          onSort({ key, direction });
        }}
      >
        {choices.map(([key, direction, text]) => (
          <option key={`${key} ${direction}`} value={`${key} ${direction}`}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A sortable table's head row: each sorting column's heading is a button that sorts by it (with
 * `aria-sort` on the current one and a mark of the direction); stacked on a phone, where the
 * head is hidden, the buttons go and the plain words stay for screen readers.
 */
export function SortableHeadRow<K extends string>({
  columns,
  sort,
  onToggle,
}: {
  columns: ReadonlyArray<SortableColumn<K>>;
  sort: TableSort<K>;
  onToggle(key: K): void;
}): ReactNode {
  return (
    <tr>
      {columns.map((c) => (
        <th
          key={c.name}
          scope="col"
          aria-sort={c.sort && sort.key === c.sort ? sort.direction : undefined}
        >
          {c.sort ? (
            <>
              <button
                type="button"
                className="ui-sort"
                data-sort={c.sort}
                onClick={() => onToggle(c.sort!)}
              >
                {c.name}
                <span aria-hidden="true">
                  {sort.key === c.sort ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                </span>
              </button>
              <span className="ui-sort-text">{c.name}</span>
            </>
          ) : (
            c.name
          )}
        </th>
      ))}
    </tr>
  );
}
