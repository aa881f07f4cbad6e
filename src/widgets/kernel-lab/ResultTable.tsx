import { describeSize, LAB_KERNELS } from '../../gpu';
import type { Comparison } from './compare';
import {
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatSeconds,
  formatSpread,
} from '../../format/units';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** Words for the limit the model sees. */
const BOUND_WORDS = { memory: 'memory', compute: 'arithmetic', overhead: 'launch overhead' };

/**
 * Measured results beside the model's predictions, one row per kernel (its size under its
 * name), narrow enough for a laptop; where even that does not fit, its rows stack.
 */
export function ResultTable({ rows, catalogName }: { rows: Comparison[]; catalogName: string }) {
  if (rows.length === 0) return null;
  return (
    <>
      <p className="kl-table-note">
        Measured on this GPU, and modeled for the {catalogName} on the same work. Bandwidth counts
        bytes read plus bytes written.
      </p>
      <ScrollRegion className="table-scroll kl-results" label="Results">
        <table>
          <caption className="visually-hidden">
            Each kernel measured on this GPU, and modeled for the {catalogName}
          </caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                Kernel and size
              </th>
              <th scope="colgroup" colSpan={4} className="kl-measured-head">
                <span className="tag-measured">measured</span> this GPU
              </th>
              <th scope="colgroup" colSpan={4} className="kl-modeled-head">
                <span className="tag-modeled">modeled</span> {catalogName}
              </th>
            </tr>
            <tr>
              <th scope="col">Time (median)</th>
              <th scope="col">Bandwidth</th>
              <th scope="col">Arithmetic</th>
              <th scope="col">Check</th>
              <th scope="col">Time</th>
              <th scope="col">Bandwidth</th>
              <th scope="col">Arithmetic</th>
              <th scope="col">Limit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(
              ({
                measured: m,
                modeled,
                modeledBytesPerSecond,
                modeledFlopsPerSecond,
                modelError,
              }) => (
                <tr key={m.kernel} data-result={m.kernel} data-verified={String(m.verified)}>
                  <th scope="row">
                    {LAB_KERNELS[m.kernel].label}
                    <span className="kl-size" data-size>
                      {describeSize(m.kernel, m.size)}
                    </span>
                  </th>
                  <td className="num" data-seconds={m.verified ? m.medianSeconds : ''}>
                    {m.verified ? (
                      <>
                        {formatSeconds(m.medianSeconds)}
                        {Number.isFinite(m.relativeSpread) ? (
                          <>
                            {' '}
                            <span className="kl-spread">{formatSpread(m.relativeSpread)}</span>
                          </>
                        ) : null}
                      </>
                    ) : (
                      'not shown'
                    )}
                  </td>
                  <td className="num">
                    {m.verified ? formatGigabytesPerSecond(m.bytesPerSecond) : '—'}
                  </td>
                  <td className="num">
                    {m.verified ? formatGigaflopsPerSecond(m.flopsPerSecond) : '—'}
                  </td>
                  <td className={m.verified ? 'kl-ok' : 'kl-bad'} title={m.checkText}>
                    {m.verified ? '✓ matches CPU' : '✗ mismatch'}
                  </td>
                  {modeled ? (
                    <>
                      <td className="num">{formatSeconds(modeled.seconds)}</td>
                      <td className="num">
                        {formatGigabytesPerSecond(modeledBytesPerSecond ?? NaN)}
                      </td>
                      <td className="num">
                        {formatGigaflopsPerSecond(modeledFlopsPerSecond ?? NaN)}
                      </td>
                      <td>{BOUND_WORDS[modeled.bound]}</td>
                    </>
                  ) : (
                    <td colSpan={4}>{modelError}</td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
