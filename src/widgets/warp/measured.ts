/**
 * The warp view's measured results as rows: the strided read's useful bandwidth at each stride
 * (the bytes the lanes asked for over the time per launch) beside stride 1's, and the divergent
 * branch's time under each rule beside the uniform branch's. The modeled column puts the sector
 * arithmetic on a catalog GPU: its achievable bandwidth times the share of fetched bytes used.
 * Pure.
 */
import type { BranchKind } from '../../compute/divergence-reference';
import { getGpu } from '../../engine/catalog';
import { achievableMemoryBytesPerSecond } from '../../engine/models';
import { WORD_BYTES, warpLoad } from './coalescing';

/** Strides the measurement runs, in words. */
export const MEASURED_STRIDES = [1, 2, 4, 8, 16, 32] as const;

/** One verified strided-read launch as measured. */
export interface StrideReading {
  stride: number;
  /** Reads per launch. */
  count: number;
  /** Median seconds per launch. */
  seconds: number;
}

/** One verified divergence launch as measured. */
export interface BranchReading {
  kind: BranchKind;
  seconds: number;
}

/** A row of the coalescing table. */
export interface StrideRow extends StrideReading {
  /** Bytes the lanes asked for over the time: count × 4 / seconds. */
  usefulBytesPerSecond: number;
  /** usefulBytesPerSecond over stride 1's (1 for stride 1). */
  relativeToStride1: number;
  /** The model: the catalog GPU's achievable bandwidth × the share used at this stride. */
  modeledUsefulBytesPerSecond: number;
}

/** A row of the divergence table. */
export interface BranchRow extends BranchReading {
  /** seconds over the uniform branch's (1 for uniform). */
  relativeToUniform: number;
}

/** The coalescing table's rows, modeled on `gpuId`. */
export function strideRows(readings: readonly StrideReading[], gpuId: string): StrideRow[] {
  const peak = achievableMemoryBytesPerSecond(getGpu(gpuId));
  const useful = (r: StrideReading): number => (r.count * WORD_BYTES) / r.seconds;
  const first = readings.find((r) => r.stride === 1);
  return readings.map((r) => ({
    ...r,
    usefulBytesPerSecond: useful(r),
    relativeToStride1: first ? useful(r) / useful(first) : Number.NaN,
    modeledUsefulBytesPerSecond: peak * warpLoad(r.stride).usedShare,
  }));
}

/** The divergence table's rows. */
export function branchRows(readings: readonly BranchReading[]): BranchRow[] {
  const uniform = readings.find((r) => r.kind === 'uniform');
  return readings.map((r) => ({
    ...r,
    relativeToUniform: uniform ? r.seconds / uniform.seconds : Number.NaN,
  }));
}
