import { useLayoutEffect, type RefObject } from 'react';
import { bodyCellLabels, columnLabels, type HeaderCell } from './table-labels';

/** The attribute a label set here carries, so a label a view wrote itself is left alone. */
const AUTO = 'data-label-auto';

/** The visible text of a heading: hidden words (`.visually-hidden`, aria-hidden) left out. */
function visibleText(element: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (!(node instanceof Element)) return;
    if (node.classList.contains('visually-hidden') || node.getAttribute('aria-hidden') === 'true')
      return;
    // Blocks inside a heading (a unit under its name) read as separate words.
    parts.push(' ');
    node.childNodes.forEach(walk);
    parts.push(' ');
  };
  element.childNodes.forEach(walk);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The spans of a cell, at least 1 each. */
function spans(cell: HTMLTableCellElement) {
  return { colSpan: Math.max(1, cell.colSpan || 1), rowSpan: Math.max(1, cell.rowSpan || 1) };
}

/**
 * Writes each body cell's column heading into `data-label`, which the stacked layout shows
 * beside its value. Labels a view set itself (without `data-label-auto`) stay.
 */
export function labelTableCells(table: HTMLTableElement): void {
  const headRows = table.tHead ? [...table.tHead.rows] : [];
  const head: HeaderCell[][] = headRows.map((row) =>
    [...row.cells].map((cell) => ({ ...spans(cell), text: visibleText(cell) })),
  );
  const labels = columnLabels(head);
  for (const body of [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])]) {
    const rows = [...body.rows];
    const cellLabels = bodyCellLabels(
      labels,
      rows.map((row) => [...row.cells].map(spans)),
    );
    rows.forEach((row, r) =>
      [...row.cells].forEach((cell, i) => {
        if (cell.hasAttribute('data-label') && !cell.hasAttribute(AUTO)) return;
        const label = cellLabels[r]?.[i] ?? '';
        // A row's own heading names the row: it needs no column label.
        const rowHeading = cell.localName === 'th' && cell.getAttribute('scope') !== 'col';
        if (label && !rowHeading) {
          cell.setAttribute('data-label', label);
          cell.setAttribute(AUTO, '');
        } else if (cell.hasAttribute(AUTO)) {
          cell.removeAttribute('data-label');
          cell.removeAttribute(AUTO);
        }
      }),
    );
  }
}

/**
 * Gives a table shown as blocks its table roles explicitly: some screen readers drop a table's
 * semantics once CSS changes its display, and these roles are the ones it had.
 */
export function keepTableRoles(table: HTMLTableElement): void {
  const set = (el: Element, role: string) => {
    if (!el.hasAttribute('role')) el.setAttribute('role', role);
  };
  set(table, 'table');
  for (const group of table.querySelectorAll(':scope > thead, :scope > tbody, :scope > tfoot'))
    set(group, 'rowgroup');
  for (const row of table.rows) {
    set(row, 'row');
    for (const cell of row.cells) {
      const inHead = row.parentElement?.localName === 'thead';
      const scope = cell.getAttribute('scope');
      if (cell.localName === 'td') set(cell, 'cell');
      else if (inHead || scope === 'col' || scope === 'colgroup') set(cell, 'columnheader');
      else set(cell, 'rowheader');
    }
  }
}

/**
 * Shows the table inside `ref` as stacked rows (`data-stacked` on the region, styled in
 * scroll-region.css) whenever its columns do not fit the region's width, and as a table again
 * once they do: measured on every width change and every change of the table's content. Each
 * body cell is labelled with its column heading first.
 */
export function useStackedTable(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useLayoutEffect(() => {
    const region = ref.current;
    if (!enabled || !region) return;
    const update = () => {
      const table = region.querySelector('table');
      if (!table) {
        region.removeAttribute('data-stacked');
        return;
      }
      labelTableCells(table);
      // Measured as a table: wider than the region means its columns do not fit.
      region.removeAttribute('data-stacked');
      if (region.clientWidth > 0 && region.scrollWidth > region.clientWidth + 1) {
        keepTableRoles(table);
        region.setAttribute('data-stacked', '');
      }
    };
    update();
    // Widths change once the web fonts arrive.
    void document.fonts?.ready.then(update);
    if (typeof ResizeObserver === 'undefined') return;
    let widthPx = region.clientWidth;
    const resize = new ResizeObserver(() => {
      if (region.clientWidth === widthPx) return;
      widthPx = region.clientWidth;
      update();
    });
    const content = new MutationObserver(update);
    resize.observe(region);
    content.observe(region, { childList: true, subtree: true, characterData: true });
    return () => {
      resize.disconnect();
      content.disconnect();
    };
  }, [ref, enabled]);
}
