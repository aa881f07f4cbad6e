/**
 * The largest counts the lab's count-sized kernels can take on a device: every buffer must fit
 * one storage binding and one buffer, and streaming kernels pad their arrays to whole vec4s.
 * Pure arithmetic on the device's limits.
 */
import { VEC4_BYTES } from '../vec4-stream';
import type { LabLimits } from './lab-facet';

/** Largest bytes one lab buffer may hold. */
export function maxBufferBytes(limits: LabLimits): number {
  return Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
}

/** The most f32 elements a streaming kernel can take: the padded array must fit one buffer. */
export function maxStreamElements(limits: LabLimits): number {
  return Math.floor(maxBufferBytes(limits) / VEC4_BYTES) * 4;
}
