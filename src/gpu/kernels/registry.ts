/**
 * Every WebGPU kernel of the app, one line each: the one list of kernels, in the order the kernel
 * lab and the benchmark take those with a lab facet. Adding a kernel is one folder under
 * kernels/ (its .wgsl, its pure plan and reference, and an index.ts exporting its record) and
 * one line here; a lab kernel's record says in its lab facet how the lab sizes it, where it
 * belongs among the lab's comparisons and how the benchmark runs it (sizes/lab-facet.ts).
 */
import type { KernelPlan, PlanLayout } from '../kernel-plan';
import type { KernelJob } from '../jobs/kernel-job';
import type { KernelModule } from '../kernel-module';
import { checkLabSize, type LabSize } from '../sizes/lab-facet';
import { batchedMatmulKernel } from './batched-matmul';
import { binaryElementwiseKernel } from './binary-elementwise';
import { copyKernel } from './copy';
import { divergenceKernel } from './divergence';
import { fmaKernel } from './fma';
import { matmulBlockedKernel } from './matmul-blocked';
import { matmulF16Kernel } from './matmul-f16';
import { matmulNaiveKernel } from './matmul-naive';
import { matmulSubgroupMatrixKernel } from './matmul-subgroup-matrix';
import { matmulTiledKernel } from './matmul-tiled';
import { matmulTunedKernel } from './matmul-tuned';
import { raceKernel } from './race';
import { reduceKernel } from './reduce';
import { reduceFastKernel } from './reduce-fast';
import { reduceSubgroupsKernel } from './reduce-subgroups';
import { reluKernel } from './relu';
import { stridedReadKernel } from './strided-read';

/** The kernels; those with a lab facet in the lab's and the benchmark's order. */
export const KERNELS = [
  reluKernel,
  copyKernel,
  reduceKernel,
  reduceFastKernel,
  matmulNaiveKernel,
  matmulTiledKernel,
  matmulBlockedKernel,
  matmulTunedKernel,
  fmaKernel,
  raceKernel,
  binaryElementwiseKernel,
  batchedMatmulKernel,
  matmulF16Kernel,
  reduceSubgroupsKernel,
  stridedReadKernel,
  divergenceKernel,
  matmulSubgroupMatrixKernel,
] as const;

/** Any kernel in the registry. */
export type RegisteredKernel = (typeof KERNELS)[number];

/** The name of a registered kernel. */
export type KernelName = RegisteredKernel['name'];

/** The record of the kernel named `K`. */
export type KernelRecord<K extends KernelName> = Extract<RegisteredKernel, { name: K }>;

/** What a run of the kernel named `K` is given: its size (a count, a shape, operands). */
export type KernelSize<K extends KernelName> = Parameters<KernelRecord<K>['job']>[1];

/** What the job of the kernel named `K` finds beyond its check (undefined for most). */
export type KernelDetail<K extends KernelName> =
  Awaited<ReturnType<KernelRecord<K>['job']>> extends KernelJob<infer Detail> ? Detail : never;

/** The record of a registered kernel; a RangeError for a name the registry lacks. */
export function kernelRecord<K extends KernelName>(name: K): KernelRecord<K> {
  const record = KERNELS.find((k) => k.name === name);
  if (!record) throw new RangeError(`no kernel named ${String(name)}`);
  return record as KernelRecord<K>;
}

/**
 * The plan of a named kernel at a size, without a device: its launch and work on a layout (by
 * default WebGPU's default limits), what the engine predicts and the lab forecasts from. A lab
 * kernel's size must be of its kind (a count or a shape), else a RangeError.
 */
export function planKernel<K extends KernelName>(
  name: K,
  size: KernelSize<K>,
  layout?: PlanLayout,
): KernelPlan {
  // Any record takes its own size; the name's type ties `size` to it.
  const record = kernelRecord(name) as unknown as KernelModule<KernelSize<K>, unknown, unknown>;
  if (record.lab) checkLabSize(record.lab, size as LabSize);
  return record.plan(size, layout);
}
