/**
 * The kernel benchmark's pure helpers: lab runs and measured jobs as report samples, the fastest
 * of several runs, the register-blocked matmul's edge, and the catalog's tensor-core peak for an
 * adapter it recognises.
 */
import { describeSize, type LabRun } from '../gpu';
import { getGpu } from '../engine/catalog';
import type { RunSample } from './bench-report';

/** The run with the shortest median among runs of the same kernel and size. */
export function fastest(runs: LabRun[]): LabRun {
  return runs.reduce((best, r) =>
    r.measurement.medianSeconds < best.measurement.medianSeconds ? r : best,
  );
}

/** The largest edge the register-blocked matmul is run at: the 4096³. */
export const BLOCKED_MATMUL_MAX_EDGE = 4096;

/**
 * The edge the register-blocked matmul runs at: scaled from a run at `probeEdge` taking
 * `probeSeconds` (time grows with the cube of the edge) to about `targetSeconds`, rounded down
 * to a whole number of 128-wide blocks, never below `probeEdge` nor above `maxEdge`. An edge
 * within a quarter of `maxEdge` snaps to it: the targets are set at 4096³, and a GPU that gets
 * that close runs 4096³ in at most 2.4 times the time aimed at (an H200 probe that ran slow once
 * gave 3968³ instead, 2026-11-27).
 */
export function blockedMatmulEdge(
  probeEdge: number,
  probeSeconds: number,
  targetSeconds = 0.04,
  maxEdge = BLOCKED_MATMUL_MAX_EDGE,
): number {
  if (!(probeSeconds > 0) || !Number.isFinite(probeSeconds)) return probeEdge;
  const scaled = probeEdge * Math.cbrt(targetSeconds / probeSeconds);
  if (scaled >= 0.75 * maxEdge) return Math.max(probeEdge, maxEdge);
  const blocks = Math.floor(scaled / 128) * 128;
  return Math.max(probeEdge, blocks);
}

/** A lab kernel's run as a sample. */
export function sampleOf(result: LabRun): RunSample {
  const { descriptor } = result.plan;
  return {
    size: describeSize(result.kernel, result.size),
    medianSeconds: result.measurement.medianSeconds,
    bytes: descriptor.bytesRead + descriptor.bytesWritten,
    flops: descriptor.flops,
    verified: result.check.ok,
    timing: result.measurement.method,
  };
}

/** A measured run of a kernel the lab does not offer (the tensor-core matmul) as a sample. */
export function jobSample(
  size: string,
  run: Pick<LabRun, 'plan' | 'measurement' | 'check'>,
): RunSample {
  const { descriptor } = run.plan;
  return {
    size,
    medianSeconds: run.measurement.medianSeconds,
    bytes: descriptor.bytesRead + descriptor.bytesWritten,
    flops: descriptor.flops,
    verified: run.check.ok,
    timing: run.measurement.method,
  };
}

/** The catalog's dense fp16 tensor-core peak for an adapter it recognises, or null. */
export function tensorPeakFor(adapter: { device: string; description: string }): number | null {
  const name = `${adapter.device} ${adapter.description}`.toLowerCase();
  const id = /h200/.test(name)
    ? 'h200-sxm'
    : /h100.*pcie/.test(name)
      ? 'h100-pcie'
      : /h100/.test(name)
        ? 'h100-sxm'
        : null;
  if (!id) return null;
  return getGpu(id).peakFlopsPerSecond['tensor-core'].fp16?.value ?? null;
}
