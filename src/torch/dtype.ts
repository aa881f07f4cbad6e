/**
 * Tensor dtypes: their names, sizes, how values are rounded into them, and how two dtypes
 * combine in arithmetic (PyTorch's type promotion, for the dtypes the console knows).
 */

/** The dtypes the console supports, by PyTorch's canonical name. */
export type DTypeName =
  | 'float32'
  | 'float64'
  | 'float16'
  | 'bfloat16'
  | 'int64'
  | 'int32'
  | 'int16'
  | 'int8'
  | 'uint8'
  | 'bool';

/** What is known about one dtype. */
export interface DTypeInfo {
  name: DTypeName;
  bytesPerElement: number;
  kind: 'float' | 'int' | 'bool';
  /** The C++ scalar type name PyTorch uses in some messages (`float`, `long int`, `c10::Half`). */
  cppName: string;
  /** PyTorch's ScalarType name (`Float`, `Long`), used in "not implemented for" errors. */
  scalarName: string;
  /** The legacy tensor type name (`FloatTensor`), used in `pin_memory` errors. */
  legacyName: string;
  /** Rank in the promotion order within its kind (higher wins). */
  rank: number;
}

/** Every supported dtype. */
export const DTYPES: Readonly<Record<DTypeName, DTypeInfo>> = {
  bool: {
    name: 'bool',
    scalarName: 'Bool',
    bytesPerElement: 1,
    kind: 'bool',
    cppName: 'bool',
    legacyName: 'BoolTensor',
    rank: 0,
  },
  uint8: {
    name: 'uint8',
    scalarName: 'Byte',
    bytesPerElement: 1,
    kind: 'int',
    cppName: 'unsigned char',
    legacyName: 'ByteTensor',
    rank: 1,
  },
  int8: {
    name: 'int8',
    scalarName: 'Char',
    bytesPerElement: 1,
    kind: 'int',
    cppName: 'signed char',
    legacyName: 'CharTensor',
    rank: 1,
  },
  int16: {
    name: 'int16',
    scalarName: 'Short',
    bytesPerElement: 2,
    kind: 'int',
    cppName: 'short int',
    legacyName: 'ShortTensor',
    rank: 2,
  },
  int32: {
    name: 'int32',
    scalarName: 'Int',
    bytesPerElement: 4,
    kind: 'int',
    cppName: 'int',
    legacyName: 'IntTensor',
    rank: 3,
  },
  int64: {
    name: 'int64',
    scalarName: 'Long',
    bytesPerElement: 8,
    kind: 'int',
    cppName: 'long int',
    legacyName: 'LongTensor',
    rank: 4,
  },
  float16: {
    name: 'float16',
    scalarName: 'Half',
    bytesPerElement: 2,
    kind: 'float',
    cppName: 'c10::Half',
    legacyName: 'HalfTensor',
    rank: 1,
  },
  bfloat16: {
    name: 'bfloat16',
    scalarName: 'BFloat16',
    bytesPerElement: 2,
    kind: 'float',
    cppName: 'c10::BFloat16',
    legacyName: 'BFloat16Tensor',
    rank: 1,
  },
  float32: {
    name: 'float32',
    scalarName: 'Float',
    bytesPerElement: 4,
    kind: 'float',
    cppName: 'float',
    legacyName: 'FloatTensor',
    rank: 2,
  },
  float64: {
    name: 'float64',
    scalarName: 'Double',
    bytesPerElement: 8,
    kind: 'float',
    cppName: 'double',
    legacyName: 'DoubleTensor',
    rank: 3,
  },
};

/** Attribute names under `torch.` that name a dtype, aliases included. */
export const DTYPE_ALIASES: Readonly<Record<string, DTypeName>> = {
  float32: 'float32',
  float: 'float32',
  float64: 'float64',
  double: 'float64',
  float16: 'float16',
  half: 'float16',
  bfloat16: 'bfloat16',
  int64: 'int64',
  long: 'int64',
  int32: 'int32',
  int: 'int32',
  int16: 'int16',
  short: 'int16',
  int8: 'int8',
  uint8: 'uint8',
  bool: 'bool',
};

