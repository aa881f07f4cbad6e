import { useId } from 'react';
import { figureTitle } from '../../format/figure';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { ShownGpus } from './ShownGpus';
import { buildSpecTable, type SpecCell, type SpecRow } from './model';
import { specTableSchema } from './settings';
import { ScrollRegion } from '../../ui/ScrollRegion';
import './spec-table.css';
import { specTableFace } from './face';

/** Props a lesson may pass. */
export interface SpecTableProps {
  /**
   * Catalog GPU ids shown at first, as an array or a comma-separated string (default: all); the
   * learner's choice, and a link's `gpus`, win.
   */
  gpus?: unknown;
  /** Caption above the table. */
  caption?: string;
}

/** A footnote marker, read as "source 3" by screen readers. */
function SourceMark({ n }: { n: number }) {
  return (
    <sup className="spec-source-mark">
      <span className="visually-hidden">source </span>
      {n}
    </sup>
  );
}

function Cell({ cell, row }: { cell: SpecCell; row: SpecRow }) {
  const figure = cell.figure;
  const kind = figure?.kind;
  return (
    <td
      className={kind ? `spec-${kind}` : undefined}
      title={figure ? figureTitle(figure) : undefined}
      data-kind={kind}
    >
      {cell.text}
      {kind === 'estimate' && <span className="spec-kind"> est.</span>}
      {kind === 'measured' && <span className="spec-kind"> meas.</span>}
      {cell.source !== null && cell.source !== row.rowSource && <SourceMark n={cell.source} />}
    </td>
  );
}

/**
 * The spec comparison table, generated from the hardware catalog. Datasheet figures are vendor
 * peaks; the streaming-bandwidth column is what published measurements reach. Each row names
 * its main source, a cell from another source carries its own footnote, and the sources are
 * listed under the table, numbered for the GPUs shown. The learner picks the GPUs; the choice
 * is in the share link.
 */
export default function SpecTable({ gpus, caption }: SpecTableProps) {
  const settings = useWidgetState(specTableSchema, { gpus });
  const table = buildSpecTable(settings.state.gpus);
  const title = caption ?? 'GPU specifications from the course’s hardware catalog';
  const sourcesId = `spec-sources-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <WidgetRoot widget={specTableFace} status="done" title={title} settings={settings}>
      <ShownGpus shown={settings.state.gpus} onChange={(next) => settings.set({ gpus: next })} />
      <p className="spec-hint">
        {table.rows.length === 1 ? '1 GPU' : `${table.rows.length} GPUs`} × {table.columns.length}{' '}
        figures: scroll the table sideways for tensor-core peaks, memory, bandwidth and host link.
      </p>
      <ScrollRegion className="spec-scroll" label={`${title} (scrolls sideways)`}>
        <table aria-describedby={sourcesId}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">GPU</th>
              {table.columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={c.group === 'measured' ? 'spec-col-measured' : undefined}
                >
                  {c.label}
                  <span className="spec-col-kind">
                    {c.group === 'measured' ? 'measured' : 'vendor peak'}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.id} data-gpu={row.id}>
                <th scope="row">
                  {row.name}
                  <SourceMark n={row.rowSource} />
                  <span className="spec-arch">{row.architecture}</span>
                </th>
                {table.columns.map((c) => (
                  <Cell key={c.key} cell={row.cells[c.key]} row={row} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="spec-notes" id={sourcesId}>
        <p>
          All columns but one are <strong>vendor peaks</strong> from datasheets (dense, no
          sparsity): ceilings real work does not reach. The <strong>measured</strong> column is the
          bandwidth a large streaming kernel reached in a published run (reads and writes counted);
          <em> est.</em> marks our estimates where no measurement on that product was found. A
          number after a GPU&apos;s name gives the source of its row; a number after a value gives a
          different source for that value. Hover a value for its note.
        </p>
        <h4>Sources</h4>
        <ol className="spec-sources">
          {table.sources.map((s, i) => (
            <li key={s} data-source={i + 1}>
              {s}
            </li>
          ))}
        </ol>
      </div>
    </WidgetRoot>
  );
}
