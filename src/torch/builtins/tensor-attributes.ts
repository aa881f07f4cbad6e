/**
 * Attributes and methods of a Tensor: shape and place (`shape`, `device`, `dtype`, `is_cuda`),
 * moving (`to`, `cuda`, `cpu`, `pin_memory`), reading values (`item`, `tolist`, `numpy`) and a
 * few conversions and reductions. Reading a GPU value with `.item()` logs the small copy it
 * causes, as the lessons teach.
 */
import { bind, toBool, toDevice, toInt } from '../args';
import { CPU, CUDA0, deviceToString } from '../device';
import { castValue, DTYPES, isFloating, type DTypeName } from '../dtype';
import { PyError, runtimeError, typeError } from '../errors';
import { resultTensor } from '../factory';
import { numel } from '../shape';
import type { TorchSession } from '../session';
import type { Tensor } from '../tensor';
import { pinMemory, recordTransfer, tensorTo } from '../transfer';
import { bool, builtin, float, int, NONE, str, tensorValue, type Value } from '../values';
import { parseToArgs } from './tensor-to-args';

function sizeValue(shape: readonly number[]): Value {
  return { kind: 'tuple', items: shape.map(int), isSize: true };
}

function checkDim(dim: number, rank: number): number {
  const low = -Math.max(rank, 1);
  const high = Math.max(rank, 1) - 1;
  if (dim < low || dim > high)
    throw new PyError(
      'IndexError',
      `Dimension out of range (expected to be in range of [${low}, ${high}], but got ${dim})`,
    );
  return dim < 0 ? dim + rank : dim;
}

function pythonScalar(value: number, dtype: DTypeName): Value {
  if (dtype === 'bool') return bool(value !== 0);
  return isFloating(dtype) ? float(value) : int(value);
}

function requireValues(t: Tensor): Float64Array {
  if (t.storage.values) return t.storage.values;
  throw new PyError(
    'NotSupported',
    `this tensor of shape (${t.shape.join(', ')}) has no values in the simulator (only tensors of up to 4,096 elements keep real numbers).`,
    'Its shape, dtype, device and memory are still tracked. Create a small tensor to look at values.',
  );
}

function nested(
  values: Float64Array,
  shape: readonly number[],
  dtype: DTypeName,
  offset = 0,
): Value {
  if (shape.length === 0) return pythonScalar(values[offset] ?? 0, dtype);
  const inner = shape.slice(1);
  const size = numel(inner);
  return {
    kind: 'list',
    items: Array.from({ length: shape[0] ?? 0 }, (_, i) =>
      nested(values, inner, dtype, offset + i * size),
    ),
  };
}

function reduction(session: TorchSession, t: Tensor, name: 'sum' | 'mean'): Value {
  let dtype: DTypeName = t.dtype;
  if (name === 'mean' && !isFloating(t.dtype)) {
    throw runtimeError(
      `mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: ${DTYPES[t.dtype].scalarName}`,
      'Convert first: x.float().mean().',
    );
  }
  if (name === 'sum' && DTYPES[t.dtype].kind !== 'float') dtype = 'int64';
  const values = t.storage.values;
  const total = values ? values.reduce((a, b) => a + b, 0) : 0;
  const result = values
    ? Float64Array.of(
        castValue(name === 'mean' ? total / Math.max(values.length, 1) : total, dtype),
      )
    : null;
  const gradFn = t.requiresGrad ? (name === 'sum' ? 'SumBackward0' : 'MeanBackward0') : null;
  return tensorValue(resultTensor(session, [], dtype, t.storage.device, result, gradFn));
}

