/**
 * The warp view's measurements: the strided read at one stride and the divergent branch under
 * one rule, each measured like every job (measure.ts: timed by the harness, read back, checked
 * against its CPU reference). Sizes shrink on a software adapter, where the "GPU" is CPU cores.
 */
import type { GpuContext } from './device';
import { createDivergenceJob } from './kernels/divergence/job';
import { divergenceKernel } from './kernels/divergence';
import { DIVERGENCE_TRIPS } from './kernels/divergence/divergence';
import { createStridedReadJob } from './kernels/strided-read/job';
import { stridedReadKernel } from './kernels/strided-read';
import { measureJob, type MeasuredJob, type MeasureJobOptions } from './measure';
import type { BranchKind } from '../compute/divergence-reference';

/** Quick timing for the warp view: a few batches per point. */
export const WARP_MEASURE_OPTIONS = {
  samples: 5,
  minSamples: 3,
  budgetSeconds: 0.5,
} as const;

/** Reads per strided launch on a hardware GPU and on a software adapter. */
export const STRIDED_READ_COUNTS = { hardware: 1 << 19, software: 1 << 15 } as const;

/** Invocations per divergence launch on a hardware GPU and on a software adapter. */
export const DIVERGENCE_COUNTS = { hardware: 1 << 20, software: 1 << 14 } as const;

/** A measured strided read, with the reads it made. */
export interface StridedReadMeasurement extends MeasuredJob {
  stride: number;
  /** Reads per launch. */
  count: number;
}

/** A measured divergent branch, with its rule and size. */
export interface DivergenceMeasurement extends MeasuredJob {
  kind: BranchKind;
  count: number;
  trips: number;
}

/** Options of the warp view's measurements (the size of each launch comes from the adapter). */
export type WarpMeasureOptions = Omit<MeasureJobOptions, 'vec4sPerInvocation'>;

/** Measures `count` (by default, the adapter's size) reads `stride` words apart. */
export async function measureStridedRead(
  gpu: GpuContext,
  stride: number,
  options: WarpMeasureOptions & { count?: number } = {},
): Promise<StridedReadMeasurement> {
  const { count: asked, ...rest } = options;
  const count =
    asked ?? (gpu.adapter.isFallback ? STRIDED_READ_COUNTS.software : STRIDED_READ_COUNTS.hardware);
  const run = await measureJob(
    gpu,
    (context) => createStridedReadJob(context, stridedReadKernel, count, stride),
    { measure: WARP_MEASURE_OPTIONS, ...rest },
  );
  return { ...run, stride, count };
}

/** Measures the divergent branch under rule `kind` at the adapter's size (or `count`). */
export async function measureDivergence(
  gpu: GpuContext,
  kind: BranchKind,
  options: WarpMeasureOptions & { count?: number; trips?: number } = {},
): Promise<DivergenceMeasurement> {
  const { count: asked, trips: askedTrips, ...rest } = options;
  const software = gpu.adapter.isFallback;
  const count = asked ?? (software ? DIVERGENCE_COUNTS.software : DIVERGENCE_COUNTS.hardware);
  const trips = askedTrips ?? (software ? DIVERGENCE_TRIPS.software : DIVERGENCE_TRIPS.hardware);
  const run = await measureJob(
    gpu,
    (context) => createDivergenceJob(context, divergenceKernel, count, kind, trips),
    { measure: WARP_MEASURE_OPTIONS, ...rest },
  );
  return { ...run, kind, count, trips };
}
