import { useId } from 'react';
import type { LaneId, LaneView } from './race-types';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { formatRatio, formatSeconds } from '../../format/units';
import { phaseSeconds, totalSeconds } from './phases';

/** A lane's one-time start-up cell: its time and the lane's total with it, or a dash. */
function startupCell(lane: LaneView): string {
  if (!lane.phases.some((p) => p.kind === 'startup')) return '—';
  const startup = phaseSeconds(lane.phases, 'startup');
  return `${formatSeconds(startup)} (${formatSeconds(totalSeconds(lane.phases))} in all)`;
}

/**
 * The end-of-race table and the written reading. Times and speedups compare like with like:
 * each lane's timed work (a modeled time includes its fixed cost, as a measured one includes
 * its dispatches and messages); one-time start-up has its own column and is left out.
 */
export function RaceSummary({
  lanes,
  reading,
}: {
  lanes: Record<LaneId, LaneView>;
  reading: string[];
}) {
  const captionId = useId();
  const base = lanes['cpu-measured'].seconds;
  const rows = Object.values(lanes).filter((l) => l.state === 'done' && l.seconds !== null);
  return (
    <section className="race-summary" data-race-summary>
      <h4>Result</h4>
      {rows.length > 0 && (
        <ScrollRegion className="table-scroll" labelledBy={captionId}>
          <table className="race-summary-table">
            <caption id={captionId}>
              Timed work of each lane, and its speedup against your CPU's timed work. Start-up is
              shown apart and left out of the comparison.
            </caption>
            <ColumnHeads
              names={[
                'Lane',
                'Source',
                'Timed work',
                'Start-up (not compared)',
                'Speedup vs your CPU (work)',
              ]}
            />
            <tbody>
              {rows.map((l) => (
                <tr key={l.id} data-summary-lane={l.id}>
                  <th scope="row">{l.title}</th>
                  <td>
                    <span className={l.source === 'measured' ? 'tag-measured' : 'tag-modeled'}>
                      {l.source}
                    </span>
                  </td>
                  <td className="num" data-work-seconds={l.seconds ?? ''}>
                    {formatSeconds(l.seconds ?? NaN)}
                  </td>
                  <td className="num" data-startup>
                    {startupCell(l)}
                  </td>
                  <td className="num" data-speedup>
                    {base !== null && l.seconds ? formatRatio(base / l.seconds) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {reading.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}
