import type { ReactNode } from 'react';

/** Props of a scroll region: its class (which makes it scroll) and its name. */
export interface ScrollRegionProps {
  /** The class that lets it scroll sideways (`table-scroll`, or a widget's own). */
  className: string;
  /** What it holds, as a screen reader names the region. */
  label?: string;
  /** Or the id of the element that names it (a caption or a heading). */
  labelledBy?: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways when what it holds (a table, mostly) is wider than the page: it
 * takes keyboard focus so the arrow keys can scroll it, and is a named region so a screen reader
 * says what that focus is on.
 */
export function ScrollRegion({ className, label, labelledBy, children }: ScrollRegionProps) {
  return (
    <div
      className={className}
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {children}
    </div>
  );
}
