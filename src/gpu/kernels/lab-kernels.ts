/**
 * The lab kernels, as the registry lists them: the kernels with a lab facet, in its order, by
 * id, with what the kernel lab shows of each (label, summary, facet), their sizes in words, and
 * how a size is fitted to a device. Derived from the registry: a lab kernel is declared once,
 * in its folder's record, and listed once, in registry.ts.
 */
import type { LabFacet, LabSize } from '../sizes/lab-facet';
import { describeLabSize, fitLabSize, labMaxCount } from '../sizes/lab-facet';
import type { SizeFit, SizeLimits } from '../sizes/size-fit';
import { KERNELS, type RegisteredKernel } from './registry';

/** A registered kernel the kernel lab offers. */
export type RegisteredLabKernel = Extract<RegisteredKernel, { readonly lab: LabFacet }>;

/** One lab kernel. */
export type LabKernelId = RegisteredLabKernel['name'];

/** True when a registered kernel has a lab facet. */
function hasLab(kernel: RegisteredKernel): kernel is RegisteredLabKernel {
  return kernel.lab !== undefined;
}

/** The lab kernels' records, in the registry's order. */
const LAB_RECORDS: readonly RegisteredLabKernel[] = KERNELS.filter(hasLab);

/** Every lab kernel id, in the registry's order (the lab's and the benchmark's). */
export const LAB_KERNEL_IDS: readonly LabKernelId[] = LAB_RECORDS.map((k) => k.name);

/** What the lab shows about a kernel: its name, label and summary, and its lab facet. */
export interface LabKernelInfo extends LabFacet {
  id: LabKernelId;
  label: string;
  /** One sentence on what the kernel does and what limits it. */
  summary: string;
}

/** The lab kernels, by id. */
export const LAB_KERNELS: Readonly<Record<LabKernelId, LabKernelInfo>> = Object.fromEntries(
  LAB_RECORDS.map((k) => [k.name, { ...k.lab, id: k.name, label: k.label, summary: k.summary }]),
) as Record<LabKernelId, LabKernelInfo>;

/** True when `id` names a lab kernel. */
export function isLabKernelId(id: unknown): id is LabKernelId {
  return typeof id === 'string' && (LAB_KERNEL_IDS as readonly string[]).includes(id);
}

/** A size in words: "1,048,576 elements", "4,096 threads", "256 x 128 x 64". */
export function describeSize(id: LabKernelId, size: LabSize): string {
  return describeLabSize(LAB_KERNELS[id].sizeKind, size);
}

/** The most elements (or FMA threads) a count-sized lab kernel can take on these limits. */
export function maxCount(id: LabKernelId, limits: SizeLimits): number {
  return labMaxCount(LAB_KERNELS[id], limits);
}

/** Fits a lab size to the device: unchanged when it fits, else the largest size that does. */
export function fitSize(id: LabKernelId, requested: LabSize, limits: SizeLimits): SizeFit<LabSize> {
  return fitLabSize(LAB_KERNELS[id], requested, limits);
}
