import { useRef, type ReactNode } from 'react';
import { useStackedTable } from './useStackedTable';
import './scroll-region.css';

/** Props of a scroll region: its class (which makes it scroll) and its name. */
export interface ScrollRegionProps {
  /** The class that lets it scroll sideways (`table-scroll`, or a widget's own). */
  className: string;
  /** What it holds, as a screen reader names the region. */
  label?: string;
  /** Or the id of the element that names it (a caption or a heading). */
  labelledBy?: string;
  /**
   * Whether a table inside that does not fit the region's width is shown as stacked rows, each
   * cell labelled with its column heading, instead of scrolling sideways (default true). Leave
   * it on for tables; preformatted text, whose lines must not wrap, scrolls.
   */
  stackTable?: boolean;
  children: ReactNode;
}

/**
 * A box for content that may be wider than the page. A table that does not fit becomes stacked
 * rows (see useStackedTable); anything else scrolls sideways inside the box, which takes
 * keyboard focus so the arrow keys can scroll it and is a named region so a screen reader says
 * what that focus is on.
 */
export function ScrollRegion({
  className,
  label,
  labelledBy,
  stackTable = true,
  children,
}: ScrollRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  useStackedTable(ref, stackTable);
  return (
    <div
      ref={ref}
      className={className}
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      // Marks content meant to scroll sideways on a narrow screen (code, a comparison table).
      data-scrolls-sideways={stackTable ? undefined : ''}
    >
      {children}
    </div>
  );
}
