import { useId } from 'react';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import '../../../ui/data-table.css';
import { formatBytesBinary, formatCount, formatPercent, NO_VALUE } from '../../../format/units';
import type { TraceReport } from '../analysis/report';
import { TRACE_TABLES, traceSchema, type TraceTable } from '../settings';
import { fieldLabel } from '../../../ui/field';
import { formatUs, shortName } from './view-text';

const LABELS: Record<TraceTable, string> = {
  kernels: 'Top kernels',
  'cpu-ops': 'Top CPU ops',
  copies: 'Host ↔ GPU copies',
};

/** Props of the tables. */
export interface TraceTablesProps {
  report: TraceReport;
  table: TraceTable;
  onTable(table: TraceTable): void;
}

/** The table chooser and the chosen table. */
export function TraceTables({ report, table, onTable }: TraceTablesProps) {
  const name = useId();
  return (
    <div className="trace-tables">
      <fieldset className="trace-table-choice">
        <legend className="visually-hidden">{fieldLabel(traceSchema.fields.table)}</legend>
        {TRACE_TABLES.map((t) => (
          <label key={t}>
            <input
              type="radio"
              name={name}
              value={t}
              checked={table === t}
              onChange={() => onTable(t)}
            />
            {LABELS[t]}
          </label>
        ))}
      </fieldset>
      <div className="trace-table-scroll">
        {table === 'kernels' && <KernelTable report={report} />}
        {table === 'cpu-ops' && <CpuOpTable report={report} />}
        {table === 'copies' && <CopyTable report={report} />}
      </div>
    </div>
  );
}

function KernelTable({ report }: { report: TraceReport }) {
  return (
    <table className="ui-data-table trace-table" data-testid="kernel-table">
      <caption>
        Kernels by total GPU time, as key_averages().table(sort_by="device_time_total") sorts them
      </caption>
      <ColumnHeads names={['Kernel', 'Calls', 'Total', 'Mean', 'Share']} />
      <tbody>
        {report.topKernels.map((r, i) => (
          <tr key={i} data-family={r.family}>
            <td className="trace-name" title={r.name}>
              {shortName(r.name)}
            </td>
            <td>{formatCount(r.calls)}</td>
            <td>{formatUs(r.totalUs)}</td>
            <td>{formatUs(r.meanUs)}</td>
            <td>{formatPercent(r.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CpuOpTable({ report }: { report: TraceReport }) {
  return (
    <table className="ui-data-table trace-table" data-testid="cpu-op-table">
      <caption>
        Top-level CPU ops per thread by total time (nested ops counted in their parent)
      </caption>
      <ColumnHeads names={['Op', 'Thread', 'Calls', 'Total', 'Mean']} />
      <tbody>
        {report.topCpuOps.map((r, i) => (
          <tr key={i}>
            <td className="trace-name" title={r.name}>
              {shortName(r.name)}
            </td>
            <td>{r.thread}</td>
            <td>{formatCount(r.calls)}</td>
            <td>{formatUs(r.totalUs)}</td>
            <td>{formatUs(r.meanUs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CopyTable({ report }: { report: TraceReport }) {
  if (report.copies.length === 0) {
    return (
      <p className="trace-note" data-testid="copy-table">
        No copies between host and GPU in this trace (gpu_memcpy events): the inputs were already on
        the GPU, or were copied outside the traced steps.
      </p>
    );
  }
  return (
    <table className="ui-data-table trace-table" data-testid="copy-table">
      <caption>Copies by direction (HtoD: host to GPU), longest total first</caption>
      <ColumnHeads
        names={['Direction', 'Copies', 'Total', 'Longest', 'Bytes', 'Longest copy’s name']}
      />
      <tbody>
        {report.copies.map((r) => (
          <tr key={r.direction}>
            <td>{r.direction}</td>
            <td>{formatCount(r.calls)}</td>
            <td>{formatUs(r.totalUs)}</td>
            <td>{formatUs(r.longestUs)}</td>
            <td>{Number.isNaN(r.bytes) ? NO_VALUE : formatBytesBinary(r.bytes)}</td>
            <td className="trace-name">{r.example}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
