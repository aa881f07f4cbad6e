/**
 * Latency hiding, from the catalog's figures and Little's law: to keep device memory busy, the
 * bytes in flight must equal the bandwidth times the latency of one load. Spread over the SMs,
 * that is so many warps' loads per SM at once; with fewer resident warps the memory system idles
 * while they wait, and once enough are resident more occupancy buys nothing. Pure.
 */
import { getGpu, memoryLatencySeconds, type Figure } from '../../engine/catalog';
import { achievableMemoryBytesPerSecond } from '../../engine/models';
import { WARP_LANES } from '../../compute/divergence-reference';

/** Bytes each lane loads at once: a 4-byte word, or a 16-byte vec4. */
export const LANE_LOAD_BYTES = ['4', '16'] as const;
/** One lane load width, as the settings spell it. */
export type LaneLoadBytes = (typeof LANE_LOAD_BYTES)[number];

/** Resident warps per SM the table lists (those past the GPU's maximum are dropped). */
export const WARP_COUNTS = [1, 2, 4, 8, 12, 16, 24, 32, 48, 64] as const;

/** One row: a number of resident warps and the share of bandwidth their loads can sustain. */
export interface LatencyRow {
  warpsPerSm: number;
  /** Bytes those warps keep in flight on one SM. */
  bytesInFlightPerSm: number;
  /** min(1, in flight / needed), 0..1. */
  bandwidthFraction: number;
}

/** The latency-hiding arithmetic for one GPU and one load width. */
export interface LatencyHiding {
  gpuName: string;
  latency: Figure;
  /** The engine's achievable memory bandwidth of the GPU. */
  bytesPerSecond: number;
  /** Little's law over the whole GPU: bandwidth × latency. */
  bytesInFlightNeeded: number;
  sms: number;
  /** The same, per SM. */
  bytesInFlightPerSmNeeded: number;
  /** Bytes one warp has in flight: 32 lanes × the load width (one load per warp at a time). */
  bytesPerWarpLoad: number;
  /** Warps per SM whose loads cover the need (fractional). */
  warpsPerSmNeeded: number;
  /** maxThreadsPerSm / 32. */
  maxWarpsPerSm: number;
  /** Whether a full SM hides the latency. */
  fullOccupancyHides: boolean;
  rows: LatencyRow[];
}

/** Little's law for `gpuId` with each lane loading `laneBytes` at a time. */
export function latencyHiding(gpuId: string, laneBytes: number): LatencyHiding {
  const gpu = getGpu(gpuId);
  const latency = memoryLatencySeconds(gpu);
  const bytesPerSecond = achievableMemoryBytesPerSecond(gpu);
  const bytesInFlightNeeded = bytesPerSecond * latency.value;
  const sms = gpu.sms.value;
  const bytesInFlightPerSmNeeded = bytesInFlightNeeded / sms;
  const bytesPerWarpLoad = WARP_LANES * laneBytes;
  const maxWarpsPerSm = Math.floor(gpu.maxThreadsPerSm.value / WARP_LANES);
  const counts = [...WARP_COUNTS.filter((w) => w < maxWarpsPerSm), maxWarpsPerSm];
  const rows = counts.map((warpsPerSm): LatencyRow => {
    const bytesInFlightPerSm = warpsPerSm * bytesPerWarpLoad;
    return {
      warpsPerSm,
      bytesInFlightPerSm,
      bandwidthFraction: Math.min(1, bytesInFlightPerSm / bytesInFlightPerSmNeeded),
    };
  });
  const warpsPerSmNeeded = bytesInFlightPerSmNeeded / bytesPerWarpLoad;
  return {
    gpuName: gpu.name,
    latency,
    bytesPerSecond,
    bytesInFlightNeeded,
    sms,
    bytesInFlightPerSmNeeded,
    bytesPerWarpLoad,
    warpsPerSmNeeded,
    maxWarpsPerSm,
    fullOccupancyHides: warpsPerSmNeeded <= maxWarpsPerSm,
    rows,
  };
}
