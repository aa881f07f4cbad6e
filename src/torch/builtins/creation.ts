/**
 * Tensor creation functions of the torch namespace: randn, rand, zeros, ones, empty, full,
 * tensor, arange and the *_like family, each accepting dtype=, device=, requires_grad= and
 * pin_memory= where PyTorch does.
 */
import { bind, toBool, toDevice, toDtype, toNumber, toShape } from '../args';
import { CPU, concreteDevice, type Device } from '../device';
import { DEFAULT_FLOAT, DTYPES, isFloating, type DTypeName } from '../dtype';
import { runtimeError, typeError, valueError } from '../errors';
import { createTensor, type Fill } from '../factory';
import type { TorchSession } from '../session';
import { builtin, tensorValue, typeName, type Value } from '../values';

interface Options {
  dtype: DTypeName;
  device: Device;
  requiresGrad: boolean;
  pinned: boolean;
}

function options(
  fname: string,
  bound: Map<string, Value>,
  fallbackDtype: DTypeName,
  fallbackDevice: Device = CPU,
): Options {
  const dtypeValue = bound.get('dtype');
  const deviceValue = bound.get('device');
  const dtype =
    dtypeValue && dtypeValue.kind !== 'none' ? toDtype(dtypeValue, fname) : fallbackDtype;
  const device =
    deviceValue && deviceValue.kind !== 'none'
      ? concreteDevice(toDevice(deviceValue, fname))
      : fallbackDevice;
  const requiresGrad = toBool(bound.get('requires_grad'), false);
  const pinned = toBool(bound.get('pin_memory'), false);
  if (requiresGrad && !isFloating(dtype)) {
    throw runtimeError('Only Tensors of floating point and complex dtype can require gradients');
  }
  if (pinned && device.type !== 'cpu') throw runtimeError('Only dense CPU tensors can be pinned');
  return { dtype, device, requiresGrad, pinned };
}

const FACTORY_KWARGS = ['dtype', 'device', 'requires_grad', 'pin_memory'];

/** randn/rand/zeros/ones/empty: `f(*size, dtype=None, device=None, requires_grad=False, pin_memory=False)`. */
function sizedFactory(session: TorchSession, fname: string, fill: Fill): Value {
  return builtin(fname, (args, kwargs) => {
    const rest = new Map(kwargs);
    const sizeKw = rest.get('size');
    rest.delete('size');
    const bound = bind(fname, FACTORY_KWARGS, [], rest);
    const sizes = sizeKw ? [sizeKw] : args;
    if (sizes.length === 0)
      throw typeError(`${fname}() missing 1 required positional arguments: "size"`);
    const shape = toShape(fname, sizes);
    const o = options(fname, bound, DEFAULT_FLOAT);
    if ((fill.kind === 'randn' || fill.kind === 'rand') && !isFloating(o.dtype)) {
      throw runtimeError(
        `"normal_kernel_${o.device.type}" not implemented for '${DTYPES[o.dtype].scalarName}'`,
        `${fname} makes floating-point numbers: use a float dtype.`,
      );
    }
    return tensorValue(
      createTensor(session, shape, o.dtype, o.device, fill, {
        pinned: o.pinned,
        requiresGrad: o.requiresGrad,
      }),
    );
  });
}

/** Flattens nested lists of numbers into values and a shape; errors on ragged input. */
export function flattenData(
  data: Value,
  dim = 0,
): { shape: number[]; values: number[]; kinds: Set<string> } {
  if (data.kind === 'int' || data.kind === 'float' || data.kind === 'bool') {
    const value = data.kind === 'bool' ? (data.value ? 1 : 0) : data.value;
    return { shape: [], values: [value], kinds: new Set([data.kind]) };
  }
  if (data.kind === 'tensor' && data.tensor.storage.values) {
    const t = data.tensor;
    const kind = DTYPES[t.dtype].kind === 'float' ? 'float' : t.dtype === 'bool' ? 'bool' : 'int';
    return { shape: [...t.shape], values: [...(t.storage.values ?? [])], kinds: new Set([kind]) };
  }
  if (data.kind !== 'list' && data.kind !== 'tuple') {
    throw typeError(
      `Could not infer dtype of ${typeName(data)}`,
      'torch.tensor takes numbers or (nested) lists of numbers.',
    );
  }
  const parts = data.items.map((item) => flattenData(item, dim + 1));
  const first = parts[0];
  const inner = first ? first.shape : [];
  parts.forEach((part) => {
    if (part.shape.length !== inner.length || part.shape.some((s, i) => s !== inner[i])) {
      throw valueError(
        `expected sequence of length ${inner[0] ?? 0} at dim ${dim + 1} (got ${part.shape[0] ?? 0})`,
        'Every row must have the same length.',
      );
    }
  });
  return {
    shape: [parts.length, ...inner],
    values: parts.flatMap((p) => p.values),
    kinds: new Set(parts.flatMap((p) => [...p.kinds])),
  };
}

