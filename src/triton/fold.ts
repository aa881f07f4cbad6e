/**
 * Arithmetic on constexprs, folded while lowering, with Python's semantics (Triton's too: "integer
 * division and modulus follow Python semantics for computations where all the inputs are
 * scalars"): `//` floors, `%` takes the divisor's sign, `/` gives a float, ints stay exact.
 */
import type { BinaryOp, CompareOp } from './ast';
import { compileError, unsupported } from './errors';
import { type ScalarConst, constOf } from './values';

function num(v: ScalarConst): number {
  return typeof v.value === 'boolean' ? Number(v.value) : v.value;
}

/** Folds `a op b` for two constexprs. */
export function foldBinary(
  op: BinaryOp,
  a: ScalarConst,
  b: ScalarConst,
  line: number,
): ScalarConst {
  const x = num(a);
  const y = num(b);
  const float = a.kind === 'float' || b.kind === 'float';
  const bothBool = a.kind === 'bool' && b.kind === 'bool';
  const int = (value: number) => {
    if (!Number.isSafeInteger(value)) throw unsupported(line, `The integer ${value} (past 2**53)`);
    return constOf(value);
  };
  switch (op) {
    case '+':
      return float ? constOf(x + y, true) : int(x + y);
    case '-':
      return float ? constOf(x - y, true) : int(x - y);
    case '*':
      return float ? constOf(x * y, true) : int(x * y);
    case '/':
      if (y === 0) throw compileError(line, 'ZeroDivisionError: division by zero');
      return constOf(x / y, true);
    case '//':
      if (y === 0)
        throw compileError(line, 'ZeroDivisionError: integer division or modulo by zero');
      return float ? constOf(Math.floor(x / y), true) : int(Math.floor(x / y));
    case '%': {
      if (y === 0) throw compileError(line, 'ZeroDivisionError: integer modulo by zero');
      const r = x - y * Math.floor(x / y);
      return float ? constOf(r, true) : int(r);
    }
    case '**':
      if (!float && y < 0) return constOf(x ** y, true);
      return float ? constOf(x ** y, true) : int(x ** y);
    case '&':
    case '|':
    case '^':
    case '<<':
    case '>>': {
      if (float) throw compileError(line, `unsupported operand type(s) for ${op}: 'float'`);
      const r =
        op === '&'
          ? x & y
          : op === '|'
            ? x | y
            : op === '^'
              ? x ^ y
              : op === '<<'
                ? x * 2 ** y
                : Math.floor(x / 2 ** y);
      if (bothBool && (op === '&' || op === '|' || op === '^')) return constOf(r !== 0);
      return int(r);
    }
    case '@':
      throw unsupported(line, 'The @ operator', 'Multiply blocks with tl.dot(a, b).');
  }
}

/** Folds a comparison of two constexprs. */
export function foldCompare(
  op: CompareOp,
  a: ScalarConst,
  b: ScalarConst,
  line: number,
): ScalarConst {
  const x = num(a);
  const y = num(b);
  switch (op) {
    case '==':
    case 'is':
      return constOf(x === y);
    case '!=':
    case 'is not':
      return constOf(x !== y);
    case '<':
      return constOf(x < y);
    case '<=':
      return constOf(x <= y);
    case '>':
      return constOf(x > y);
    case '>=':
      return constOf(x >= y);
    default:
      throw unsupported(line, `The "${op}" operator`);
  }
}

/** Folds `-a`, `+a`, `~a` and `not a`. */
export function foldUnary(op: '-' | '+' | '~' | 'not', a: ScalarConst, line: number): ScalarConst {
  const x = num(a);
  switch (op) {
    case '-':
      return a.kind === 'float' ? constOf(-x, true) : constOf(-x);
    case '+':
      return a.kind === 'bool' ? constOf(x) : a;
    case 'not':
      return constOf(x === 0);
    case '~':
      if (a.kind === 'float') throw compileError(line, "bad operand type for unary ~: 'float'");
      return constOf(~x);
  }
}

/** Python's truth value of a constexpr. */
export function truthy(a: ScalarConst): boolean {
  return num(a) !== 0;
}
