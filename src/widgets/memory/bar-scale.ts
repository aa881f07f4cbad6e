/**
 * The memory bar's axis: how far it reaches (past both the step's peak and the GPU's memory, so
 * the capacity line and any overflow show) and tick values on whole binary units. Pure.
 */
import * as d3 from 'd3';

const MIB = 2 ** 20;
const GIB = 2 ** 30;

/** Room left past the larger of the peak and the capacity, as a share. */
export const BAR_MARGIN_SHARE = 0.04;

/** The bytes at the right end of the bar. */
export function barDomainBytes(totalBytes: number, capacityBytes: number): number {
  return Math.max(totalBytes, capacityBytes, 1) * (1 + BAR_MARGIN_SHARE);
}

/** About `count` round tick values from 0 to `domainBytes`, in GiB (MiB below 1 GiB). */
export function barTicksBytes(domainBytes: number, count: number): number[] {
  const unit = domainBytes >= GIB ? GIB : MIB;
  return d3.ticks(0, domainBytes / unit, count).map((value) => value * unit);
}
