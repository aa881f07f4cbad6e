import { memo } from 'react';
import { formatCount, formatSeconds } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { ScrollRegion } from '../../ui/ScrollRegion';
import type { LeverOutcome, LeverRow } from './levers';
import '../../ui/panel.css';
import '../../ui/data-table.css';

/** "a → b", or why a side has no figure. */
function change(
  off: LeverOutcome,
  on: LeverOutcome,
  pick: (o: Extract<LeverOutcome, { fits: true }>) => number,
  format: (v: number) => string,
): string {
  const side = (o: LeverOutcome) => (o.fits ? format(pick(o)) : 'no fit');
  return `${side(off)} → ${side(on)}`;
}

/** The ratio of throughputs, per GPU when the lever adds GPUs. */
function gain(row: LeverRow): string {
  const { off, on } = row;
  if (!off.fits || !on.fits) {
    const failed = !on.fits ? on : off;
    return failed.fits ? '' : failed.message;
  }
  const ratio = on.outputTokensPerSecond / off.outputTokensPerSecond;
  const text = `×${ratio.toFixed(2)}`;
  if (on.gpus === off.gpus) return text;
  const perGpu = on.outputTokensPerSecond / on.gpus / (off.outputTokensPerSecond / off.gpus);
  return `${text} (×${perGpu.toFixed(2)} per GPU)`;
}

/** Props of the levers panel. */
export interface LeversPanelProps {
  levers: readonly LeverRow[];
  idBase: string;
}

/** What each lever buys, off against on, for the settings' server and workload. */
export const LeversPanel = memo(function LeversPanel({ levers, idBase }: LeversPanelProps) {
  return (
    <section className="ui-panel sv-panel" aria-labelledby={`${idBase}-levers-h`} data-levers>
      <h4 id={`${idBase}-levers-h`}>
        What each lever buys <span className="tag-modeled">modeled</span>
      </h4>
      <p className="sv-hint">
        Each row is the server above with one thing changed, for the same requests: without the
        lever, then with it. A lever the settings already pull is set against the 16-bit default.
      </p>
      <ScrollRegion className="table-scroll" label="What each lever buys">
        <table className="ui-data-table sv-table" data-levers-table>
          <ColumnHeads names={['Lever', 'Change', 'Output tokens/s', 'Gain', 'TTFT', 'TPOT']} />
          <tbody>
            {levers.map((row) => (
              <tr key={row.id} data-lever={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.change}</td>
                <td data-throughput>
                  {change(row.off, row.on, (o) => o.outputTokensPerSecond, formatCount)}
                </td>
                <td data-gain>{gain(row)}</td>
                <td>{change(row.off, row.on, (o) => o.ttftSeconds, formatSeconds)}</td>
                <td>{change(row.off, row.on, (o) => o.tpotSeconds, formatSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
});
