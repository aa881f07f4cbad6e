import { useId, type ReactNode } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';

/** Props of one panel of the warp view. */
export interface WarpPanelProps {
  /** Which panel (`coalescing`, `divergence`, `banks`, `latency`), as `data-panel`. */
  panel: string;
  /** The panel's heading, which names its region. */
  title: string;
  children: ReactNode;
}

/** One panel of the warp view: a section named by its heading. */
export function WarpPanel({ panel, title, children }: WarpPanelProps) {
  const id = useId();
  return (
    <section className="warp-panel" aria-labelledby={`${id}-h`} data-panel={panel}>
      <h4 id={`${id}-h`}>{title}</h4>
      {children}
    </section>
  );
}

/** Props of a table in a warp panel. */
export interface WarpTableProps {
  caption: ReactNode;
  /** Column headings. */
  heads: readonly ReactNode[];
  /** Data attributes on the table (`data-measured-strides`), for tests. */
  data?: Readonly<Record<`data-${string}`, string | number>>;
  /** The body's rows. */
  children: ReactNode;
}

/** A captioned table in a warp panel, in a box that scrolls sideways when it is too wide. */
export function WarpTable({ caption, heads, data, children }: WarpTableProps) {
  return (
    <div className="warp-table-wrap">
      <table className="ui-data-table" {...data}>
        <caption>{caption}</caption>
        <ColumnHeads names={heads} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
