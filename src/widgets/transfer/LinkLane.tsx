import { getLink, type LinkId } from '../../engine/catalog';
import { linkBytesPerSecond } from '../../engine/models';
import { formatBytesDecimal, formatSeconds } from '../../format/units';
import type { Flight } from './flights';

/** Props of the link lane. */
export interface LinkLaneProps {
  link: LinkId;
  pinned: boolean;
  flights: readonly Flight[];
}

/** The host-device link between the two sides: its modeled rates, and copies crossing it. */
export function LinkLane({ link, pinned, flights }: LinkLaneProps) {
  const spec = getLink(link);
  const rate = linkBytesPerSecond(spec, 'h2d', pinned);
  return (
    <section className="link-lane" aria-label="Host-device link">
      <h4>{spec.name}</h4>
      <p className="link-rate">
        <span className="tag-modeled">modeled</span> {(rate / 1e9).toFixed(1)} GB/s host → GPU,{' '}
        {pinned ? 'pinned' : 'pageable'}; peak {(spec.bytesPerSecond.value / 1e9).toFixed(1)} GB/s
      </p>
      <div className="link-track" aria-hidden="true">
        {flights.map((f) => (
          <span
            key={f.id}
            className={`flight flight-${f.direction}`}
            style={{ animationDuration: `${f.ms}ms` }}
          >
            {f.name}
          </span>
        ))}
      </div>
      {flights.map((f) => (
        <p key={f.id} className="flight-note">
          {f.name}: {formatBytesDecimal(f.bytes)} in {formatSeconds(f.seconds)} modeled, shown{' '}
          {f.capped ? 'capped at 4 s' : '1,000× slower'}
          {f.asynchronous ? ' (asynchronous)' : ''}
        </p>
      ))}
    </section>
  );
}
