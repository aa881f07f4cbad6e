/**
 * What a Python name holds while a kernel is lowered: a runtime value of the IR (`tensor`, with
 * its static type) or something known at compile time (a constexpr int, float or bool, a dtype,
 * a tuple, a module such as `tl`, a function such as `tl.load`). Literals and `tl.constexpr`
 * parameters are compile-time values and fold; a plain assignment turns a number into a
 * runtime scalar, as Triton does (only `X: tl.constexpr = ...` keeps it constexpr).
 */
import type { BlockType, ScalarDtype } from './dtype';
import { typeName } from './dtype';
import type { ValueId } from './ir';

/** A runtime value: an IR value and its type. */
export interface TensorValue {
  kind: 'tensor';
  id: ValueId;
  type: BlockType;
}

/** A value while lowering. */
export type CValue =
  | TensorValue
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'none' }
  | { kind: 'string'; value: string }
  | { kind: 'dtype'; dtype: ScalarDtype }
  | { kind: 'tuple'; items: CValue[] }
  | { kind: 'module'; name: string }
  | { kind: 'function'; name: string }
  | { kind: 'method'; name: string; self: TensorValue };

/** A constexpr number or bool. */
export type ScalarConst = Extract<CValue, { kind: 'int' | 'float' | 'bool' }>;

/** Is it a constexpr number or bool? */
export function isScalarConst(v: { readonly kind: string }): v is ScalarConst {
  return v.kind === 'int' || v.kind === 'float' || v.kind === 'bool';
}

/** Makes the constexpr for a JavaScript number (`isFloat` says which Python type it was). */
export function constOf(value: number | boolean, isFloat = false): ScalarConst {
  if (typeof value === 'boolean') return { kind: 'bool', value };
  return isFloat || !Number.isInteger(value) ? { kind: 'float', value } : { kind: 'int', value };
}

/** How a value reads in a message. */
export function describe(v: CValue): string {
  switch (v.kind) {
    case 'tensor':
      return `a runtime value of type ${typeName(v.type)}`;
    case 'int':
    case 'float':
      return `the constexpr ${formatConst(v)}`;
    case 'bool':
      return `the constexpr ${v.value ? 'True' : 'False'}`;
    case 'none':
      return 'None';
    case 'string':
      return `the string '${v.value}'`;
    case 'dtype':
      return `the dtype ${v.dtype}`;
    case 'tuple':
      return 'a tuple';
    case 'module':
      return `the module ${v.name}`;
    case 'function':
      return `the function ${v.name}`;
    case 'method':
      return `the method .${v.name}`;
  }
}

/** A constexpr number as Python prints it. */
export function formatConst(v: ScalarConst): string {
  if (v.kind === 'bool') return v.value ? 'True' : 'False';
  if (v.kind === 'int') return String(v.value);
  if (Number.isInteger(v.value)) return `${v.value}.0`;
  if (v.value === Infinity) return 'inf';
  if (v.value === -Infinity) return '-inf';
  return String(v.value);
}
