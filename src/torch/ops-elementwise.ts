/**
 * Elementwise arithmetic (`+ - * / // % **`) on tensors and Python numbers, with PyTorch's
 * broadcasting, type promotion and same-device rule. Values are computed on the CPU in float64
 * and rounded to the result dtype; float CUDA tensors are also computed on the session's
 * compute backend (WebGPU) when there is one.
 */
import { computeOnBackend } from './backend-run';
import { bytesOf, elementwiseLaunchDescriptor, precisionOf } from './kernel-launch';
import { deviceToString, sameDevice, type Device } from './device';
import { castValue, DTYPES, promoteTypes, promoteWithScalar, type DTypeName } from './dtype';
import { runtimeError } from './errors';
import { resultTensor } from './factory';
import { broadcastIndex, broadcastShapes, MAX_VALUE_ELEMENTS, numel } from './shape';
import type { TorchSession } from './session';
import type { Tensor } from './tensor';
import type { ElementwiseOp } from './compute';

/** The elementwise operations. */
export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div' | 'floordiv' | 'mod' | 'pow';

/** A Python number used as an operand. */
export interface Scalar {
  value: number;
  isFloat: boolean;
}

/** One operand: a tensor or a Python number. */
export type Operand = Tensor | Scalar;

const GRAD_FN: Readonly<Record<ArithmeticOp, string>> = {
  add: 'AddBackward0',
  sub: 'SubBackward0',
  mul: 'MulBackward0',
  div: 'DivBackward0',
  floordiv: 'FloorDivideBackward0',
  mod: 'RemainderBackward0',
  pow: 'PowBackward1',
};

/** The name PyTorch gives each operation's kernel. */
const KERNEL_NAMES: Readonly<Record<ArithmeticOp, string>> = {
  add: 'add',
  sub: 'sub',
  mul: 'mul',
  div: 'div',
  floordiv: 'floor_divide',
  mod: 'remainder',
  pow: 'pow',
};

const BACKEND_OPS: Partial<Record<ArithmeticOp, ElementwiseOp>> = {
  add: 'add',
  sub: 'sub',
  mul: 'mul',
  div: 'div',
  pow: 'pow',
};

function isTensor(operand: Operand): operand is Tensor {
  return 'storage' in operand;
}

function apply(op: ArithmeticOp, x: number, y: number): number {
  switch (op) {
    case 'add':
      return x + y;
    case 'sub':
      return x - y;
    case 'mul':
      return x * y;
    case 'div':
      return x / y;
    case 'floordiv':
      return Math.floor(x / y);
    case 'mod':
      return x - Math.floor(x / y) * y;
    case 'pow':
      return x ** y;
  }
}

/** The device the result lands on, after PyTorch's same-device check (TensorIterator's wording). */
export function commonDevice(tensors: readonly Tensor[]): Device {
  const nonCpu = tensors.find((t) => t.storage.device.type !== 'cpu');
  const common = nonCpu
    ? nonCpu.storage.device
    : (tensors[0]?.storage.device ?? { type: 'cpu', index: null });
  for (const t of tensors) {
    const cpuScalar = t.shape.length === 0 && t.storage.device.type === 'cpu';
    if (common.type !== 'cpu' && cpuScalar) continue;
    if (!sameDevice(t.storage.device, common)) {
      throw runtimeError(
        `Expected all tensors to be on the same device, but found at least two devices, ${deviceToString(common)} and ${deviceToString(t.storage.device)}!`,
        'Both operands must live on the same device. Move one of them first, e.g. b = b.to(a.device).',
      );
    }
  }
  return common;
}

function resultDtype(op: ArithmeticOp, a: Operand, b: Operand): DTypeName {
  let dtype: DTypeName;
  if (isTensor(a) && isTensor(b)) {
    const aScalarLike = a.shape.length === 0 && b.shape.length > 0;
    const bScalarLike = b.shape.length === 0 && a.shape.length > 0;
    const sameKind = DTYPES[a.dtype].kind === DTYPES[b.dtype].kind;
    if (aScalarLike && sameKind) dtype = b.dtype;
    else if (bScalarLike && sameKind) dtype = a.dtype;
    else dtype = promoteTypes(a.dtype, b.dtype);
  } else if (isTensor(a)) {
    dtype = promoteWithScalar(a.dtype, (b as Scalar).isFloat);
  } else {
    dtype = promoteWithScalar((b as Tensor).dtype, (a as Scalar).isFloat);
  }
  if (op === 'div' && DTYPES[dtype].kind !== 'float') return 'float32';
  return dtype;
}

function expanded(operand: Operand, outShape: number[]): Float64Array | null {
  const total = numel(outShape);
  if (!isTensor(operand)) return new Float64Array(total).fill(operand.value);
  const values = operand.storage.values;
  if (!values) return null;
  const index = broadcastIndex(operand.shape, outShape);
  return Float64Array.from(index, (i) => values[i] ?? 0);
}

/** `a op b` with broadcasting; at least one operand must be a tensor. */
export async function elementwise(
  session: TorchSession,
  op: ArithmeticOp,
  a: Operand,
  b: Operand,
): Promise<Tensor> {
  const tensors = [a, b].filter(isTensor);
  const shape = broadcastShapes(isTensor(a) ? a.shape : [], isTensor(b) ? b.shape : []);
  const device = commonDevice(tensors);
  const dtype = resultDtype(op, a, b);
  if (op === 'pow' && DTYPES[dtype].kind === 'int' && !isTensor(b) && b.value < 0) {
    throw runtimeError('Integers to negative integer powers are not allowed.');
  }
  const gradFn = tensors.some((t) => t.requiresGrad) ? GRAD_FN[op] : null;
  const out = resultTensor(session, shape, dtype, device, null, gradFn);
  const launch =
    device.type === 'cuda' ? recordElementwise(session, op, tensors, shape, dtype) : null;
  if (numel(shape) > MAX_VALUE_ELEMENTS) return out;
  const x = expanded(a, shape);
  const y = expanded(b, shape);
  if (!x || !y) return out;
  const reference = Float64Array.from(x, (v, i) => castValue(apply(op, v, y[i] ?? 0), dtype));
  const backendOp = BACKEND_OPS[op];
  const run =
    backendOp && session.compute
      ? (compute: NonNullable<TorchSession['compute']>) =>
          compute.elementwise(backendOp, Float32Array.from(x), Float32Array.from(y))
      : null;
  await computeOnBackend(session, out, reference, run, launch);
  return out;
}

/** Records the CUDA kernel of `op`: it reads each tensor operand and writes the result. */
function recordElementwise(
  session: TorchSession,
  op: ArithmeticOp,
  tensors: readonly Tensor[],
  shape: number[],
  dtype: DTypeName,
) {
  const elements = numel(shape);
  const precision = precisionOf(dtype);
  const inputBytes = tensors.reduce((sum, t) => sum + bytesOf(numel(t.shape), t.dtype), 0);
  const descriptor = precision
    ? elementwiseLaunchDescriptor(KERNEL_NAMES[op], inputBytes, elements, precision, dtype)
    : null;
  return session.recordLaunch(KERNEL_NAMES[op], elements, dtype, descriptor);
}
