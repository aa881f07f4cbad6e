import type { LaneId, LaneView } from './race-types';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { formatRatio, formatSeconds } from '../../format/units';

/** The end-of-race table (times and speedups against your CPU) and the written reading. */
export function RaceSummary({
  lanes,
  reading,
}: {
  lanes: Record<LaneId, LaneView>;
  reading: string[];
}) {
  const base = lanes['cpu-measured'].seconds;
  const rows = Object.values(lanes).filter((l) => l.state === 'done' && l.seconds !== null);
  return (
    <section className="race-summary" data-race-summary>
      <h4>Result</h4>
      {rows.length > 0 && (
        <table>
          <caption className="visually-hidden">
            Time of each lane and speedup against your CPU
          </caption>
          <ColumnHeads names={['Lane', 'Source', 'Time', 'Speedup vs your CPU']} />
          <tbody>
            {rows.map((l) => (
              <tr key={l.id} data-summary-lane={l.id}>
                <th scope="row">{l.title}</th>
                <td>
                  <span className={l.source === 'measured' ? 'tag-measured' : 'tag-modeled'}>
                    {l.source}
                  </span>
                </td>
                <td className="num">{formatSeconds(l.seconds ?? NaN)}</td>
                <td className="num">
                  {base !== null && l.seconds ? formatRatio(base / l.seconds) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {reading.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}
