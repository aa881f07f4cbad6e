/**
 * Which column heading names each body cell of a table, for a table shown as stacked rows on a
 * narrow screen: there each cell carries its column's heading as a visible label. Pure: the
 * table comes in as rows of spans and texts, so the grid arithmetic (column and row spans, a
 * heading over two header rows) is tested without a DOM.
 */

/** One cell as the label arithmetic sees it. */
export interface GridCell {
  /** Columns it spans (`colspan`, at least 1). */
  colSpan: number;
  /** Rows it spans (`rowspan`, at least 1). */
  rowSpan: number;
}

/** A header cell: its spans and its visible text. */
export interface HeaderCell extends GridCell {
  text: string;
}

/**
 * The first column of every cell, row by row, where cells spanning rows from above take their
 * columns first (the HTML table model, without the zero spans nobody writes).
 */
export function cellColumns(rows: readonly (readonly GridCell[])[]): number[][] {
  // For each column, how many more rows a cell from above still covers.
  const covered: number[] = [];
  return rows.map((row) => {
    let column = 0;
    const starts = row.map((cell) => {
      while ((covered[column] ?? 0) > 0) column += 1;
      const start = column;
      for (let c = 0; c < Math.max(1, cell.colSpan); c += 1) {
        covered[start + c] = Math.max(1, cell.rowSpan);
      }
      column += Math.max(1, cell.colSpan);
      return start;
    });
    for (let c = 0; c < covered.length; c += 1) covered[c] = Math.max(0, (covered[c] ?? 0) - 1);
    return starts;
  });
}

/**
 * The label of every column under these header rows: the texts of the heading cells above it,
 * top to bottom, joined by " · " ("measured this GPU · Time (median)"), each once; "" for a
 * column whose headings have no visible text.
 */
export function columnLabels(head: readonly (readonly HeaderCell[])[]): string[] {
  const starts = cellColumns(head);
  const texts: string[][] = [];
  head.forEach((row, r) =>
    row.forEach((cell, i) => {
      const start = starts[r]?.[i] ?? 0;
      const text = cell.text.replace(/\s+/g, ' ').trim();
      for (let c = start; c < start + Math.max(1, cell.colSpan); c += 1) {
        const column = (texts[c] ??= []);
        if (text && !column.includes(text)) column.push(text);
      }
    }),
  );
  return Array.from(texts, (column) => (column ?? []).join(' · '));
}

/**
 * The label of every body cell: its first column's label, row by row. A cell spanning columns
 * takes the first one's.
 */
export function bodyCellLabels(
  labels: readonly string[],
  body: readonly (readonly GridCell[])[],
): string[][] {
  return cellColumns(body).map((row) => row.map((column) => labels[column] ?? ''));
}
