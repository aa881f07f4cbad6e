import type { ReactNode } from 'react';

/** A table's head: one row of column headings, each a `<th scope="col">`. */
export function ColumnHeads({ names }: { names: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, i) => (
          <th key={i} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
