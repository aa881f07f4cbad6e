/**
 * The kernels of the kernel lab, read from the registry: every registered kernel with a `lab`
 * part, in registry order, with its id, label, how its size is entered, and its plan. Pure: the
 * records' jobs touch WebGPU only when built.
 */
import type { KernelPlan } from '../kernel-plan';
import { hasLab, KERNELS, type LabKernelName, type RegisteredLabKernel } from '../kernels/registry';
import { isMatmulSize, type LabSize, type SizeKind } from './lab-facet';
import type { JobLayout } from '../jobs/kernel-job';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION } from '../kernel-plan';
import { COPY_VEC4S_PER_INVOCATION } from '../kernels/copy/copy';

export type { CountSize, LabSize, SizeKind } from './lab-facet';
export { countOf, isMatmulSize, shapeOf } from './lab-facet';

/** One lab kernel. */
export type LabKernelId = LabKernelName;

/** The lab's kernels, in the order the widget lists them. */
export const LAB_KERNEL_RECORDS: readonly RegisteredLabKernel[] = KERNELS.filter(hasLab);

/** Every lab kernel id, in the order the widget lists them. */
export const LAB_KERNEL_IDS: readonly LabKernelId[] = LAB_KERNEL_RECORDS.map((k) => k.name);

/** What the lab shows about a kernel. */
export interface LabKernelInfo {
  id: LabKernelId;
  label: string;
  sizeKind: SizeKind;
  /** One sentence on what the kernel does and what limits it. */
  summary: string;
}

/** The lab's kernels, by id. */
export const LAB_KERNELS: Readonly<Record<LabKernelId, LabKernelInfo>> = Object.fromEntries(
  LAB_KERNEL_RECORDS.map((k) => [
    k.name,
    { id: k.name, label: k.label, sizeKind: k.lab.sizeKind, summary: k.summary },
  ]),
) as Record<LabKernelId, LabKernelInfo>;

/** True when `id` names a lab kernel. */
export function isLabKernelId(id: unknown): id is LabKernelId {
  return typeof id === 'string' && (LAB_KERNEL_IDS as readonly string[]).includes(id);
}

/** The registry record of a lab kernel. */
export function labKernel(id: LabKernelId): RegisteredLabKernel {
  const record = LAB_KERNEL_RECORDS.find((k) => k.name === id);
  if (!record) throw new RangeError(`no lab kernel named ${String(id)}`);
  return record;
}

/** The size the lab starts a kernel with. */
export function labDefaultSize(id: LabKernelId): LabSize {
  return labKernel(id).lab.defaultSize;
}

/** A kernel's plan for a size, laid out for a device allowing `maxWorkgroupsPerDimension`. */
export function labPlan(
  id: LabKernelId,
  size: LabSize,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  vec4sPerInvocation = COPY_VEC4S_PER_INVOCATION,
): KernelPlan {
  const layout: JobLayout = { maxWorkgroupsPerDimension, vec4sPerInvocation };
  return labKernel(id).lab.plan(size, layout);
}

/** A size in words: "1,048,576 elements", "4,096 threads", "256 x 128 x 64". */
export function describeSize(id: LabKernelId, size: LabSize): string {
  if (isMatmulSize(size)) return `${size.m} x ${size.n} x ${size.k}`;
  const noun = LAB_KERNELS[id].sizeKind === 'threads' ? 'thread' : 'element';
  return `${size.elements.toLocaleString('en-US')} ${noun}${size.elements === 1 ? '' : 's'}`;
}
