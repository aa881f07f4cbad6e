/**
 * What a reader at a given window width cannot reach in the widgets of a page, read from the
 * rendered layout: controls cut off by a box or the window, select options whose labels do not
 * fit, and tables that scroll sideways where they should fit or stack. Each returns a list of
 * readable findings, empty when all is well. Content folded into a closed <details> is skipped:
 * it is laid out when opened.
 */
import type { Page } from 'playwright-core';

/**
 * Widget controls (buttons, selects, inputs, summaries, links) whose right edge lies past what
 * a box that clips or scrolls them shows, or past the window: a control the reader cannot see
 * without scrolling something that gives no sign of it.
 */
export function clippedWidgetControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const windowRight = document.documentElement.clientWidth;
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      '[data-widget] :is(button, select, input, textarea, summary, a[href])',
    );
    for (const control of controls) {
      if (control.closest('details:not([open]) > :not(summary)')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      let right = windowRight;
      for (let p = control.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === 'visible') continue;
        right = Math.min(right, p.getBoundingClientRect().left + p.clientLeft + p.clientWidth);
      }
      if (box.right > right + 1) {
        const widget = control.closest<HTMLElement>('[data-widget]')?.dataset.widget;
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
        found.push(
          `${widget}: ${control.localName} "${name.slice(0, 40)}" ends at ${Math.round(box.right)} px, shown to ${Math.round(right)} px`,
        );
      }
    }
    return found;
  });
}

/**
 * Widget selects with an option whose label is wider than the select shows ("NVIDIA A100 SXM
 * 80 G"): the widest option's text, measured in the select's font, against its content box
 * less the drop-down arrow.
 */
export function cutOptionLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** Room Chromium keeps for the drop-down arrow inside a select's padding box. */
    const ARROW_PX = 20;
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas to measure text with'];
    const found: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>('[data-widget] select')) {
      if (select.closest('details:not([open]) > :not(summary)')) continue;
      if (select.clientWidth === 0) continue;
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        ARROW_PX;
      for (const option of select.options) {
        const width = context.measureText(option.text).width;
        if (width > room + 1) {
          const widget = select.closest<HTMLElement>('[data-widget]')?.dataset.widget;
          found.push(
            `${widget}: "${option.text}" is ${Math.round(width)} px in a select showing ${Math.round(room)} px`,
          );
        }
      }
    }
    return found;
  });
}

/**
 * Boxes in widgets holding a table that scroll sideways: a table whose columns do not fit should
 * stack its rows instead (ui/ScrollRegion). With `allowMarked`, a box that says it is meant to
 * scroll (`data-scrolls-sideways`: a comparison table on a phone) may.
 */
export function tablesScrollingSideways(page: Page, allowMarked = false): Promise<string[]> {
  return page.evaluate((allowMarked) => {
    const found: string[] = [];
    for (const table of document.querySelectorAll('[data-widget] table')) {
      if (table.closest('details:not([open]) > :not(summary)')) continue;
      if (allowMarked && table.closest('[data-scrolls-sideways]')) continue;
      for (let box = table.parentElement; box; box = box.parentElement) {
        if (box.matches('[data-widget]')) break;
        if (!/auto|scroll/.test(getComputedStyle(box).overflowX)) continue;
        if (box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1) {
          const widget = box.closest<HTMLElement>('[data-widget]')?.dataset.widget;
          const name =
            box.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent;
          found.push(
            `${widget}: table "${(name ?? '').slice(0, 40)}" is ${box.scrollWidth} px in a ${box.clientWidth} px box`,
          );
        }
      }
    }
    return found;
  }, allowMarked);
}
