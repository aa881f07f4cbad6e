/**
 * Operators on values: Python arithmetic and comparisons on numbers, strings and tuples, and
 * tensor arithmetic (elementwise and `@`) for anything involving a tensor.
 */
import type { BinaryOp, CompareOp } from './ast';
import { sameDevice } from './device';
import { notSupported, PyError, runtimeError, typeError } from './errors';
import { elementwise, type ArithmeticOp, type Operand } from './ops-elementwise';
import { matmul } from './ops-matmul';
import type { TorchSession } from './session';
import {
  bool,
  float,
  int,
  checkedSequence,
  MAX_STRING_CHARS,
  str,
  tensorValue,
  tooLarge,
  truthy,
  typeName,
  type Value,
} from './values';

const TENSOR_OP: Readonly<Record<Exclude<BinaryOp, '@'>, ArithmeticOp>> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '//': 'floordiv',
  '%': 'mod',
  '**': 'pow',
};

function unsupported(op: string, a: Value, b: Value): PyError {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

function operand(value: Value): Operand | null {
  if (value.kind === 'tensor') return value.tensor;
  if (value.kind === 'int' || value.kind === 'bool')
    return { value: Number(value.value), isFloat: false };
  if (value.kind === 'float') return { value: value.value, isFloat: true };
  return null;
}

function numeric(value: Value): number | null {
  if (value.kind === 'int' || value.kind === 'float') return value.value;
  if (value.kind === 'bool') return value.value ? 1 : 0;
  return null;
}

function numberOp(op: BinaryOp, a: Value, b: Value, x: number, y: number): Value {
  const isInt = a.kind !== 'float' && b.kind !== 'float';
  const make = (v: number) => {
    if (!isInt) return float(v);
    if (!Number.isSafeInteger(v)) {
      throw notSupported(
        'An integer this large',
        'Python ints here stay below 2**53 (about 9e15); use a float such as 1e20 for bigger numbers.',
      );
    }
    return int(v);
  };
  if ((op === '/' || op === '//' || op === '%') && y === 0) {
    const message =
      op === '/'
        ? isInt
          ? 'division by zero'
          : 'float division by zero'
        : isInt
          ? 'integer division or modulo by zero'
          : 'float floor division by zero';
    throw new PyError('ZeroDivisionError', message);
  }
  switch (op) {
    case '+':
      return make(x + y);
    case '-':
      return make(x - y);
    case '*':
      return make(x * y);
    case '/':
      return float(x / y);
    case '//':
      return make(Math.floor(x / y));
    case '%':
      return make(x - Math.floor(x / y) * y);
    case '**':
      return isInt && y >= 0 ? make(x ** y) : float(x ** y);
    default:
      throw unsupported(op, a, b);
  }
}

/** `a op b`. */
export async function binaryOp(
  session: TorchSession,
  op: BinaryOp,
  a: Value,
  b: Value,
): Promise<Value> {
  if (a.kind === 'tensor' || b.kind === 'tensor') {
    if (op === '@') {
      if (a.kind !== 'tensor' || b.kind !== 'tensor') throw unsupported('@', a, b);
      return tensorValue(await matmul(session, a.tensor, b.tensor));
    }
    const x = operand(a);
    const y = operand(b);
    if (!x || !y) throw unsupported(op, a, b);
    return tensorValue(await elementwise(session, TENSOR_OP[op], x, y));
  }
  if (a.kind === 'ndarray' || b.kind === 'ndarray')
    throw notSupported('Arithmetic on NumPy arrays');
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null && op !== '@') return numberOp(op, a, b, x, y);
  if (op === '+' && a.kind === 'str' && b.kind === 'str') return str(a.value + b.value);
  if (op === '*' && a.kind === 'str' && b.kind === 'int') {
    const count = Math.max(0, b.value);
    // Checked before repeating: 'a' * 2**40 would otherwise try to build the string first.
    if (a.value.length * count > MAX_STRING_CHARS)
      throw tooLarge(`A string of ${(a.value.length * count).toLocaleString('en-US')} characters`);
    return str(a.value.repeat(count));
  }
  const sequences =
    (a.kind === 'tuple' || a.kind === 'list') && (b.kind === 'tuple' || b.kind === 'list');
  if (op === '+' && sequences && (a.kind === b.kind || a.kind === 'tuple')) {
    return checkedSequence(
      a.kind === 'list'
        ? { kind: 'list', items: [...a.items, ...b.items] }
        : { kind: 'tuple', items: [...a.items, ...(b as { items: Value[] }).items] },
    );
  }
  if (op === '+' && a.kind === 'str' && b.kind !== 'str')
    throw typeError(
      `can only concatenate str (not "${typeName(b)}") to str`,
      'Use str(value) or print("text", value).',
    );
  throw unsupported(op, a, b);
}

/** Python `==` between two values. */
export function valuesEqual(a: Value, b: Value): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) return x === y;
  if (a.kind === 'str' && b.kind === 'str') return a.value === b.value;
  if (a.kind === 'none' || b.kind === 'none') return a.kind === b.kind;
  if (a.kind === 'device' && b.kind === 'device')
    return (
      sameDevice(a.device, b.device) && (a.device.index === null) === (b.device.index === null)
    );
  if (a.kind === 'dtype' && b.kind === 'dtype') return a.dtype === b.dtype;
  if ((a.kind === 'tuple' || a.kind === 'list') && (b.kind === 'tuple' || b.kind === 'list')) {
    return (
      a.items.length === b.items.length &&
      a.items.every((item, i) => valuesEqual(item, b.items[i] as Value))
    );
  }
  return a === b;
}

/** `a op b` for comparisons. */
export function compareOp(op: CompareOp, a: Value, b: Value): Value {
  if (a.kind === 'tensor' || b.kind === 'tensor')
    throw notSupported(
      'Comparing tensors',
      'Compare Python numbers instead, e.g. x.item() > 0, or compare x.shape, x.device or x.dtype.',
    );
  switch (op) {
    case '==':
      return bool(valuesEqual(a, b));
    case '!=':
      return bool(!valuesEqual(a, b));
    case 'is':
      return bool(
        a === b ||
          (a.kind === 'none' && b.kind === 'none') ||
          (a.kind === 'bool' && b.kind === 'bool' && a.value === b.value),
      );
    case 'is not':
      return bool(!truthy(compareOp('is', a, b)));
    case 'in':
    case 'not in': {
      let found: boolean;
      if (b.kind === 'tuple' || b.kind === 'list')
        found = b.items.some((item) => valuesEqual(item, a));
      else if (b.kind === 'str' && a.kind === 'str') found = b.value.includes(a.value);
      else throw typeError(`argument of type '${typeName(b)}' is not iterable`);
      return bool(op === 'in' ? found : !found);
    }
    default: {
      const x = numeric(a);
      const y = numeric(b);
      const pair =
        x !== null && y !== null
          ? [x, y]
          : a.kind === 'str' && b.kind === 'str'
            ? [a.value, b.value]
            : null;
      if (!pair)
        throw typeError(
          `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`,
        );
      const [l, r] = pair as [number | string, number | string];
      return bool(op === '<' ? l < r : op === '>' ? l > r : op === '<=' ? l <= r : l >= r);
    }
  }
}

/** Python truthiness, with PyTorch's rule for tensors. */
export function truthValue(value: Value): boolean {
  if (value.kind !== 'tensor') return truthy(value);
  const t = value.tensor;
  if (t.shape.reduce((p, s) => p * s, 1) !== 1)
    throw runtimeError('Boolean value of Tensor with more than one value is ambiguous');
  return (t.storage.values?.[0] ?? 0) !== 0;
}
