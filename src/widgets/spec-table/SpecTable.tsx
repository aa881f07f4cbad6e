import { useId, useRef } from 'react';
import { figureTitle } from '../../format/figure';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { ShownGpus } from './ShownGpus';
import {
  buildSpecTable,
  SPEC_PARTS,
  type SpecCell,
  type SpecPart,
  type SpecRow,
  type SpecTableModel,
} from './model';
import { specTableSchema } from './settings';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { TapNoteLine } from '../../ui/TapNoteLine';
import { useTapNote } from '../../ui/useTapNote';
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

/** One of the two tables: every GPU shown, with the figures of one part. */
function PartTable({
  table,
  part,
  title,
  captionId,
  describedBy,
}: {
  table: SpecTableModel;
  part: SpecPart;
  title: string;
  captionId: string;
  describedBy: string;
}) {
  const columns = table.columns.filter((c) => c.part === part);
  return (
    // A comparison reads down its columns: on a narrow screen the table scrolls sideways with
    // the GPU names kept in view, rather than breaking into a card per GPU.
    <ScrollRegion className="spec-scroll" labelledBy={captionId} stackTable={false}>
      <table aria-describedby={describedBy} data-part={part}>
        <caption id={captionId}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">GPU</th>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.group === 'measured' ? 'spec-col-measured' : undefined}
              >
                {c.label}
                {c.group === 'measured' && <span className="spec-col-kind">measured</span>}
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
                {/* The first table says it once; the second does not repeat it. */}
                {part === SPEC_PARTS[0]?.part && (
                  <span className="spec-arch">{row.architecture}</span>
                )}
              </th>
              {columns.map((c) => (
                <Cell key={c.key} cell={row.cells[c.key]} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The spec comparison, generated from the hardware catalog, as two tables that each fit a
 * laptop's width: cores, clock and arithmetic peaks; memory, bandwidth and host link (on a
 * phone each scrolls sideways under its GPU names). Datasheet figures are vendor peaks; the
 * streaming-bandwidth column is what published measurements reach. Each row names its main
 * source, a cell from another source carries its own footnote, and the sources are listed under
 * the tables, numbered for the GPUs shown; hovering or tapping a value shows its note. The
 * learner picks the GPUs; the choice is in the share link.
 */
export default function SpecTable({ gpus, caption }: SpecTableProps) {
  const settings = useWidgetState(specTableSchema, { gpus });
  const table = buildSpecTable(settings.state.gpus);
  const title = caption ?? 'GPU specifications from the course’s hardware catalog';
  const idBase = `spec-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const sourcesId = `${idBase}-sources`;
  const tables = useRef<HTMLDivElement>(null);
  const tapped = useTapNote(tables);
  return (
    <WidgetRoot widget={specTableFace} status="done" title={title} settings={settings}>
      <ShownGpus shown={settings.state.gpus} onChange={(next) => settings.set({ gpus: next })} />
      <p className="spec-hint">
        {table.rows.length === 1 ? '1 GPU' : `${table.rows.length} GPUs`} × {table.columns.length}{' '}
        figures, in two tables: {SPEC_PARTS[0]?.title.toLowerCase()}, then{' '}
        {SPEC_PARTS[1]?.title.toLowerCase()}.
        <span className="spec-hint-narrow">
          {' '}
          Scroll a table sideways for the rest of its figures; the GPU names stay in view.
        </span>
      </p>
      <div className="spec-tables" ref={tables}>
        {SPEC_PARTS.map(({ part, title: partTitle }) => (
          <PartTable
            key={part}
            table={table}
            part={part}
            title={partTitle}
            captionId={`${idBase}-${part}`}
            describedBy={sourcesId}
          />
        ))}
      </div>
      <TapNoteLine tapped={tapped} prompt="Hover over or tap a value for its source and note." />
      <div className="spec-notes" id={sourcesId}>
        <p>
          All columns but one are <strong>vendor peaks</strong> from datasheets (dense, no
          sparsity): ceilings real work does not reach. The <strong>measured</strong> column is the
          bandwidth a large streaming kernel reached in a published run (reads and writes counted);
          <em> est.</em> marks our estimates where no measurement on that product was found. A
          number after a GPU&apos;s name gives the source of its row; a number after a value gives a
          different source for that value.
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
