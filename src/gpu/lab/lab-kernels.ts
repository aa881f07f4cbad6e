/**
 * The kernels of the kernel lab, as their cards (lab-facet.ts): id, label, summary, how a size
 * is entered, the size the lab starts with, and the plan for a size. Pure and light: no WGSL and
 * no WebGPU, so the lab's settings and forms load without the runtime. The records that run
 * these kernels (kernels/registry.ts) are built from the same cards, in the same order (the
 * registry test checks it).
 */
import type { JobLayout } from '../jobs/kernel-job';
import type { KernelPlan } from '../kernel-plan';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION } from '../kernel-plan';
import { COPY_CARD, COPY_VEC4S_PER_INVOCATION } from '../kernels/copy/copy';
import { FMA_CARD } from '../kernels/fma/fma';
import { MATMUL_BLOCKED_CARD } from '../kernels/matmul-blocked/matmul-blocked';
import { MATMUL_NAIVE_CARD } from '../kernels/matmul-naive/matmul-naive';
import { MATMUL_TILED_CARD } from '../kernels/matmul-tiled/matmul-tiled';
import { MATMUL_TUNED_CARD } from '../kernels/matmul-tuned/matmul-tuned';
import { REDUCE_CARD } from '../kernels/reduce/reduce';
import { REDUCE_FAST_CARD } from '../kernels/reduce-fast/reduce-fast';
import { RELU_CARD } from '../kernels/relu/relu';
import { isMatmulSize, type LabCard, type LabSize, type SizeKind } from './lab-facet';

export type { CountSize, LabSize, SizeKind } from './lab-facet';
export { countOf, isMatmulSize, shapeOf } from './lab-facet';

/** The lab's kernels, in the order the widget lists them: one line each. */
export const LAB_CARDS = [
  RELU_CARD,
  COPY_CARD,
  REDUCE_CARD,
  REDUCE_FAST_CARD,
  MATMUL_NAIVE_CARD,
  MATMUL_TILED_CARD,
  MATMUL_BLOCKED_CARD,
  MATMUL_TUNED_CARD,
  FMA_CARD,
] as const;

/** One lab kernel. */
export type LabKernelId = (typeof LAB_CARDS)[number]['name'];

/** Every lab kernel id, in the order the widget lists them. */
export const LAB_KERNEL_IDS: readonly LabKernelId[] = LAB_CARDS.map((card) => card.name);

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
  LAB_CARDS.map((card) => [
    card.name,
    { id: card.name, label: card.label, sizeKind: card.lab.sizeKind, summary: card.summary },
  ]),
) as Record<LabKernelId, LabKernelInfo>;

/** True when `id` names a lab kernel. */
export function isLabKernelId(id: unknown): id is LabKernelId {
  return typeof id === 'string' && (LAB_KERNEL_IDS as readonly string[]).includes(id);
}

/** The card of a lab kernel. */
export function labCard(id: LabKernelId): LabCard<LabKernelId> {
  const card = LAB_CARDS.find((c) => c.name === id);
  if (!card) throw new RangeError(`no lab kernel named ${String(id)}`);
  return card;
}

/** The size the lab starts a kernel with. */
export function labDefaultSize(id: LabKernelId): LabSize {
  return labCard(id).lab.defaultSize;
}

/** A kernel's plan for a size, laid out for a device allowing `maxWorkgroupsPerDimension`. */
export function labPlan(
  id: LabKernelId,
  size: LabSize,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  vec4sPerInvocation = COPY_VEC4S_PER_INVOCATION,
): KernelPlan {
  const layout: JobLayout = { maxWorkgroupsPerDimension, vec4sPerInvocation };
  return labCard(id).lab.plan(size, layout);
}

/** A size in words: "1,048,576 elements", "4,096 threads", "256 x 128 x 64". */
export function describeSize(id: LabKernelId, size: LabSize): string {
  if (isMatmulSize(size)) return `${size.m} x ${size.n} x ${size.k}`;
  const noun = LAB_KERNELS[id].sizeKind === 'threads' ? 'thread' : 'element';
  return `${size.elements.toLocaleString('en-US')} ${noun}${size.elements === 1 ? '' : 's'}`;
}