function tensorFactory(session: TorchSession): Value {
  return builtin('tensor', (args, kwargs) => {
    const bound = bind('tensor', ['data', ...FACTORY_KWARGS], args, kwargs, 1);
    const flat = flattenData(bound.get('data') as Value);
    const inferred: DTypeName = flat.kinds.has('float')
      ? DEFAULT_FLOAT
      : flat.kinds.has('int')
        ? 'int64'
        : flat.kinds.size
          ? 'bool'
          : DEFAULT_FLOAT;
    const o = options('tensor', bound, inferred);
    const fill: Fill = { kind: 'data', values: flat.values };
    return tensorValue(
      createTensor(session, flat.shape, o.dtype, o.device, fill, {
        pinned: o.pinned,
        requiresGrad: o.requiresGrad,
      }),
    );
  });
}

function fullFactory(session: TorchSession): Value {
  return builtin('full', (args, kwargs) => {
    const bound = bind('full', ['size', 'fill_value', ...FACTORY_KWARGS], args, kwargs, 2);
    const fillValue = bound.get('fill_value') as Value;
    const value = toNumber(fillValue, 'fill_value');
    const fallback: DTypeName =
      fillValue.kind === 'float' ? DEFAULT_FLOAT : fillValue.kind === 'bool' ? 'bool' : 'int64';
    const o = options('full', bound, fallback);
    const shape = toShape('full', [bound.get('size') as Value]);
    return tensorValue(
      createTensor(
        session,
        shape,
        o.dtype,
        o.device,
        { kind: 'full', value },
        { pinned: o.pinned, requiresGrad: o.requiresGrad },
      ),
    );
  });
}

function likeFactory(session: TorchSession, fname: string, fill: Fill): Value {
  return builtin(fname, (args, kwargs) => {
    const bound = bind(fname, ['input', 'dtype', 'device', 'requires_grad'], args, kwargs, 1);
    const input = bound.get('input') as Value;
    if (input.kind !== 'tensor')
      throw typeError(
        `${fname}(): argument 'input' (position 1) must be Tensor, not ${typeName(input)}`,
      );
    const t = input.tensor;
    const o = options(fname, bound, t.dtype, t.storage.device);
    return tensorValue(
      createTensor(session, [...t.shape], o.dtype, o.device, fill, {
        requiresGrad: o.requiresGrad,
      }),
    );
  });
}

function arangeFactory(session: TorchSession): Value {
  return builtin('arange', (args, kwargs) => {
    const bound = bind(
      'arange',
      ['start', 'end', 'step', 'dtype', 'device', 'requires_grad'],
      args,
      kwargs,
      1,
    );
    const first = bound.get('start') as Value;
    const endValue = bound.get('end');
    const stepValue = bound.get('step');
    const start = endValue ? toNumber(first, 'start') : 0;
    const end = endValue ? toNumber(endValue, 'end') : toNumber(first, 'end');
    const step = stepValue ? toNumber(stepValue, 'step') : 1;
    if (step === 0) throw runtimeError('step must be nonzero');
    const anyFloat = [first, endValue, stepValue].some((v) => v?.kind === 'float');
    const o = options('arange', bound, anyFloat ? DEFAULT_FLOAT : 'int64');
    const count = Math.max(0, Math.ceil((end - start) / step));
    if (count > 2 ** 40)
      throw runtimeError(`Storage size calculation overflowed with sizes=[${count}]`);
    const values = count <= 4096 ? Array.from({ length: count }, (_, i) => start + i * step) : [];
    return tensorValue(
      createTensor(
        session,
        [count],
        o.dtype,
        o.device,
        { kind: 'data', values },
        { requiresGrad: o.requiresGrad },
      ),
    );
  });
}

/** The creation functions, by name. */
export function creationFunctions(session: TorchSession): Record<string, Value> {
  return {
    randn: sizedFactory(session, 'randn', { kind: 'randn' }),
    rand: sizedFactory(session, 'rand', { kind: 'rand' }),
    zeros: sizedFactory(session, 'zeros', { kind: 'zeros' }),
    ones: sizedFactory(session, 'ones', { kind: 'ones' }),
    empty: sizedFactory(session, 'empty', { kind: 'empty' }),
    full: fullFactory(session),
    tensor: tensorFactory(session),
    arange: arangeFactory(session),
    zeros_like: likeFactory(session, 'zeros_like', { kind: 'zeros' }),
    ones_like: likeFactory(session, 'ones_like', { kind: 'ones' }),
    randn_like: likeFactory(session, 'randn_like', { kind: 'randn' }),
    rand_like: likeFactory(session, 'rand_like', { kind: 'rand' }),
    empty_like: likeFactory(session, 'empty_like', { kind: 'empty' }),
  };
}
