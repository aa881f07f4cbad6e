/**
 * Shared pieces of the layer analysis: the label every error names a layer by, checked reads of
 * a spec's fields (through the engine's `validate.ts` helpers, so a bad field throws a
 * RangeError naming the layer's index, name and the field), and the finished `LayerCost` with
 * its defaults (no weights, one kernel, one serial step, no KV cache) and a finiteness check on
 * every number.
 */
import {
  finiteResult,
  requireBoolean,
  requireNonNegativeInteger,
  requireOneOf,
  requirePositiveInteger,
} from '../../validate';
import type { LayerCost, LayerSpec, LayerType } from '../types';

/** The spec of one layer type (or of a family sharing one shape, such as the two pools). */
export type SpecOf<T extends LayerType> = Extract<LayerSpec, { type: T }>;

/** The number fields of a `LayerCost`: what a network's totals sum. */
export type LayerCostNumberField = {
  [K in keyof LayerCost]: LayerCost[K] extends number ? K : never;
}[keyof LayerCost];

/** Sums of every number field of a network's `LayerCost`s. */
export type NetworkTotals = Record<LayerCostNumberField, number>;

/** One of each number field; the `Record` type makes the compiler insist on every one. */
const NUMBER_FIELD_SET: Record<LayerCostNumberField, true> = {
  params: true,
  weightElements: true,
  forwardFlops: true,
  backwardFlops: true,
  forwardIoElements: true,
  backwardIoElements: true,
  savedElements: true,
  outputElements: true,
  forwardKernels: true,
  serialSteps: true,
  kvCacheElements: true,
};

/** Every number field of a `LayerCost`, in a fixed order. */
export const LAYER_COST_NUMBER_FIELDS = Object.keys(NUMBER_FIELD_SET) as LayerCostNumberField[];

/** What a layer family computes: a `LayerCost` without its name and type. */
export type LayerWork = Omit<LayerCost, 'name' | 'type'>;

/** The fields a layer family must give; the rest default (no weights, one kernel, ...). */
export type LayerWorkInput = Omit<
  LayerWork,
  'params' | 'weightElements' | 'forwardKernels' | 'serialSteps' | 'kvCacheElements'
> &
  Partial<LayerWork>;

/** A layer family's work with the defaults filled in: no weights, 1 kernel, 1 step, no cache. */
export function layerWork(input: LayerWorkInput): LayerWork {
  return {
    params: 0,
    weightElements: 0,
    forwardKernels: 1,
    serialSteps: 1,
    kvCacheElements: 0,
    ...input,
  };
}

/** How errors name a layer: `layer 3 "fc1" (linear)`, or `layer 3 (linear)` without a name. */
export function layerLabel(index: number, type: string, name?: string): string {
  const named = name === undefined ? '' : ` ${JSON.stringify(name)}`;
  return `layer ${index}${named} (${type})`;
}

/** The name a `LayerCost` carries: the layer's own, or its type and position (`linear#3`). */
export function layerName(index: number, type: string, name?: string): string {
  return name === undefined ? `${type}#${index}` : name;
}

/** Reads a required whole-number field that must be at least 1. */
export function positiveField(label: string, field: string, value: number): number {
  requirePositiveInteger(`${label}: ${field}`, value);
  return value;
}

/** Reads an optional whole-number field that must be at least 1, or its default. */
export function optionalPositiveField(
  label: string,
  field: string,
  value: number | undefined,
  fallback: number,
): number {
  return value === undefined ? fallback : positiveField(label, field, value);
}

/** Reads an optional whole-number field that may be 0, or its default. */
export function optionalNonNegativeField(
  label: string,
  field: string,
  value: number | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  requireNonNegativeInteger(`${label}: ${field}`, value);
  return value;
}

/** Reads an optional true/false field, or its default. */
export function optionalBooleanField(
  label: string,
  field: string,
  value: boolean | undefined,
  fallback: boolean,
): boolean {
  if (value === undefined) return fallback;
  requireBoolean(`${label}: ${field}`, value);
  return value;
}

/** Reads a field that must be one of `allowed`. */
export function oneOfField<T extends string>(
  label: string,
  field: string,
  value: unknown,
  allowed: readonly T[],
): T {
  requireOneOf(`${label}: ${field}`, value, allowed);
  return value;
}

/** Throws a RangeError naming the layer when any number of `work` is not finite. */
export function checkFinite(label: string, work: LayerWork): LayerWork {
  for (const field of LAYER_COST_NUMBER_FIELDS) finiteResult(`${label}: ${field}`, work[field]);
  return work;
}