/** The dtype PyTorch gives floating-point tensors unless told otherwise. */
export const DEFAULT_FLOAT: DTypeName = 'float32';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Rounds to the nearest float16 value (round half to even), with overflow to Infinity. */
export function roundToFloat16(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  if (magnitude >= 65520) return sign * Infinity;
  // Below 2^-14 float16 is subnormal with a fixed step of 2^-24.
  const exponent = Math.max(Math.floor(Math.log2(magnitude)), -14);
  const step = 2 ** (exponent - 10);
  return sign * roundHalfEven(magnitude / step) * step;
}

/** Rounds to the nearest bfloat16 value (the top 16 bits of a float32, round half to even). */
export function roundToBfloat16(value: number): number {
  if (!Number.isFinite(value)) return value;
  f32[0] = value;
  const bits = u32[0] ?? 0;
  const lower = bits & 0xffff;
  let upper = bits >>> 16;
  if (lower > 0x8000 || (lower === 0x8000 && (upper & 1) === 1)) upper += 1;
  u32[0] = (upper << 16) >>> 0;
  return f32[0] ?? 0;
}

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Wraps an integer into the range of an integer dtype, as a C cast would. */
function wrapInteger(value: number, bits: number, signed: boolean): number {
  const modulus = 2 ** bits;
  let wrapped = ((value % modulus) + modulus) % modulus;
  if (signed && wrapped >= modulus / 2) wrapped -= modulus;
  return wrapped;
}

/** Converts a number to what a tensor of `dtype` would store. */
export function castValue(value: number, dtype: DTypeName): number {
  switch (dtype) {
    case 'float64':
      return value;
    case 'float32':
      return Math.fround(value);
    case 'float16':
      return roundToFloat16(value);
    case 'bfloat16':
      return roundToBfloat16(value);
    case 'bool':
      return value !== 0 && !Number.isNaN(value) ? 1 : 0;
    default: {
      if (!Number.isFinite(value)) return 0;
      const truncated = Math.trunc(value);
      if (dtype === 'int64') return truncated;
      const bits = DTYPES[dtype].bytesPerElement * 8;
      return wrapInteger(truncated, bits, dtype !== 'uint8');
    }
  }
}

/** The dtype of `a op b` for two tensors (PyTorch's promotion among these dtypes). */
export function promoteTypes(a: DTypeName, b: DTypeName): DTypeName {
  if (a === b) return a;
  const ia = DTYPES[a];
  const ib = DTYPES[b];
  if (ia.kind === 'float' && ib.kind !== 'float') return a;
  if (ib.kind === 'float' && ia.kind !== 'float') return b;
  if (ia.kind === 'float') {
    // float16 with bfloat16 promotes to float32; otherwise the wider one wins.
    if (ia.rank === ib.rank) return 'float32';
    return ia.rank > ib.rank ? a : b;
  }
  if (ia.kind === 'bool') return b;
  if (ib.kind === 'bool') return a;
  if ((a === 'uint8' && b === 'int8') || (a === 'int8' && b === 'uint8')) return 'int16';
  return ia.rank >= ib.rank ? a : b;
}

/** The dtype of `tensor op scalar`: a Python float only lifts integer tensors to float32. */
export function promoteWithScalar(tensor: DTypeName, scalarIsFloat: boolean): DTypeName {
  if (scalarIsFloat && DTYPES[tensor].kind !== 'float') return DEFAULT_FLOAT;
  if (!scalarIsFloat && DTYPES[tensor].kind === 'bool') return 'int64';
  return tensor;
}

/** True for floating-point dtypes. */
export function isFloating(dtype: DTypeName): boolean {
  return DTYPES[dtype].kind === 'float';
}
