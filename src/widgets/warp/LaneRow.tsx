import type { LaneMask } from './branch';
import { maskSummary } from './lane-text';

/** Props of a row of lanes. */
export interface LaneRowProps {
  mask: LaneMask;
  /** What the row is ("if-path"), read before the mask's summary. */
  label: string;
  /** Marks each cell carries below its lane number (the bank of each lane, say). */
  marks?: readonly (string | number)[];
}

/** 32 lanes in a row, active ones filled; screen readers hear the summary and the hex mask. */
export function LaneRow({ mask, label, marks }: LaneRowProps) {
  return (
    <div className="warp-lanes" role="img" aria-label={`${label}: ${maskSummary(mask)}`}>
      {mask.map((on, lane) => (
        <span key={lane} className="warp-lane" data-on={on} aria-hidden="true">
          <span className="warp-lane-id">{lane}</span>
          {marks ? <span className="warp-lane-mark">{marks[lane]}</span> : null}
        </span>
      ))}
    </div>
  );
}
