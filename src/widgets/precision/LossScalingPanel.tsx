import { useId, useMemo } from 'react';
import { formatPercent } from '../../format/units';
import { formatOf } from './formats';
import { CLASS_LABELS, GradientHistogram } from './GradientHistogram';
import {
  classBounds,
  classShares,
  GRADIENT_CLASSES,
  histogram,
  sampleGradients,
  type ClassShares,
  type GradientClass,
} from './loss-scaling';
import { ScalerLoop } from './ScalerLoop';
import type { ScalerController } from './scaler-controller';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/data-table.css';
import './precision.css';
import './loss-scaling.css';

/** Props of the loss-scaling part. */
export interface LossScalingPanelProps {
  scaleLog2: number;
  onScaleLog2(k: number): void;
  growthInterval: number;
  onGrowthInterval(interval: number): void;
  scaler: ScalerController;
}

const FP16 = classBounds(formatOf('fp16'));

/** Column headers of the shares table (the legend has the longer words). */
const SHORT_LABELS: Record<GradientClass, string> = {
  zero: 'flushed to 0',
  subnormal: 'subnormal',
  normal: 'normal',
  overflow: 'overflow',
};
const BF16 = classBounds(formatOf('bf16'));

/** The shares as one sentence. */
function sentence(shares: ClassShares): string {
  return GRADIENT_CLASSES.map((c) => `${formatPercent(shares[c])} ${CLASS_LABELS[c]}`).join(', ');
}

/**
 * A seeded sample of small gradients stored in fp16, with and without loss scaling: how many
 * flush to zero, lose precision as subnormals, or overflow once scaled; then GradScaler's loop,
 * stepped by hand.
 */
export function LossScalingPanel(props: LossScalingPanelProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const gradients = useMemo(() => sampleGradients(), []);
  const scale = 2 ** props.scaleLog2;
  const bins = useMemo(() => histogram(gradients, scale, FP16), [gradients, scale]);
  const rows = useMemo(
    () => [
      { key: 'fp16-1', label: 'fp16, no scaling', shares: classShares(gradients, 1, FP16) },
      {
        key: 'fp16-s',
        label: `fp16, loss × 2^${props.scaleLog2}`,
        shares: classShares(gradients, scale, FP16),
      },
      { key: 'bf16-1', label: 'bf16, no scaling', shares: classShares(gradients, 1, BF16) },
    ],
    [gradients, scale, props.scaleLog2],
  );
  return (
    <div className="precision-scaling">
      <p>
        {gradients.length.toLocaleString('en-US')} gradient values from a seeded sample, spread from
        about 1e-10 to 1e-2 as real gradients often are, stored in fp16 after the loss is multiplied
        by a power of two. Backward multiplies every gradient by the same factor.
      </p>
      <div className="precision-slider">
        <label htmlFor={`${id}-scale`}>
          Loss scale: 2^{props.scaleLog2} = {scale.toLocaleString('en-US')}
        </label>
        <input
          id={`${id}-scale`}
          type="range"
          min={0}
          max={24}
          step={1}
          value={props.scaleLog2}
          aria-valuetext={`2 to the ${props.scaleLog2}, ${scale.toLocaleString('en-US')}`}
          onChange={(e) => props.onScaleLog2(Number(e.target.value))}
        />
      </div>
      <GradientHistogram
        bins={bins}
        bounds={FP16}
        scaleLog2={props.scaleLog2}
        summary={`With the loss × 2^${props.scaleLog2}: ${sentence(rows[1]!.shares)}.`}
        idPrefix={`${id}-histogram`}
      />
      <ScrollRegion className="precision-scroll" label="Shares of the gradients">
        <table className="ui-data-table precision-table precision-shares" data-shares>
          <caption>What storage does to the gradients</caption>
          <thead>
            <tr>
              <th scope="col">Stored as</th>
              {GRADIENT_CLASSES.map((c) => (
                <th key={c} scope="col">
                  {SHORT_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-shares-row={row.key}>
                <th scope="row">{row.label}</th>
                {GRADIENT_CLASSES.map((c) => (
                  <td key={c} data-share={c}>
                    {formatPercent(row.shares[c])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="precision-note">
        bf16 usually needs no scaler: it keeps fp32&apos;s 8 exponent bits, so its normal range
        reaches down to about 1.2e-38 and no gradient here comes near it. What bf16 gives up is
        precision (8 significant bits), not range. fp16 has 11 significant bits but only 5 exponent
        bits, which is why fp16 training scales the loss.
      </p>
      <ScalerLoop
        scaler={props.scaler}
        growthInterval={props.growthInterval}
        onGrowthInterval={props.onGrowthInterval}
      />
    </div>
  );
}
