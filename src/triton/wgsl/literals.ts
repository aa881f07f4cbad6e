/** WGSL spellings of the Triton runtime's types and constants, and their bits in workgroup memory. */
import { type Dtype, isPointer } from '../dtype';

/** The WGSL type an element of `dtype` is held in (pointers are i32 offsets). */
export function wgslType(dtype: Dtype): string {
  if (dtype === 'int1') return 'bool';
  if (dtype === 'int32' || isPointer(dtype)) return 'i32';
  return 'f32';
}

/** An f32 literal; infinities and NaN come from the args buffer (WGSL refuses them). */
export function f32Literal(x: number): string {
  const v = Math.fround(x);
  if (Number.isNaN(v)) return 'bitcast<f32>(args[NAN_WORD])';
  if (v === Infinity) return 'bitcast<f32>(args[INF_WORD])';
  if (v === -Infinity) return '(-bitcast<f32>(args[INF_WORD]))';
  if (Object.is(v, -0)) return '(-0.0f)';
  const s = String(v);
  return v < 0 ? `(${s}f)` : `${s}f`;
}

/** A constant of `dtype` as a WGSL literal. */
export function constLiteral(dtype: Dtype, value: number): string {
  if (dtype === 'int1') return value ? 'true' : 'false';
  if (dtype === 'fp32' || dtype === 'fp16') return f32Literal(value);
  const i = value | 0;
  if (i === -2147483648) return 'bitcast<i32>(0x80000000u)';
  return i < 0 ? `(${i}i)` : `${i}i`;
}

/** Element `x` of `dtype` as u32 bits (for workgroup memory). */
export function toBits(dtype: Dtype, x: string): string {
  if (dtype === 'int1') return `select(0u, 1u, ${x})`;
  return `bitcast<u32>(${x})`;
}

/** u32 bits `x` from workgroup memory as an element of `dtype`. */
export function fromBits(dtype: Dtype, x: string): string {
  if (dtype === 'int1') return `(${x} != 0u)`;
  return `bitcast<${wgslType(dtype)}>(${x})`;
}
