/**
 * Attribute lookup (`a.b`) for every kind of value. Misspelled names get Python 3.12's
 * AttributeError with a "Did you mean" suggestion; real PyTorch names the console does not
 * simulate get a "not supported here" message instead of a false error.
 */
import { cudaNamespace } from './builtins/cuda';
import { moduleAttribute, MODULE_ATTRIBUTES } from './builtins/module-attributes';
import { tensorAttribute, TENSOR_ATTRIBUTES } from './builtins/tensor-attributes';
import { nnNamespace, torchNamespace } from './builtins/torch-namespace';
import { DTYPES } from './dtype';
import { notSupported, PyError } from './errors';
import type { TorchSession } from './session';
import { closestName } from './suggest';
import { bool, int, NONE, str, typeName, type Value } from './values';

/** Module paths the console can import. */
export const KNOWN_MODULES = [
  'torch',
  'torch.cuda',
  'torch.nn',
  'torch.nn.functional',
  'numpy',
] as const;

const namespaceCache = new WeakMap<TorchSession, Map<string, Record<string, Value>>>();

/** The members of a module namespace. */
export function namespaceMembers(session: TorchSession, path: string): Record<string, Value> {
  let cache = namespaceCache.get(session);
  if (!cache) {
    cache = new Map();
    namespaceCache.set(session, cache);
  }
  let members = cache.get(path);
  if (!members) {
    if (path === 'torch') members = torchNamespace(session);
    else if (path === 'torch.cuda') members = cudaNamespace(session);
    else if (path === 'torch.nn')
      members = {
        ...nnNamespace(session),
        functional: { kind: 'namespace', path: 'torch.nn.functional' },
      };
    else members = {};
    cache.set(path, members);
  }
  return members;
}

function missing(
  owner: string,
  name: string,
  known: readonly string[],
  qualified: string,
): PyError {
  const suggestion = closestName(name, known);
  if (suggestion)
    return new PyError(
      'AttributeError',
      `${owner} has no attribute '${name}'. Did you mean: '${suggestion}'?`,
    );
  return notSupported(qualified);
}

function simpleAttribute(value: Value, name: string): Value | undefined {
  if (value.kind === 'device') {
    if (name === 'type') return str(value.device.type);
    if (name === 'index') return value.device.index === null ? NONE : int(value.device.index);
  }
  if (value.kind === 'props') {
    const p = value.props;
    const fields: Record<string, Value> = {
      name: str(p.name),
      major: int(p.major),
      minor: int(p.minor),
      total_memory: int(p.totalMemoryBytes),
      multi_processor_count: int(p.multiProcessorCount),
      L2_cache_size: int(p.l2CacheBytes),
    };
    return fields[name];
  }
  if (value.kind === 'dtype') {
    if (name === 'is_floating_point') return bool(DTYPES[value.dtype].kind === 'float');
    if (name === 'itemsize') return int(DTYPES[value.dtype].bytesPerElement);
  }
  if (value.kind === 'ndarray') {
    if (name === 'shape') return { kind: 'tuple', items: value.tensor.shape.map(int) };
    if (name === 'ndim') return int(value.tensor.shape.length);
    if (name === 'dtype') return str(value.tensor.dtype);
  }
  return undefined;
}

/** `value.name`; `label` is the source text of `value` when it is a plain name (for transfer logs). */
export function getAttribute(
  session: TorchSession,
  value: Value,
  name: string,
  label: string | null,
): Value {
  if (value.kind === 'namespace') {
    const members = namespaceMembers(session, value.path);
    const found = members[name];
    if (found) return found;
    throw missing(`module '${value.path}'`, name, Object.keys(members), `${value.path}.${name}`);
  }
  if (value.kind === 'tensor') {
    const found = tensorAttribute(session, value.tensor, name, label);
    if (found) return found;
    throw missing("'Tensor' object", name, TENSOR_ATTRIBUTES, `The tensor attribute .${name}`);
  }
  if (value.kind === 'module') {
    const found = moduleAttribute(session, value, name, label);
    if (found) return found;
    throw missing("'Linear' object", name, MODULE_ATTRIBUTES, `The module attribute .${name}`);
  }
  const found = simpleAttribute(value, name);
  if (found) return found;
  if (value.kind === 'ndarray') throw notSupported(`The NumPy attribute .${name}`);
  throw new PyError('AttributeError', `'${typeName(value)}' object has no attribute '${name}'`);
}
