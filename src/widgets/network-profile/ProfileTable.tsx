import type { ReactNode } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import {
  formatBytesDecimal,
  formatCount,
  formatPercent,
  formatSeconds,
  NO_VALUE,
} from '../../format/units';
import { BOUND_SHORT_LABELS, formatFlops } from './labels';
import { OPTIMIZER_KIND, type ProfileRow } from './profile';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/data-table.css';

/** Props of the profile table. */
export interface ProfileTableProps {
  rows: readonly ProfileRow[];
  /** Rows there would be with no limit. */
  totalRows: number;
  grouped: boolean;
  /** The caption's description of the step (network, GPU, mode). */
  stepLabel: string;
  /** Time the GPU waits for the host each step, shown as its own line when above 0. */
  idleSeconds: number;
  idleShare: number;
  idBase: string;
}

/** A layer name that may break after its dots (`layer3.2.conv1`), so long names wrap. */
function breakable(name: string): ReactNode[] {
  return name.split(/(?<=[.#])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

/**
 * The profile as a table sorted by time, like `prof.key_averages().table(sort_by=
 * "device_time_total")`: name, calls, GPU time, share of the step, FLOPs, bytes moved, bound.
 */
export function ProfileTable({
  rows,
  totalRows,
  grouped,
  stepLabel,
  idleSeconds,
  idleShare,
  idBase,
}: ProfileTableProps) {
  const shown = rows.length < totalRows ? `top ${rows.length} of ${totalRows}` : `all ${totalRows}`;
  const captionId = `${idBase}-table-caption`;
  return (
    <>
      <p id={captionId} className="np-caption">
        <span className="tag-modeled">modeled</span>{' '}
        {`${stepLabel}, ${grouped ? 'layers grouped by kind' : 'layer by layer'}, sorted by GPU time (${shown} rows)`}
      </p>
      <ScrollRegion className="np-scroll" label="Profile table">
        <table
          className="ui-data-table np-table"
          aria-labelledby={captionId}
          data-profile-table
          data-grouped={String(grouped)}
        >
          <ColumnHeads
            names={['Name', 'Calls', 'GPU time', 'Share of step', 'FLOPs', 'Bytes moved', 'Bound']}
          />
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                data-row={row.key}
                data-seconds={row.seconds}
                data-bound={row.bound}
              >
                <th scope="row" className="np-name">
                  {breakable(row.name)}
                </th>
                <td>{formatCount(row.calls)}</td>
                <td>{formatSeconds(row.seconds)}</td>
                <td>{formatPercent(row.share)}</td>
                <td>{row.kind === OPTIMIZER_KIND ? NO_VALUE : formatFlops(row.flops)}</td>
                <td>{formatBytesDecimal(row.bytes)}</td>
                <td>
                  <span className={`np-bound np-bound--${row.bound}`} aria-hidden="true" />
                  {BOUND_SHORT_LABELS[row.bound]}
                  {row.boundShare < 0.995 && (
                    <span className="np-bound-share">{`${formatPercent(row.boundShare)} of its time`}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          {idleSeconds > 0 && (
            <tfoot>
              <tr data-idle>
                <th scope="row">GPU idle, waiting for the host</th>
                <td>—</td>
                <td>{formatSeconds(idleSeconds)}</td>
                <td>{formatPercent(idleShare)}</td>
                <td colSpan={3}>the host launches kernels more slowly than the GPU runs them</td>
              </tr>
            </tfoot>
          )}
        </table>
      </ScrollRegion>
    </>
  );
}
