/**
 * A network as a list of layers: `analyzeLayer` checks one `LayerSpec` and derives its
 * `LayerCost` (per sample) through the module of its family; `analyzeNetwork` does every layer
 * and sums each number field. Bad input throws a RangeError naming the layer's index, its name
 * and the field.
 */
import { finiteResult, requireNonNegativeInteger, requireOneOf } from '../../validate';
import type { LayerCost, LayerSpec, LayerType } from '../types';
import { activationWork } from './activation';
import { attentionWork } from './attention';
import { conv2dWork } from './conv2d';
import {
  checkFinite,
  LAYER_COST_NUMBER_FIELDS,
  layerLabel,
  layerName,
  type LayerWork,
  type NetworkTotals,
} from './cost';
import { dropoutWork, multiplyWork, residualAddWork } from './elementwise';
import { embeddingWork } from './embedding';
import { linearWork } from './linear';
import { crossEntropyWork } from './loss';
import { batchnorm2dWork, tokenNormWork } from './norm';
import { globalAvgPoolWork, poolWork } from './pool';
import { recurrentWork } from './recurrent';

/** One of each layer type; the `Record` type makes the compiler insist on every one. */
const LAYER_TYPE_SET: Record<LayerType, true> = {
  linear: true,
  conv2d: true,
  batchnorm2d: true,
  layernorm: true,
  rmsnorm: true,
  activation: true,
  maxpool2d: true,
  avgpool2d: true,
  'global-avgpool': true,
  embedding: true,
  attention: true,
  lstm: true,
  gru: true,
  'softmax-cross-entropy': true,
  'residual-add': true,
  multiply: true,
  dropout: true,
};

/** Every layer type, in a fixed order. */
export const LAYER_TYPES = Object.keys(LAYER_TYPE_SET) as LayerType[];

/** A network's layers, each with its cost, and the sums of every number field. */
export interface NetworkAnalysis {
  layers: LayerCost[];
  totals: NetworkTotals;
}

/** The work of a spec whose type is known, through its family's module. */
function workOf(spec: LayerSpec, label: string): LayerWork {
  switch (spec.type) {
    case 'linear':
      return linearWork(spec, label);
    case 'conv2d':
      return conv2dWork(spec, label);
    case 'batchnorm2d':
      return batchnorm2dWork(spec, label);
    case 'layernorm':
    case 'rmsnorm':
      return tokenNormWork(spec, label);
    case 'activation':
      return activationWork(spec, label);
    case 'maxpool2d':
    case 'avgpool2d':
      return poolWork(spec, label);
    case 'global-avgpool':
      return globalAvgPoolWork(spec, label);
    case 'embedding':
      return embeddingWork(spec, label);
    case 'attention':
      return attentionWork(spec, label);
    case 'lstm':
    case 'gru':
      return recurrentWork(spec, label);
    case 'softmax-cross-entropy':
      return crossEntropyWork(spec, label);
    case 'residual-add':
      return residualAddWork(spec, label);
    case 'multiply':
      return multiplyWork(spec, label);
    case 'dropout':
      return dropoutWork(spec, label);
  }
}

/** Checks one layer (the `index`-th of its network) and returns what it costs per sample. */
export function analyzeLayer(spec: LayerSpec, index: number): LayerCost {
  requireNonNegativeInteger('layer index', index);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new RangeError(`layer ${index} must be an object, got ${String(spec)}`);
  }
  const rawName: unknown = spec.name;
  const name = typeof rawName === 'string' ? rawName : undefined;
  const type: unknown = spec.type;
  requireOneOf(`${layerLabel(index, 'unknown type', name)}: type`, type, LAYER_TYPES);
  const label = layerLabel(index, type, name);
  if (rawName !== undefined && name === undefined) {
    throw new RangeError(`${label}: name must be a string, got ${String(rawName)}`);
  }
  const work = checkFinite(label, workOf(spec, label));
  return { name: layerName(index, type, name), type, ...work };
}

/** Every layer's cost and the network's totals; an empty list or a bad layer is an error. */
export function analyzeNetwork(specs: LayerSpec[]): NetworkAnalysis {
  if (!Array.isArray(specs) || specs.length === 0) {
    throw new RangeError('a network must be a non-empty array of layers');
  }
  const layers = Array.from(specs, (spec, index) => analyzeLayer(spec, index));
  return { layers, totals: sumCosts(layers) };
}

/** Sums every number field over `layers`. */
export function sumCosts(layers: readonly LayerCost[]): NetworkTotals {
  const totals = Object.fromEntries(LAYER_COST_NUMBER_FIELDS.map((f) => [f, 0])) as NetworkTotals;
  for (const layer of layers) {
    for (const field of LAYER_COST_NUMBER_FIELDS) totals[field] += layer[field];
  }
  for (const field of LAYER_COST_NUMBER_FIELDS) finiteResult(`network ${field}`, totals[field]);
  return totals;
}
