import { formatSeconds, NO_VALUE } from '../../format/units';
import { CLOCK_IDS, clockSeconds, type RunTimings } from './model';
import { CLOCK_TEXT } from './clock-text';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** A time, or the dash. */
function seconds(value: number | null): string {
  return value === null ? NO_VALUE : formatSeconds(value);
}

/** Every run in order, the first one with its set-up: the first-versus-warm picture. */
export function RunTable({ runs, pending }: { runs: readonly RunTimings[]; pending: boolean }) {
  return (
    <ScrollRegion className="at-scroll" label="Every run">
      <table className="at-table at-runs" data-run-table>
        <caption>
          Every run in order{pending ? ' (still running; checked against the CPU at the end)' : ''}.
          Run 1 pays for the set-up; the rest are warm.
        </caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Set-up before submit</th>
            {CLOCK_IDS.map((clock) => (
              <th scope="col" key={clock}>
                {CLOCK_TEXT[clock].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr
              key={run.index}
              data-run={run.index === 0 ? 'first' : 'warm'}
              data-index={run.index}
            >
              <th scope="row">{run.index === 0 ? '1 (first)' : `${run.index + 1} (warm)`}</th>
              <td>{seconds(run.setupSeconds)}</td>
              {CLOCK_IDS.map((clock) => (
                <td key={clock} data-seconds={clockSeconds(run, clock) ?? undefined}>
                  {seconds(clockSeconds(run, clock))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
