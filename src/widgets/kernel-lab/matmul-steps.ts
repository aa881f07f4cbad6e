/**
 * The matmul steps table: naive → tiled → register-blocked → tuned as measured on the learner's
 * device, each with its FLOP/s, its share of the measured FMA roof, and what the step bought
 * over the one before when both ran at the same shape; plus the memory-bound kernels' shares of
 * the copy kernel's bandwidth. Which kernels are steps, and in what order, is the runtime's list
 * of lab kernels (each record's `step`). Pure: built from the lab's results and roofs.
 */
import { describeSize, LAB_KERNEL_IDS, LAB_KERNELS, type LabKernelId } from '../../gpu';
import { sameSize } from './draft';
import type { MeasuredKernel } from './compare';
import type { MeasuredRoofs } from './lab-results';

/** The lab kernels that are steps of `step`, in the list's order. */
function stepsOf(step: 'matmul' | 'memory'): readonly LabKernelId[] {
  return LAB_KERNEL_IDS.filter((id) => LAB_KERNELS[id].step === step);
}

/** The matmul kernels in the order of the lesson's steps (naive, tiled, blocked, tuned). */
export const MATMUL_STEPS = stepsOf('matmul');

/** The memory-bound kernels set against the copy kernel's bandwidth. */
export const STREAM_STEPS = stepsOf('memory');

/** One row of the table. */
export interface StepRow {
  kernel: LabKernelId;
  size: string;
  /** The tuned kernel's tile ("128x128x16-8x8"), read from its descriptor's name; else null. */
  tile: string | null;
  /** GFLOP/s for matmuls, GB/s for the streaming kernels. */
  rate: number;
  unit: 'GFLOP/s' | 'GB/s';
  /** Its share of the measured roof (FMA or copy kernel), or null before the roofs. */
  ofRoof: number | null;
  /** Its rate over the previous matmul step's at the same shape, or null (first, or shapes differ). */
  overPrevious: number | null;
  verified: boolean;
}

/** The tile id in a tuned plan's descriptor name, or null. */
export function tileOfDescriptorName(name: string): string | null {
  return /\b(\d+x\d+x\d+-\d+x\d+)\b/.exec(name)?.[1] ?? null;
}

/** The rows for the results the lab holds; empty when no matmul or streaming kernel ran. */
export function stepRows(
  results: readonly MeasuredKernel[],
  roofs: MeasuredRoofs | null,
): StepRow[] {
  const byKernel = new Map(results.map((r) => [r.kernel, r]));
  const rows: StepRow[] = [];
  let previous: MeasuredKernel | null = null;
  for (const kernel of MATMUL_STEPS) {
    const r = byKernel.get(kernel);
    if (!r) {
      previous = null;
      continue;
    }
    rows.push({
      kernel,
      size: describeSize(kernel, r.size),
      tile: kernel === 'matmul-tuned' ? tileOfDescriptorName(r.descriptor.name) : null,
      rate: r.flopsPerSecond / 1e9,
      unit: 'GFLOP/s',
      ofRoof: roofs ? r.flopsPerSecond / roofs.flopsPerSecond : null,
      overPrevious:
        previous && sameSize(previous.size, r.size) && previous.flopsPerSecond > 0
          ? r.flopsPerSecond / previous.flopsPerSecond
          : null,
      verified: r.verified,
    });
    previous = r;
  }
  for (const kernel of STREAM_STEPS) {
    const r = byKernel.get(kernel);
    if (!r) continue;
    rows.push({
      kernel,
      size: describeSize(kernel, r.size),
      tile: null,
      rate: r.bytesPerSecond / 1e9,
      unit: 'GB/s',
      ofRoof: roofs ? r.bytesPerSecond / roofs.memoryBytesPerSecond : null,
      overPrevious: null,
      verified: r.verified,
    });
  }
  return rows;
}
