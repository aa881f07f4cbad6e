/**
 * The largest counts the lab's count-sized kernels can take on a device (every buffer must fit
 * one storage binding and one buffer, and streaming kernels pad their arrays to whole vec4s),
 * and the lab planning the streaming kernels share. Pure arithmetic on the device's limits.
 */
import type { JobLayout } from '../jobs/kernel-job';
import type { KernelPlan } from '../kernel-plan';
import { VEC4_BYTES } from '../vec4-stream';
import { countPlanning, type LabLimits, type LabPlanning } from './lab-facet';

/** Largest bytes one lab buffer may hold. */
export function maxBufferBytes(limits: LabLimits): number {
  return Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
}

/** The most f32 elements a streaming kernel can take: the padded array must fit one buffer. */
export function maxStreamElements(limits: LabLimits): number {
  return Math.floor(maxBufferBytes(limits) / VEC4_BYTES) * 4;
}

/** Elements a streaming kernel starts with in the lab: 4 Mi (16 MiB), a few ms at a GPU's roof. */
export const STREAM_DEFAULT_ELEMENTS = 1 << 22;

/** The lab planning of a kernel streaming f32 elements, with its plan for a count. */
export function streamPlanning(
  plan: (elements: number, layout: JobLayout) => KernelPlan,
): LabPlanning {
  return countPlanning({
    sizeKind: 'elements',
    defaultCount: STREAM_DEFAULT_ELEMENTS,
    plan,
    maxCount: maxStreamElements,
  });
}
