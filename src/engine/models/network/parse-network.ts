/**
 * A learner's own network, given as JSON: an array of at most 1,000 layer objects shaped like
 * `LayerSpec`. Nothing in the input is trusted: each layer must be a plain object of own data
 * fields, every field must be one its type knows (anything else, `__proto__` included, is named
 * in the error), every number a safe integer in a sane range, and the layer must pass
 * `analyzeLayer` (a convolution whose output is empty fails here). The specs returned are fresh
 * objects holding only the known fields. Every error is a RangeError naming the layer's index
 * and the field.
 */
import { ACTIVATION_FNS } from './layers/activation';
import { analyzeLayer, LAYER_TYPES } from './layers/analyze';
import { layerLabel } from './layers/cost';
import type { LayerSpec, LayerType } from './types';

/** The most layers a learner's network may have. */
export const MAX_LAYERS = 1000;
/** The longest layer name accepted, in characters. */
export const MAX_NAME_CHARS = 200;

/** What a field holds, and for numbers the range it must fall in. */
type FieldKind = 'dimension' | 'positions' | 'elements' | 'window' | 'padding' | 'flag' | 'fn';

/** Inclusive ranges of the number kinds: sane sizes for any network a course would model. */
export const FIELD_RANGES: Readonly<Record<Exclude<FieldKind, 'flag' | 'fn'>, [number, number]>> = {
  /** Features, channels, classes, vocabulary, heads, image edges. */
  dimension: [1, 2 ** 24],
  /** Tokens, queries, keys, time steps. */
  positions: [1, 2 ** 21],
  /** Element counts of element-wise layers. */
  elements: [1, 2 ** 40],
  /** Kernel and stride of a sliding window. */
  window: [1, 4096],
  padding: [0, 4096],
};

/** A field of a layer type: its kind, and whether the layer must give it. */
type FieldRule = [FieldKind, 'required' | 'optional'];

const REQ = 'required';
const OPT = 'optional';
const TOKEN_NORM: Record<string, FieldRule> = {
  features: ['dimension', REQ],
  tokens: ['positions', OPT],
};
const POOL: Record<string, FieldRule> = {
  channels: ['dimension', REQ],
  inHeight: ['dimension', REQ],
  inWidth: ['dimension', REQ],
  kernel: ['window', REQ],
  stride: ['window', OPT],
  padding: ['padding', OPT],
};
const CHW: Record<string, FieldRule> = {
  channels: ['dimension', REQ],
  height: ['dimension', REQ],
  width: ['dimension', REQ],
};
const RECURRENT: Record<string, FieldRule> = {
  inputSize: ['dimension', REQ],
  hiddenSize: ['dimension', REQ],
  steps: ['positions', REQ],
};
const ELEMENTS: Record<string, FieldRule> = { elements: ['elements', REQ] };

/** The fields each layer type accepts besides `type` and `name`. */
const LAYER_FIELDS: Readonly<Record<LayerType, Record<string, FieldRule>>> = {
  linear: {
    inFeatures: ['dimension', REQ],
    outFeatures: ['dimension', REQ],
    bias: ['flag', OPT],
    tokens: ['positions', OPT],
    tiedWeights: ['flag', OPT],
  },
  conv2d: {
    inChannels: ['dimension', REQ],
    outChannels: ['dimension', REQ],
    kernel: ['window', REQ],
    stride: ['window', OPT],
    padding: ['padding', OPT],
    inHeight: ['dimension', REQ],
    inWidth: ['dimension', REQ],
    bias: ['flag', OPT],
  },
  batchnorm2d: CHW,
  layernorm: TOKEN_NORM,
  rmsnorm: TOKEN_NORM,
  activation: { fn: ['fn', REQ], elements: ['elements', REQ] },
  maxpool2d: POOL,
  avgpool2d: POOL,
  'global-avgpool': CHW,
  embedding: {
    vocab: ['dimension', REQ],
    dim: ['dimension', REQ],
    tokens: ['positions', REQ],
  },
  attention: {
    heads: ['dimension', REQ],
    kvHeads: ['dimension', OPT],
    headDim: ['dimension', REQ],
    queries: ['positions', REQ],
    keys: ['positions', REQ],
    causal: ['flag', OPT],
    rotary: ['flag', OPT],
    cacheUpdate: ['flag', OPT],
  },
  lstm: RECURRENT,
  gru: RECURRENT,
  'softmax-cross-entropy': {
    classes: ['dimension', REQ],
    tokens: ['positions', OPT],
    upcastFirst: ['flag', OPT],
  },
  'residual-add': ELEMENTS,
  multiply: ELEMENTS,
  dropout: ELEMENTS,
};

