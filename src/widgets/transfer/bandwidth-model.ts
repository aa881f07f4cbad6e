/** The modeled host-device bandwidth curves drawn beside the learner's measurement. */
import { predictTransfer } from '../../engine/models';
import { isLinkId, MY_MACHINE_LINK_ID, type LinkId } from '../../engine/catalog';

/** Links drawn as modeled curves. */
export const MODELED_LINKS: readonly LinkId[] = ['pcie3', 'pcie4', 'pcie5'];

/** Links copies may cross: the PCIe generations, and the learner's measured link once entered. */
export function choosableLinks(): LinkId[] {
  return isLinkId(MY_MACHINE_LINK_ID) ? [...MODELED_LINKS, MY_MACHINE_LINK_ID] : [...MODELED_LINKS];
}

/** One point of a curve. */
export interface CurvePoint {
  bytes: number;
  bytesPerSecond: number;
}

/** Sizes from `minBytes` to `maxBytes`, `perDecade` per factor of ten, on a log scale. */
export function logSizes(minBytes: number, maxBytes: number, perDecade = 6): number[] {
  const out: number[] = [];
  const steps = Math.max(1, Math.round(Math.log10(maxBytes / minBytes) * perDecade));
  for (let i = 0; i <= steps; i++)
    out.push(Math.round(minBytes * (maxBytes / minBytes) ** (i / steps)));
  return out;
}

/** Effective rate (latency included) of a pinned host-to-device copy over `link`, per size. */
export function modeledCurve(link: LinkId, sizes: readonly number[], pinned = true): CurvePoint[] {
  return sizes.map((bytes) => ({
    bytes,
    bytesPerSecond: predictTransfer({ link, bytes, direction: 'h2d', pinned }).bytesPerSecond,
  }));
}
