/**
 * Shared pieces of the layer analysis: the label every error names a layer by, checked reads of
 * a spec's fields (`fieldReader`, through the engine's `validate.ts` helpers, so a bad field
 * throws a RangeError naming the layer's index, name and the field), the finished `LayerCost`
 * with its defaults (no weights, one kernel, one serial step, no KV cache) and a finiteness
 * check on every number, and the cost shape of a one-input element-wise pass.
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
  [K in keyof LayerCost]-?: LayerCost[K] extends number ? K : never;
}[keyof LayerCost];

/** Sums of every number field of a network's `LayerCost`s. */
export type NetworkTotals = Record<LayerCostNumberField, number>;

/** One of each number field; the `Record` type makes the compiler insist on every one. */
const NUMBER_FIELD_SET: Record<LayerCostNumberField, true> = {
  params: true,
  paramTensors: true,
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
  | 'params'
  | 'paramTensors'
  | 'weightElements'
  | 'forwardKernels'
  | 'serialSteps'
  | 'kvCacheElements'
> &
  Partial<LayerWork>;

/**
 * A layer family's work with the defaults filled in: no weights (one parameter tensor when it
 * has weights), 1 kernel, 1 step, no cache.
 */
export function layerWork(input: LayerWorkInput): LayerWork {
  const params = input.params ?? 0;
  return {
    params,
    paramTensors: params > 0 ? 1 : 0,
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

/** The keys of `S` whose values are `V`. */
type FieldsOf<S, V> = { [K in keyof S]-?: S[K] extends V ? K : never }[keyof S] & string;

/** Checked reads of one spec's fields: a bad value throws a RangeError naming layer and field. */
export interface FieldReader<S> {
  /** A required whole number of at least 1. */
  positive(field: FieldsOf<S, number>): number;
  /** An optional whole number of at least 1, or `fallback`. */
  optionalPositive(field: FieldsOf<S, number | undefined>, fallback: number): number;
  /** An optional whole number that may be 0, or `fallback`. */
  optionalNonNegative(field: FieldsOf<S, number | undefined>, fallback: number): number;
  /** An optional true/false, or `fallback`. */
  optionalBoolean(field: FieldsOf<S, boolean | undefined>, fallback: boolean): boolean;
  /** A field that must be one of `allowed`. */
  oneOf<T extends string>(field: keyof S & string, allowed: readonly T[]): T;
}

/** Reads the fields of `spec`, the layer errors call `label`. */
export function fieldReader<S extends LayerSpec>(spec: S, label: string): FieldReader<S> {
  const named = (field: string) => `${label}: ${field}`;
  const raw = <T>(field: keyof S) => spec[field] as T;
  const positive = (field: string, value: number) => {
    requirePositiveInteger(named(field), value);
    return value;
  };
  return {
    positive: (field) => positive(field, raw<number>(field)),
    optionalPositive: (field, fallback) => {
      const value = raw<number | undefined>(field);
      return value === undefined ? fallback : positive(field, value);
    },
    optionalNonNegative: (field, fallback) => {
      const value = raw<number | undefined>(field);
      if (value === undefined) return fallback;
      requireNonNegativeInteger(named(field), value);
      return value;
    },
    optionalBoolean: (field, fallback) => {
      const value = raw<boolean | undefined>(field);
      if (value === undefined) return fallback;
      requireBoolean(named(field), value);
      return value;
    },
    oneOf: (field, allowed) => {
      const value = raw<unknown>(field);
      requireOneOf(named(field), value, allowed);
      return value;
    },
  };
}

/**
 * A one-input element-wise pass over `elements` per sample (an activation, a layer or RMS
 * norm): backward 2× forward FLOPs; forwardIo 2N (read, write); backwardIo 3N (read dy and the
 * saved input, write dx); saved N; output N; `params` weights (none by default); not a matmul.
 */
export function elementwisePassWork(
  elements: number,
  forwardFlops: number,
  params = 0,
  paramTensors = params > 0 ? 1 : 0,
): LayerWork {
  return layerWork({
    params,
    paramTensors,
    weightElements: params,
    forwardFlops,
    backwardFlops: 2 * forwardFlops,
    forwardIoElements: 2 * elements,
    backwardIoElements: 3 * elements,
    savedElements: elements,
    outputElements: elements,
    matmul: false,
  });
}

/** Throws a RangeError naming the layer when any number of `work` is not finite. */
export function checkFinite(label: string, work: LayerWork): LayerWork {
  for (const field of LAYER_COST_NUMBER_FIELDS) finiteResult(`${label}: ${field}`, work[field]);
  return work;
}
