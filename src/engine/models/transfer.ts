/**
 * Host-device copies: a fixed latency plus bytes over the link's achievable bandwidth. Pinned
 * host memory is copied by DMA straight over the link. Pageable memory first goes through a
 * pinned staging buffer on the host, one chunk after another, so it is slower, and the call
 * blocks the host, so it never overlaps other work.
 */
import { getGpu, getLink } from '../catalog/hardware';
import {
  PAGEABLE_STAGING_BYTES_PER_SECOND,
  TRANSFER_DIRECTIONS,
  type LinkId,
  type LinkSpec,
  type TransferDirection,
} from '../catalog/links';
import { finiteResult, requireBoolean, requireNonNegativeInteger, requireOneOf } from './validate';

/** A host-device copy to predict; name a GPU (its host link is used) or a link, or both. */
export interface TransferInput {
  gpu?: string;
  link?: string;
  bytes: number;
  direction: TransferDirection;
  pinned: boolean;
}

/** A copy's predicted time and rates. */
export interface TransferPrediction {
  seconds: number;
  /** Effective rate including the fixed latency: bytes / seconds (0 for an empty copy). */
  bytesPerSecond: number;
  /** Rate once the copy is streaming, without the fixed latency. */
  streamingBytesPerSecond: number;
  latencySeconds: number;
  link: LinkId;
  direction: TransferDirection;
  pinned: boolean;
  /** Whether the copy can run alongside kernels: only pinned copies can. */
  canOverlap: boolean;
}

/** The link a transfer crosses: the GPU's host link, the named link, or an error if they differ. */
export function resolveLink(gpuId: string | undefined, linkId: string | undefined): LinkSpec {
  if (gpuId === undefined && linkId === undefined) {
    throw new RangeError('a transfer needs a gpu or a link (pcie3, pcie4, pcie5, unified)');
  }
  const fromGpu = gpuId === undefined ? undefined : getLink(getGpu(gpuId).hostLink);
  const named = linkId === undefined ? undefined : getLink(linkId);
  if (fromGpu !== undefined && named !== undefined && fromGpu.id !== named.id) {
    throw new RangeError(
      `link "${named.id}" does not match gpu "${String(gpuId)}", which sits on ${fromGpu.id}`,
    );
  }
  return (fromGpu ?? named) as LinkSpec;
}

/** Streaming bytes per second over `link`, pinned or through the pageable staging buffer. */
export function linkBytesPerSecond(
  link: LinkSpec,
  direction: TransferDirection,
  pinned: boolean,
): number {
  requireOneOf('direction', direction, TRANSFER_DIRECTIONS);
  requireBoolean('pinned', pinned);
  const pinnedRate = link.bytesPerSecond.value * link.achievable[direction].value;
  // Unified memory has no staging copy: there is no bus, pinned or not.
  if (pinned || link.id === 'unified') return pinnedRate;
  const staging = link.pageableStagingBytesPerSecond ?? PAGEABLE_STAGING_BYTES_PER_SECOND;
  return 1 / (1 / pinnedRate + 1 / staging.value);
}

/** Predicts a host-device copy. */
export function predictTransfer(input: TransferInput): TransferPrediction {
  const { gpu, link: linkId, bytes, direction, pinned } = input;
  requireNonNegativeInteger('bytes', bytes);
  requireOneOf('direction', direction, TRANSFER_DIRECTIONS);
  requireBoolean('pinned', pinned);
  const link = resolveLink(gpu, linkId);
  if (gpu !== undefined) {
    const capacity = getGpu(gpu).memoryBytes.value;
    if (bytes > capacity) {
      throw new RangeError(`bytes ${bytes} is more than gpu "${gpu}" holds (${capacity})`);
    }
  }
  const streamingBytesPerSecond = linkBytesPerSecond(link, direction, pinned);
  const latencySeconds = link.latencySeconds.value;
  const seconds = finiteResult(
    'transfer seconds',
    latencySeconds + bytes / streamingBytesPerSecond,
  );
  return {
    seconds,
    bytesPerSecond: bytes / seconds,
    streamingBytesPerSecond,
    latencySeconds,
    link: link.id,
    direction,
    pinned,
    canOverlap: pinned,
  };
}
