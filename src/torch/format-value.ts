/** `repr()` and `str()` of every console value, as Python and PyTorch write them. */
import { deviceRepr, deviceToString } from './device';
import { DTYPES } from './dtype';
import { pyFloatRepr, shortestFloat32 } from './format-number';
import { addSuffixes, missingValuesText, tensorRepr, valuesText } from './format-tensor';
import type { Tensor } from './tensor';
import type { DeviceProperties, LinearModule, Value } from './values';

/** Python's repr of a string: single quotes unless the text holds one and no double quote. */
export function pyStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const body = text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(new RegExp(quote, 'g'), `\\${quote}`);
  return `${quote}${body}${quote}`;
}

/**
 * Most characters of output one line shows; past it the output is cut with a note. print() of
 * a few long strings could otherwise send megabytes to the page.
 */
export const MAX_OUTPUT_CHARS = 200_000;

/**
 * Longest repr the console writes of a list or tuple; past it the rest of the items show as
 * `...`. Python has no such limit; it keeps a shared-item tuple from printing billions of
 * characters.
 */
export const MAX_REPR_CHARS = 200_000;

/** `repr(value)` (lists and tuples cut at MAX_REPR_CHARS). */
export function repr(value: Value): string {
  return reprWithin(value, { leftChars: MAX_REPR_CHARS });
}

/** The characters a repr may still write. */
interface ReprBudget {
  leftChars: number;
}

/** The items of a list or tuple, written until the budget runs out. */
function itemsRepr(items: readonly Value[], budget: ReprBudget): string {
  const parts: string[] = [];
  for (const item of items) {
    if (budget.leftChars <= 0) {
      parts.push('...');
      break;
    }
    parts.push(reprWithin(item, budget));
  }
  return parts.join(', ');
}

function reprWithin(value: Value, budget: ReprBudget): string {
  switch (value.kind) {
    case 'tuple':
      if (value.isSize) return `torch.Size([${itemsRepr(value.items, budget)}])`;
      return value.items.length === 1
        ? `(${reprWithin(value.items[0] as Value, budget)},)`
        : `(${itemsRepr(value.items, budget)})`;
    case 'list':
      return `[${itemsRepr(value.items, budget)}]`;
    default: {
      const text = scalarRepr(value);
      budget.leftChars -= text.length + 2;
      return text;
    }
  }
}

/** The repr of a value that is not a list or tuple. */
function scalarRepr(value: Exclude<Value, { kind: 'tuple' | 'list' }>): string {
  switch (value.kind) {
    case 'none':
      return 'None';
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'int':
      return String(value.value);
    case 'float':
      return pyFloatRepr(value.value);
    case 'str':
      return pyStringRepr(value.value);
    case 'tensor':
      return tensorRepr(value.tensor);
    case 'ndarray':
      return arrayRepr(value.tensor);
    case 'device':
      return deviceRepr(value.device);
    case 'dtype':
      return `torch.${value.dtype}`;
    case 'module':
      return moduleRepr(value.module);
    case 'namespace':
      return `<module '${value.path}'>`;
    case 'function':
      return `<built-in function ${value.name}>`;
    case 'props':
      return propsRepr(value.props);
  }
}

/** `str(value)`: like repr, except strings are bare and devices read "cuda:0". */
export function str(value: Value): string {
  if (value.kind === 'str') return value.value;
  if (value.kind === 'device') return deviceToString(value.device);
  return repr(value);
}

/** `repr(nn.Linear(...))`. */
export function moduleRepr(module: LinearModule): string {
  return `Linear(in_features=${module.inFeatures}, out_features=${module.outFeatures}, bias=${module.bias ? 'True' : 'False'})`;
}

function propsRepr(p: DeviceProperties): string {
  const totalMb = Math.floor(p.totalMemoryBytes / 1024 ** 2);
  const l2Mb = Math.floor(p.l2CacheBytes / 1024 ** 2);
  return `_CudaDeviceProperties(name=${pyStringRepr(p.name)}, major=${p.major}, minor=${p.minor}, total_memory=${totalMb}MB, multi_processor_count=${p.multiProcessorCount}, L2_cache_size=${l2Mb}MB)`;
}

/** NumPy's way with floats: fewest digits (up to 8 decimals), padded so the points line up. */
function numpyFloatFormatter(shown: number[]) {
  const integral = shown.every((v) => !Number.isFinite(v) || Math.round(v) === v);
  const text = (v: number): string => {
    if (Number.isNaN(v)) return 'nan';
    if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
    return integral ? `${v.toFixed(0)}.` : shortestFloat32(v, 8);
  };
  const parts = shown.map((v) => text(v).split('.'));
  const intWidth = Math.max(...parts.map((p) => (p[0] ?? '').length));
  const fracWidth = Math.max(...parts.map((p) => (p[1] ?? '').length));
  return (v: number) => {
    const [whole = '', fraction] = text(v).split('.');
    if (fraction === undefined) return whole.padStart(intWidth + fracWidth + 1);
    return `${whole.padStart(intWidth)}.${fraction.padEnd(fracWidth)}`;
  };
}

/** `repr(t.numpy())`: NumPy's `array([...], dtype=float32)`. */
export function arrayRepr(tensor: Tensor): string {
  const values = tensor.storage.values;
  if (!values) return missingValuesText(tensor).replace('<tensor', '<numpy array');
  const numpyName = tensor.dtype === 'bool' ? 'bool' : tensor.dtype;
  const suffixes =
    tensor.dtype === 'float64' || tensor.dtype === 'int64' || tensor.dtype === 'bool'
      ? []
      : [`dtype=${numpyName}`];
  if (tensor.shape.length === 0) {
    return DTYPES[tensor.dtype].kind === 'float'
      ? `np.${numpyName}(${pyFloatRepr(values[0] ?? 0)})`
      : `np.${numpyName}(${values[0] ?? 0})`;
  }
  const floatLike = DTYPES[tensor.dtype].kind === 'float';
  const body = valuesText(
    tensor.shape,
    values,
    tensor.dtype,
    6,
    75,
    floatLike ? numpyFloatFormatter : undefined,
  );
  return addSuffixes(`array(${body}`, suffixes, 6);
}
