import { useId } from 'react';
import { formatViewPercent } from './percent';
import {
  BRANCH_CONDITIONS,
  BRANCH_KINDS,
  type BranchKind,
} from '../../compute/divergence-reference';
import { formatRatio, formatSeconds } from '../../format/units';
import { branchCost, branchMasks } from './branch';
import { LaneRow } from './LaneRow';
import { branchRows, type BranchReading } from './measured';
import { WarpPanel, WarpTable } from './WarpPanel';

/** The words of each rule. */
export const BRANCH_LABELS: Readonly<Record<BranchKind, string>> = {
  uniform: 'Uniform: whole warps agree',
  even: 'Even lanes',
  half: 'Lower half of the warp',
  data: 'Data-dependent',
};

/** Props of the divergence panel. */
export interface DivergencePanelProps {
  kind: BranchKind;
  onKind(kind: BranchKind): void;
  readings: readonly BranchReading[];
}

/** The branch rule, both paths' masks, the SIMT efficiency, and the measured table. */
export function DivergencePanel({ kind, onKind, readings }: DivergencePanelProps) {
  const id = useId();
  const masks = branchMasks(kind);
  const cost = branchCost(masks);
  const rows = branchRows(readings);
  return (
    <WarpPanel panel="divergence" title="Divergence: a branch inside a warp">
      <fieldset className="warp-choices">
        <legend>Branch condition</legend>
        {BRANCH_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={k === kind}
              onChange={() => onKind(k)}
            />{' '}
            {BRANCH_LABELS[k]} <code>{BRANCH_CONDITIONS[k]}</code>
          </label>
        ))}
      </fieldset>
      <LaneRow mask={masks.ifMask} label="If-path" />
      <LaneRow mask={masks.elseMask} label="Else-path" />
      <p className="warp-result" data-simt={cost.simtEfficiency} data-if-lanes={cost.ifLanes}>
        {cost.ifLanes} lanes take the if-path (2 lines), {cost.elseLanes} the else-path (1 line).{' '}
        {cost.diverges
          ? 'The warp runs both paths, one after the other, with the other lanes masked off.'
          : 'Every lane agrees, so the warp runs one path only.'}{' '}
        SIMT efficiency of the branch: {cost.activeLaneSlots} of {cost.issuedLaneSlots} lane slots
        do work, <strong>{formatViewPercent(cost.simtEfficiency)}</strong>.
      </p>
      {rows.length > 0 ? (
        <WarpTable
          caption={
            <>
              Divergent branch, half the invocations on each path:{' '}
              <span className="tag-measured">measured</span> on this device
            </>
          }
          heads={['Branch', 'Time per launch', 'vs uniform']}
          data={{ 'data-measured-branches': rows.length }}
        >
          {rows.map((r) => (
            <tr key={r.kind} data-branch-row={r.kind}>
              <th scope="row">{BRANCH_LABELS[r.kind]}</th>
              <td>{formatSeconds(r.seconds)}</td>
              <td>{formatRatio(r.relativeToUniform)}</td>
            </tr>
          ))}
        </WarpTable>
      ) : null}
    </WarpPanel>
  );
}
