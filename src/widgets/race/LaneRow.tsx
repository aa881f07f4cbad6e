import type { LanePhase, LaneView } from './race-types';
import { formatSeconds } from '../../format/units';
import { phaseShares, totalSeconds } from './phases';

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
      {lane.state === 'done' && lane.phases.length > 0 && (
        <LanePhases phases={lane.phases} measured={lane.source === 'measured'} />
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

/**
 * The parts of a finished lane's time: a bar cut in proportion (drawn for the eye; the same
 * figures follow as text), then each part with its time and, for a measured lane, the total
 * with its start-up.
 */
function LanePhases({ phases, measured }: { phases: LanePhase[]; measured: boolean }) {
  const shares = phaseShares(phases);
  return (
    <div className="lane-phases" data-phases>
      <div className="phase-bar" aria-hidden="true">
        {phases.map((p, i) =>
          (shares[i] ?? 0) > 0 ? (
            <span
              key={p.kind}
              className={`phase phase-${p.kind}`}
              style={{ flexGrow: shares[i] }}
            />
          ) : null,
        )}
      </div>
      <p className="phase-text">
        {phases.map((p) => (
          <span
            key={p.kind}
            className={`phase-item phase-item-${p.kind}`}
            data-phase={p.kind}
            data-seconds={p.seconds}
          >
            <span className={`phase-swatch phase-${p.kind}`} aria-hidden="true" />
            {p.label}: {formatSeconds(p.seconds)}
          </span>
        ))}
        {measured && (
          <span className="phase-item phase-total" data-phase-total={totalSeconds(phases)}>
            in all: {formatSeconds(totalSeconds(phases))}
          </span>
        )}
      </p>
    </div>
  );
}
