/**
 * The copy kernel at several widths (vec4s per invocation) and sizes, on one device: what the
 * memory roof of a shader is on a hardware GPU, and whether the lab's width is the right one
 * there. Each run is verified like every lab run. Then the bench's memory kernels in its own
 * order, three rounds, with every timed batch logged: whether a kernel's rate depends on what ran
 * before it. Used by `node-bench --copy-sweep`.
 */
import { measureKernel, ROOF_KERNELS, type GpuContext, type LabKernelId } from '../gpu';
import { benchKernels } from './bench-sequence';
import type { MeasureOptions } from '../compute/timing/harness';

/** One timed copy. */
export interface CopySweepRow {
  vec4sPerInvocation: number;
  /** Elements asked for, and those run (the device's buffer limit may shrink them). */
  elementsAsked: number;
  elements: number;
  medianSeconds: number;
  /** Bytes read and written over the median time. */
  gbPerSecond: number;
  verified: boolean;
}

/** The widths and sizes the sweep times: 32 and 128 MiB (128 MiB is the default binding limit). */
export const COPY_SWEEP = {
  widths: [1, 2, 4, 8],
  elements: [1 << 23, 1 << 25],
} as const;

/** Times the copy kernel at every width and size, in that order; `log` gets one line per run. */
export async function sweepCopy(
  gpu: GpuContext,
  options: { log?: (line: string) => void; measure?: MeasureOptions } = {},
): Promise<CopySweepRow[]> {
  const rows: CopySweepRow[] = [];
  for (const elementsAsked of COPY_SWEEP.elements) {
    for (const vec4sPerInvocation of COPY_SWEEP.widths) {
      const run = await measureKernel(
        gpu,
        'copy',
        { elements: elementsAsked, vec4sPerInvocation },
        options.measure ? { measure: options.measure } : {},
      );
      const elements = run.size.elements;
      const row: CopySweepRow = {
        vec4sPerInvocation,
        elementsAsked,
        elements,
        medianSeconds: run.measurement.medianSeconds,
        gbPerSecond: run.bytesPerSecond / 1e9,
        verified: run.check.ok,
      };
      rows.push(row);
      options.log?.(
        `copy ${vec4sPerInvocation} vec4/invocation, ${(elements / 2 ** 18).toFixed(0)} MiB: ` +
          `${row.gbPerSecond.toFixed(0)} GB/s (${(row.medianSeconds * 1e6).toFixed(1)} µs)` +
          `${row.verified ? '' : ' NOT VERIFIED'}`,
      );
    }
  }
  return rows;
}

/** One timed run of the round-robin: the kernel, its median and every batch's per-run time. */
export interface SequenceRow {
  round: number;
  kernel: LabKernelId;
  medianSeconds: number;
  repeatsPerBatch: number;
  secondsPerRun: number[];
  verified: boolean;
}

/**
 * The bench's memory kernels in its order (those it runs at the streaming size), then the copy
 * kernel again, `rounds` times, at `elements` values.
 */
export async function memorySequence(
  gpu: GpuContext,
  options: { log?: (line: string) => void; rounds?: number; elements?: number } = {},
): Promise<SequenceRow[]> {
  const kernels: LabKernelId[] = [...benchKernels('stream'), ROOF_KERNELS.memory];
  const rows: SequenceRow[] = [];
  for (let round = 1; round <= (options.rounds ?? 3); round++) {
    for (const kernel of kernels) {
      const run = await measureKernel(gpu, kernel, { elements: options.elements ?? 1 << 25 });
      const row: SequenceRow = {
        round,
        kernel,
        medianSeconds: run.measurement.medianSeconds,
        repeatsPerBatch: run.measurement.repeatsPerBatch,
        secondsPerRun: run.measurement.secondsPerRun,
        verified: run.check.ok,
      };
      rows.push(row);
      const us = (x: number): string => (x * 1e6).toFixed(1);
      options.log?.(
        `round ${round} ${kernel}: median ${us(row.medianSeconds)} µs, ${row.repeatsPerBatch} ` +
          `runs per batch, batches ${row.secondsPerRun.map(us).join(' ')} µs`,
      );
    }
  }
  return rows;
}
