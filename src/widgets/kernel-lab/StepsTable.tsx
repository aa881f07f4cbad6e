import { LAB_KERNELS } from '../../gpu';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { formatPercent, formatRatio } from '../../format/units';
import type { StepRow } from './matmul-steps';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** A rate with three significant digits and its unit. */
function rateText(row: StepRow): string {
  return `${Number(row.rate.toPrecision(3)).toLocaleString('en-US')} ${row.unit}`;
}

/**
 * What each optimisation bought on this device: the matmul steps (naive → tiled → register-blocked
 * → tuned) with their share of the measured FMA roof and the gain over the step before, and the
 * streaming kernels' share of the copy kernel's bandwidth. Renders nothing before a run.
 */
export function StepsTable({ rows, tensorCores }: { rows: StepRow[]; tensorCores: string | null }) {
  if (rows.length === 0 && tensorCores === null) return null;
  return (
    <section className="kl-steps" aria-label="What each step bought" data-steps>
      {rows.length > 0 && (
        <ScrollRegion className="table-scroll" label="Steps">
          <table>
            <caption>
              <span className="tag-measured">measured</span> What each step bought on this GPU
            </caption>
            <ColumnHeads
              names={['Kernel', 'Size', 'Rate', 'Of the measured roof', 'Over the step before']}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.kernel} data-step={row.kernel}>
                  <th scope="row">
                    {LAB_KERNELS[row.kernel].label}
                    {row.tile && ` (${row.tile})`}
                    {!row.verified && ' — output did not match'}
                  </th>
                  <td>{row.size}</td>
                  <td>{rateText(row)}</td>
                  <td>
                    {row.ofRoof === null
                      ? 'measure the roofs'
                      : `${formatPercent(row.ofRoof)} of ${row.unit === 'GB/s' ? 'copy' : 'FMA'}`}
                  </td>
                  <td>{row.overPrevious === null ? '—' : formatRatio(row.overPrevious)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {tensorCores !== null && (
        <p className="kl-tensor-cores" data-tensor-cores>
          Tensor cores: {tensorCores}
        </p>
      )}
    </section>
  );
}
