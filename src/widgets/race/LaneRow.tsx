import type { LaneView } from './race-types';
import { formatSeconds } from '../../format/units';

const STATE_TEXT: Record<LaneView['state'], string> = {
  waiting: 'Waiting',
  running: 'Running',
  done: 'Finished',
  skipped: 'Did not run',
  error: 'Failed',
};

/** One lane of the race: label, progress bar, elapsed time, and a strip of unit activity. */
export function LaneRow({ lane }: { lane: LaneView }) {
  const pct = Math.round(lane.progress * 100);
  const shownUnits = lane.units.length;
  return (
    <li
      className={`race-lane lane-${lane.source} lane-state-${lane.state}`}
      data-lane={lane.id}
      data-lane-state={lane.state}
    >
      <div className="lane-head">
        <span className={lane.source === 'measured' ? 'tag-measured' : 'tag-modeled'}>
          {lane.source}
        </span>{' '}
        <strong>{lane.title}</strong>
        <span className="lane-hardware">{lane.hardware}</span>
      </div>
      <div className="lane-bar-row">
        <progress
          className="lane-bar"
          max={100}
          value={pct}
          aria-label={`${lane.title} progress`}
          aria-valuetext={`${pct} %`}
        />
        <span className="lane-time" data-seconds={lane.seconds ?? ''}>
          {lane.seconds === null ? STATE_TEXT[lane.state] : formatSeconds(lane.seconds)}
        </span>
      </div>
      {shownUnits > 0 && (
        <div
          className="lane-units"
          role="img"
          aria-label={`${lane.units.filter((u) => u > 0).length} of ${shownUnits} ${lane.unitName}s busy`}
          style={{ gridTemplateColumns: `repeat(${Math.min(shownUnits, 36)}, 1fr)` }}
        >
          {lane.units.map((u, i) => (
            <span
              key={i}
              className="unit"
              style={{ opacity: 0.15 + 0.85 * Math.min(1, Math.max(0, u)) }}
            />
          ))}
        </div>
      )}
      {lane.note && <p className="lane-note">{lane.note}</p>}
      {lane.verified !== null && (
        <p
          className={`lane-verify ${lane.verified ? 'ok' : 'bad'}`}
          data-verified={String(lane.verified)}
        >
          {lane.verified
            ? '✓ Results match the CPU reference'
            : '✗ Results differ from the CPU reference'}
        </p>
      )}
    </li>
  );
}
