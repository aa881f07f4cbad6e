import { useId } from 'react';
import { WARP_LANES } from '../../compute/divergence-reference';
import { BANK_STRIDE_LIMITS, bankAccess, bankResultText, paddedStride } from './banks';
import { LaneRow } from './LaneRow';
import { CheckSetting } from '../../ui/field';
import { warpSchema } from './settings';
import { WarpPanel } from './WarpPanel';

/** Props of the banks panel. */
export interface BanksPanelProps {
  stride: number;
  pad: boolean;
  onChange(patch: { bankStride?: number; pad?: boolean }): void;
}

/** All 32 lanes on. */
const ALL_LANES = Array.from({ length: WARP_LANES }, () => true);

/**
 * Shared memory's 32 banks: the bank each lane's word falls in, the words each bank must serve,
 * and the conflict degree, with and without one word of padding per row.
 */
export function BanksPanel({ stride, pad, onChange }: BanksPanelProps) {
  const id = useId();
  const effective = pad ? paddedStride(stride) : stride;
  const access = bankAccess(effective);
  return (
    <WarpPanel panel="banks" title="Shared memory: 32 banks of 4 bytes">
      <div className="warp-field">
        <label htmlFor={`${id}-stride`}>Row length (words): lane i reads word i × this</label>
        <input
          id={`${id}-stride`}
          type="range"
          min={BANK_STRIDE_LIMITS.min}
          max={BANK_STRIDE_LIMITS.max}
          value={stride}
          onChange={(e) => onChange({ bankStride: Number(e.target.value) })}
        />
        <output htmlFor={`${id}-stride`}>{stride}</output>
      </div>
      <CheckSetting
        labelClassName="warp-check"
        field={warpSchema.fields.pad}
        value={pad}
        onValue={(padded) => onChange({ pad: padded })}
        after={` (row stride ${paddedStride(stride)})`}
      />
      <LaneRow mask={ALL_LANES} label="Bank of each lane's word" marks={access.bankOfLane} />
      <p
        className="warp-result"
        data-conflict={access.conflictDegree}
        data-effective-stride={effective}
      >
        {bankResultText(access)}
      </p>
    </WarpPanel>
  );
}