/** The tensor attribute `name` of `t`; `label` names the tensor in the transfer log. */
export function tensorAttribute(
  session: TorchSession,
  t: Tensor,
  name: string,
  label: string | null,
): Value | undefined {
  const method = (
    impl: (args: Value[], kwargs: ReadonlyMap<string, Value>) => Value | Promise<Value>,
  ) => builtin(name, impl);
  const convert = (dtype: DTypeName) =>
    method(() => tensorValue(tensorTo(session, t, { dtype, nonBlocking: false, label })));
  switch (name) {
    case 'shape':
      return sizeValue(t.shape);
    case 'dtype':
      return { kind: 'dtype', dtype: t.dtype };
    case 'device':
      return { kind: 'device', device: t.storage.device };
    case 'is_cuda':
      return bool(t.storage.device.type === 'cuda');
    case 'ndim':
      return int(t.shape.length);
    case 'nbytes':
      return int(numel(t.shape) * DTYPES[t.dtype].bytesPerElement);
    case 'requires_grad':
      return bool(t.requiresGrad);
    case 'is_leaf':
      return bool(t.gradFn === null);
    case 'grad_fn':
      return t.gradFn ? str(t.gradFn) : NONE;
    case 'size':
      return method((args, kwargs) => {
        const dim = bind('size', ['dim'], args, kwargs).get('dim');
        if (!dim || dim.kind === 'none') return sizeValue(t.shape);
        return int(t.shape[checkDim(toInt(dim, 'dim'), t.shape.length)] ?? 1);
      });
    case 'dim':
      return method(() => int(t.shape.length));
    case 'numel':
      return method(() => int(numel(t.shape)));
    case 'element_size':
      return method(() => int(DTYPES[t.dtype].bytesPerElement));
    case 'is_pinned':
      return method(() => bool(t.storage.pinned));
    case 'to':
      return method((args, kwargs) =>
        tensorValue(tensorTo(session, t, { ...parseToArgs(args, kwargs), label })),
      );
    case 'cuda':
      return method((args, kwargs) => {
        const bound = bind('cuda', ['device', 'non_blocking'], args, kwargs);
        const deviceArg = bound.get('device');
        const device = deviceArg && deviceArg.kind !== 'none' ? toDevice(deviceArg, 'cuda') : CUDA0;
        const nonBlocking = toBool(bound.get('non_blocking'), false);
        return tensorValue(tensorTo(session, t, { device, nonBlocking, label }));
      });
    case 'cpu':
      return method((args, kwargs) => {
        bind('cpu', [], args, kwargs);
        return tensorValue(tensorTo(session, t, { device: CPU, nonBlocking: false, label }));
      });
    case 'pin_memory':
      return method(() => tensorValue(pinMemory(session, t)));
    case 'numpy':
      return method(() => {
        if (t.storage.device.type !== 'cpu') {
          throw typeError(
            `can't convert ${deviceToString(t.storage.device)} device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.`,
            'NumPy arrays live in host memory: write t.cpu().numpy().',
          );
        }
        if (t.requiresGrad)
          throw runtimeError(
            "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.",
            'detach() drops the autograd history; the values are the same.',
          );
        return { kind: 'ndarray', tensor: t };
      });
    case 'item':
      return method(() => {
        const count = numel(t.shape);
        if (count !== 1)
          throw runtimeError(
            `a Tensor with ${count} elements cannot be converted to Scalar`,
            'item() reads one number; use .tolist() for many, or index the tensor first.',
          );
        const values = requireValues(t);
        if (t.storage.device.type === 'cuda') {
          recordTransfer(session, {
            label: label ? `${label}.item()` : 'item()',
            bytes: DTYPES[t.dtype].bytesPerElement,
            direction: 'd2h',
            pinned: false,
            nonBlocking: false,
          });
        }
        return pythonScalar(values[0] ?? 0, t.dtype);
      });
    case 'tolist':
      return method(() => nested(requireValues(t), t.shape, t.dtype));
    case 'clone':
      return method(() =>
        tensorValue(tensorTo(session, t, { nonBlocking: false, copy: true, label })),
      );
    case 'detach':
      return method(() => tensorValue(session.newTensor(t.storage, [...t.shape], t.dtype)));
    case 'float':
      return convert('float32');
    case 'double':
      return convert('float64');
    case 'half':
      return convert('float16');
    case 'bfloat16':
      return convert('bfloat16');
    case 'long':
      return convert('int64');
    case 'int':
      return convert('int32');
    case 'bool':
      return convert('bool');
    case 'sum':
    case 'mean':
      return method(() => reduction(session, t, name));
    default:
      return undefined;
  }
}

/** Every attribute name tensorAttribute answers, for typo suggestions. */
export const TENSOR_ATTRIBUTES: readonly string[] = [
  'shape',
  'dtype',
  'device',
  'is_cuda',
  'ndim',
  'nbytes',
  'requires_grad',
  'is_leaf',
  'grad_fn',
  'size',
  'dim',
  'numel',
  'element_size',
  'is_pinned',
  'to',
  'cuda',
  'cpu',
  'pin_memory',
  'numpy',
  'item',
  'tolist',
  'clone',
  'detach',
  'float',
  'double',
  'half',
  'bfloat16',
  'long',
  'int',
  'bool',
  'sum',
  'mean',
];