/** Own fields of a plain object as a null-prototype map; getters and symbols are refused. */
function ownDataFields(value: unknown, where: string): Map<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`${where} must be an object, got ${describe(value)}`);
  }
  try {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new RangeError(`${where} must be a plain object`);
    }
    if (Object.getOwnPropertySymbols(value).length > 0) {
      throw new RangeError(`${where} has a symbol key`);
    }
    const fields = new Map<string, unknown>();
    for (const key of Object.getOwnPropertyNames(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor === undefined || !('value' in descriptor)) {
        throw new RangeError(`${where}: field ${JSON.stringify(key)} must be plain data`);
      }
      fields.set(key, descriptor.value);
    }
    return fields;
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw new RangeError(`${where} could not be read as plain data`);
  }
}

/** A short, safe description of a bad value for an error message. */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Checks one field's value against its kind; returns it unchanged. */
function readField(label: string, field: string, kind: FieldKind, value: unknown): unknown {
  const where = `${label}: ${field}`;
  if (kind === 'flag') {
    if (typeof value !== 'boolean') {
      throw new RangeError(`${where} must be true or false, got ${describe(value)}`);
    }
    return value;
  }
  if (kind === 'fn') {
    if (typeof value !== 'string' || !(ACTIVATION_FNS as readonly string[]).includes(value)) {
      throw new RangeError(
        `${where} must be one of ${ACTIVATION_FNS.join(', ')}; got ${describe(value)}`,
      );
    }
    return value;
  }
  const [low, high] = FIELD_RANGES[kind];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < low || value > high) {
    throw new RangeError(
      `${where} must be a whole number from ${low} to ${high}, got ${describe(value)}`,
    );
  }
  return value;
}

/** Reads the `index`-th layer of a learner's network into a fresh, checked `LayerSpec`. */
function parseLayer(value: unknown, index: number): LayerSpec {
  const fields = ownDataFields(value, `layer ${index}`);
  const rawName = fields.get('name');
  if (rawName !== undefined && (typeof rawName !== 'string' || rawName.length > MAX_NAME_CHARS)) {
    throw new RangeError(
      `layer ${index}: name must be a string of at most ${MAX_NAME_CHARS} characters, got ${describe(rawName)}`,
    );
  }
  const name = rawName as string | undefined;
  const type = fields.get('type');
  if (typeof type !== 'string' || !(LAYER_TYPES as readonly string[]).includes(type)) {
    throw new RangeError(
      `${layerLabel(index, 'unknown type', name)}: type must be one of ${LAYER_TYPES.join(', ')}; got ${describe(type)}`,
    );
  }
  const layerType = type as LayerType;
  const label = layerLabel(index, layerType, name);
  const rules = LAYER_FIELDS[layerType];
  const allowed = new Map(Object.entries(rules));
  const unknown = [...fields.keys()].filter((k) => k !== 'type' && k !== 'name' && !allowed.has(k));
  if (unknown.length > 0) {
    const known = ['type', 'name', ...allowed.keys()].join(', ');
    throw new RangeError(
      `${label}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} (a ${layerType} layer takes ${known})`,
    );
  }
  const spec: Record<string, unknown> = { type: layerType };
  if (name !== undefined) spec.name = name;
  for (const [field, [kind, presence]] of allowed) {
    const raw = fields.get(field);
    if (raw === undefined) {
      if (presence === REQ) throw new RangeError(`${label}: ${field} is missing`);
      continue;
    }
    spec[field] = readField(label, field, kind, raw);
  }
  const checked = spec as LayerSpec;
  analyzeLayer(checked, index);
  return checked;
}

/** Reads a learner's network (parsed JSON) into checked `LayerSpec`s, or throws a RangeError. */
export function parseLayerList(json: unknown): LayerSpec[] {
  if (!Array.isArray(json)) {
    throw new RangeError(`a network must be a JSON array of layers, got ${describe(json)}`);
  }
  if (json.length === 0 || json.length > MAX_LAYERS) {
    throw new RangeError(`a network must have from 1 to ${MAX_LAYERS} layers, got ${json.length}`);
  }
  const specs: LayerSpec[] = [];
  for (let index = 0; index < json.length; index += 1) {
    specs.push(parseLayer(json[index] as unknown, index));
  }
  return specs;
}
