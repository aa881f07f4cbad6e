/**
 * Runtime values of the console's Python: numbers, strings, tuples, tensors, devices, dtypes,
 * modules and built-in functions, each tagged with its kind.
 */
import type { Device } from './device';
import { notSupported } from './errors';
import type { DTypeName } from './dtype';
import type { Tensor } from './tensor';

/** An nn.Linear layer. */
export interface LinearModule {
  kind: 'linear';
  inFeatures: number;
  outFeatures: number;
  weight: Tensor;
  bias: Tensor | null;
}

/** What torch.cuda.get_device_properties returns. */
export interface DeviceProperties {
  name: string;
  major: number;
  minor: number;
  totalMemoryBytes: number;
  multiProcessorCount: number;
  l2CacheBytes: number;
}

/** Keyword arguments of a call, by name. */
export type Kwargs = ReadonlyMap<string, Value>;

/** A built-in function: receives evaluated arguments and returns a value. */
export type BuiltinImpl = (args: Value[], kwargs: Kwargs) => Value | Promise<Value>;

/** A value of the console's Python. */
export type Value =
  | { kind: 'none' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'str'; value: string }
  | { kind: 'tuple'; items: Value[]; isSize?: boolean }
  | { kind: 'list'; items: Value[] }
  | { kind: 'tensor'; tensor: Tensor }
  | { kind: 'ndarray'; tensor: Tensor }
  | { kind: 'device'; device: Device }
  | { kind: 'dtype'; dtype: DTypeName }
  | { kind: 'module'; module: LinearModule }
  | { kind: 'namespace'; path: string }
  | { kind: 'function'; name: string; impl: BuiltinImpl }
  | { kind: 'props'; props: DeviceProperties };

/** Python's None. */
export const NONE: Value = { kind: 'none' };

/** A Python int. */
export function int(value: number): Value {
  return { kind: 'int', value };
}

/** A Python float. */
export function float(value: number): Value {
  return { kind: 'float', value };
}

/** A Python bool. */
export function bool(value: boolean): Value {
  return { kind: 'bool', value };
}

/**
 * Longest string the console builds (Python has no such limit; a browser tab does: a string of
 * millions of characters, printed, freezes the page).
 */
export const MAX_STRING_CHARS = 100_000;

/**
 * Most a list or tuple may hold, counting nested items and the characters of strings in them as
 * they would be written out: a tuple of tuples that share items (`t = (t, t, t)` a few times)
 * is small in memory but huge to print, compare or turn into a tensor.
 */
export const MAX_SEQUENCE_SIZE = 200_000;

/** Deepest nesting of lists and tuples the console builds (like the parser's MAX_NESTING). */
export const MAX_SEQUENCE_DEPTH = 100;

/** The error for a string or sequence past the console's limits. */
export function tooLarge(what: string): Error {
  return notSupported(
    what,
    `The console keeps strings up to ${MAX_STRING_CHARS.toLocaleString('en-US')} characters and lists or tuples up to ${MAX_SEQUENCE_SIZE.toLocaleString('en-US')} items and characters in all, nested up to ${MAX_SEQUENCE_DEPTH} deep, so the page stays responsive.`,
  );
}

/** How much a value holds written out (items, nested items, characters) and how deep it nests. */
export interface Extent {
  size: number;
  depth: number;
}

const extents = new WeakMap<object, Extent>();

/**
 * The extent of a value, cached per list or tuple so checking a new container costs one look at
 * each of its items. Counting stops early once past MAX_SEQUENCE_SIZE.
 */
export function extentOf(value: Value): Extent {
  if (value.kind === 'str') return { size: Math.max(1, value.value.length), depth: 0 };
  if (value.kind !== 'tuple' && value.kind !== 'list') return { size: 1, depth: 0 };
  const known = extents.get(value);
  if (known) return known;
  const extent: Extent = { size: 1, depth: 1 };
  for (const item of value.items) {
    const inner = extentOf(item);
    extent.size += inner.size;
    extent.depth = Math.max(extent.depth, inner.depth + 1);
    if (extent.size > MAX_SEQUENCE_SIZE) break;
  }
  extents.set(value, extent);
  return extent;
}

/** Returns a new list or tuple after checking it against the limits; throws NotSupported past them. */
export function checkedSequence<T extends Value>(value: T): T {
  const { size, depth } = extentOf(value);
  if (depth > MAX_SEQUENCE_DEPTH)
    throw tooLarge(`A ${value.kind} nested more than ${MAX_SEQUENCE_DEPTH} deep`);
  if (size > MAX_SEQUENCE_SIZE)
    throw tooLarge(
      `A ${value.kind} holding over ${MAX_SEQUENCE_SIZE.toLocaleString('en-US')} items and characters`,
    );
  return value;
}

/** A Python str; throws NotSupported past MAX_STRING_CHARS. */
export function str(value: string): Value {
  if (value.length > MAX_STRING_CHARS)
    throw tooLarge(`A string of ${value.length.toLocaleString('en-US')} characters`);
  return { kind: 'str', value };
}

/** A tensor value. */
export function tensorValue(tensor: Tensor): Value {
  return { kind: 'tensor', tensor };
}

/** A built-in function value. */
export function builtin(name: string, impl: BuiltinImpl): Value {
  return { kind: 'function', name, impl };
}

/** The Python type name of a value, as TypeErrors print it. */
export function typeName(value: Value): string {
  switch (value.kind) {
    case 'none':
      return 'NoneType';
    case 'tuple':
      return value.isSize ? 'torch.Size' : 'tuple';
    case 'tensor':
      return 'Tensor';
    case 'ndarray':
      return 'numpy.ndarray';
    case 'device':
      return 'torch.device';
    case 'dtype':
      return 'torch.dtype';
    case 'module':
      return 'Linear';
    case 'namespace':
      return 'module';
    case 'function':
      return 'builtin_function_or_method';
    case 'props':
      return 'torch._C._CudaDeviceProperties';
    default:
      return value.kind;
  }
}

/** Python truthiness. */
export function truthy(value: Value): boolean {
  switch (value.kind) {
    case 'none':
      return false;
    case 'bool':
    case 'int':
    case 'float':
      return Boolean(value.value);
    case 'str':
      return value.value.length > 0;
    case 'tuple':
    case 'list':
      return value.items.length > 0;
    default:
      return true;
  }
}
