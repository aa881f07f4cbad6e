/**
 * Binding call arguments to parameters, and converting values to what a function needs
 * (ints, shapes, devices, dtypes), with Python's and PyTorch's TypeError wording.
 */
import { parseDevice, type Device } from './device';
import { DTYPE_ALIASES, type DTypeName } from './dtype';
import { typeError } from './errors';
import { typeName, type Kwargs, type Value } from './values';

/** Arguments bound to parameter names. */
export type Bound = Map<string, Value>;

/**
 * Binds positional `args` to `params` in order and checks keyword names. `required` is how
 * many leading parameters must be given.
 */
export function bind(
  fname: string,
  params: readonly string[],
  args: readonly Value[],
  kwargs: Kwargs,
  required = 0,
): Bound {
  if (args.length > params.length) {
    const range =
      required === params.length ? `${params.length}` : `from ${required} to ${params.length}`;
    throw typeError(
      `${fname}() takes ${range} positional argument${params.length === 1 ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`,
    );
  }
  const bound: Bound = new Map();
  args.forEach((value, i) => bound.set(params[i] as string, value));
  for (const [name, value] of kwargs) {
    if (!params.includes(name))
      throw typeError(
        `${fname}() got an unexpected keyword argument '${name}'`,
        `It accepts: ${params.join(', ') || 'no arguments'}.`,
      );
    if (bound.has(name)) throw typeError(`${fname}() got multiple values for argument '${name}'`);
    bound.set(name, value);
  }
  const missing = params.slice(0, required).filter((p) => !bound.has(p));
  if (missing.length > 0) {
    throw typeError(
      `${fname}() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${missing.map((m) => `'${m}'`).join(' and ')}`,
    );
  }
  return bound;
}

/** A Python int (a bool counts, as in Python). */
export function toInt(value: Value, what: string): number {
  if (value.kind === 'int') return value.value;
  if (value.kind === 'bool') return value.value ? 1 : 0;
  throw typeError(`${what} must be int, not ${typeName(value)}`);
}

/** A Python number as a float. */
export function toNumber(value: Value, what: string): number {
  if (value.kind === 'int' || value.kind === 'float') return value.value;
  if (value.kind === 'bool') return value.value ? 1 : 0;
  throw typeError(`${what} must be a number, not ${typeName(value)}`);
}

/** A bool argument (None and numbers follow Python truthiness for flags like non_blocking). */
export function toBool(value: Value | undefined, fallback: boolean): boolean {
  if (value === undefined || value.kind === 'none') return fallback;
  if (value.kind === 'bool') return value.value;
  if (value.kind === 'int') return value.value !== 0;
  throw typeError(`expected a bool, not ${typeName(value)}`);
}

/** A device from a string, a torch.device or an int (a CUDA index). */
export function toDevice(value: Value, fname: string): Device {
  if (value.kind === 'device') return value.device;
  if (value.kind === 'str') return parseDevice(value.value);
  if (value.kind === 'int') return { type: 'cuda', index: value.value };
  throw typeError(`${fname}(): argument 'device' must be torch.device, not ${typeName(value)}`);
}

/** A dtype from a torch.dtype value. */
export function toDtype(value: Value, fname: string): DTypeName {
  if (value.kind === 'dtype') return value.dtype;
  if (value.kind === 'str' && value.value in DTYPE_ALIASES) {
    throw typeError(
      `${fname}(): argument 'dtype' must be torch.dtype, not str`,
      `Write torch.${value.value}, without quotes.`,
    );
  }
  throw typeError(`${fname}(): argument 'dtype' must be torch.dtype, not ${typeName(value)}`);
}

/** The sizes of `torch.zeros(2, 3)`, `torch.zeros((2, 3))` or `torch.zeros(size=[2, 3])`. */
export function toShape(fname: string, sizeArgs: readonly Value[]): number[] {
  const single = sizeArgs.length === 1 ? sizeArgs[0] : undefined;
  const items =
    single && (single.kind === 'tuple' || single.kind === 'list') ? single.items : sizeArgs;
  return items.map((item, pos) => {
    if (item.kind === 'int') return item.value;
    throw typeError(
      `${fname}(): argument 'size' (position 1) must be tuple of ints, but found element of type ${typeName(item)} at pos ${pos}`,
      'Sizes are whole numbers, e.g. torch.zeros(32, 3, 224, 224).',
    );
  });
}
