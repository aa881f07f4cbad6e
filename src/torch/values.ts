/**
 * Runtime values of the console's Python: numbers, strings, tuples, tensors, devices, dtypes,
 * modules and built-in functions, each tagged with its kind.
 */
import type { Device } from './device';
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

/** A Python str. */
export function str(value: string): Value {
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
