/**
 * A table as CSV that a spreadsheet opens safely: every cell quoted where it must be, and any
 * cell that begins like a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before one)
 * prefixed with a single quote, so a learner's name such as `=HYPERLINK(…)` stays text (OWASP's
 * advice on CSV injection). Lines end in CRLF, as RFC 4180 writes them, and the file starts
 * with a byte-order mark so spreadsheet programs read it as UTF-8. Pure.
 */

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, made safe and quoted when it needs to be. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The byte-order mark the file starts with. */
export const CSV_BOM = '\uFEFF';

/** A header row and rows of text as one CSV file. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * CSV text back to rows (RFC 4180: quoted cells, doubled quotes, CRLF or LF), the byte-order
 * mark dropped. Safety quotes stay: this reads what a spreadsheet would show.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
