/** The warp view's words for lane masks: a hex mask and a short list of the active lanes. Pure. */
import type { LaneMask } from './branch';

/** The mask as 32 bits, lane 0 the lowest: "0x55555555". */
export function maskHex(mask: LaneMask): string {
  let bits = 0;
  mask.forEach((on, lane) => {
    if (on) bits |= 1 << lane;
  });
  return `0x${(bits >>> 0).toString(16).padStart(8, '0')}`;
}

/** "16 of 32 lanes active (0x55555555)". */
export function maskSummary(mask: LaneMask): string {
  const active = mask.filter(Boolean).length;
  return `${active} of ${mask.length} lanes active (${maskHex(mask)})`;
}
