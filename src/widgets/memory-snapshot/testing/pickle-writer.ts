/**
 * Test helper: writes plain JavaScript values as a pickle the way CPython's pickler does at
 * protocol 4 (MEMOIZE after every container and string, BINGET for a value met again, APPENDS
 * and SETITEMS in batches of 1,000), plus raw byte building for hostile files.
 */

/** A tuple (arrays are written as lists). */
export class Tuple {
  constructor(readonly items: PickleInput[]) {}
}

/** A float whose value happens to be whole (numbers that are whole are written as ints). */
export class Float {
  constructor(readonly value: number) {}
}

/** What the writer accepts: objects become dicts with string keys, Maps keep their keys. */
export type PickleInput =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | Tuple
  | Float
  | PickleInput[]
  | Map<string | number, PickleInput>
  | { [key: string]: PickleInput };

const BATCH = 1000;

/** Options of {@link writePickle}. */
export interface WriteOptions {
  protocol?: number;
  /** Wrap the body in one FRAME opcode, as protocol 4 does for bodies of 4 KiB and more. */
  frame?: boolean;
}

/** The pickle of `value`. */
export function writePickle(value: PickleInput, options: WriteOptions = {}): Uint8Array {
  let body = new Uint8Array(1024);
  let length = 0;
  const memo = new Map<unknown, number>();
  const emitAll = (bytes: ArrayLike<number>) => {
    if (length + bytes.length > body.length) {
      const grown = new Uint8Array(Math.max(body.length * 2, length + bytes.length));
      grown.set(body.subarray(0, length));
      body = grown;
    }
    body.set(bytes, length);
    length += bytes.length;
  };
  const emit = (...bytes: number[]) => emitAll(bytes);
  const u32 = (n: number) => emit(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
  const memoize = (key: unknown) => {
    memo.set(key, memo.size);
    emit(0x94);
  };
  const recall = (key: unknown): boolean => {
    const index = memo.get(key);
    if (index === undefined) return false;
    if (index < 256) {
      emit(0x68, index);
    } else {
      emit(0x6a);
      u32(index);
    }
    return true;
  };
  const write = (v: PickleInput): void => {
    if (v === null) return emit(0x4e);
    if (v === true) return emit(0x88);
    if (v === false) return emit(0x89);
    if (typeof v === 'number' && Number.isInteger(v)) return writeInt(BigInt(v));
    if (typeof v === 'bigint') return writeInt(v);
    if (typeof v === 'number' || v instanceof Float) {
      const view = new DataView(new ArrayBuffer(8));
      view.setFloat64(0, typeof v === 'number' ? v : v.value, false);
      return (emit(0x47), emitAll(new Uint8Array(view.buffer)));
    }
    if (typeof v === 'string') {
      if (recall(`s:${v}`)) return;
      const bytes = new TextEncoder().encode(v);
      if (bytes.length < 256) {
        emit(0x8c, bytes.length);
      } else {
        emit(0x58);
        u32(bytes.length);
      }
      emitAll(bytes);
      return memoize(`s:${v}`);
    }
    if (recall(v)) return;
    if (v instanceof Uint8Array) {
      if (v.length < 256) {
        emit(0x43, v.length);
      } else {
        emit(0x42);
        u32(v.length);
      }
      emitAll(v);
      return memoize(v);
    }
    if (v instanceof Tuple) {
      const n = v.items.length;
      if (n === 0) {
        emit(0x29);
      } else if (n <= 3) {
        v.items.forEach(write);
        emit(0x85 + n - 1);
      } else {
        emit(0x28);
        v.items.forEach(write);
        emit(0x74);
      }
      return memoize(v);
    }
    if (Array.isArray(v)) {
      emit(0x5d);
      memoize(v);
      return batches(v, (item) => write(item), 0x61, 0x65);
    }
    const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
    emit(0x7d);
    memoize(v);
    batches(
      entries,
      ([k, item]) => {
        write(k);
        write(item);
      },
      0x73,
      0x75,
    );
  };
  const batches = <T>(items: T[], one: (item: T) => void, single: number, many: number) => {
    for (let start = 0; start < items.length; start += BATCH) {
      const chunk = items.slice(start, start + BATCH);
      if (chunk.length === 1) {
        one(chunk[0] as T);
        emit(single);
      } else {
        emit(0x28);
        chunk.forEach(one);
        emit(many);
      }
    }
  };
  const writeInt = (n: bigint) => {
    if (n >= 0n && n < 256n) return emit(0x4b, Number(n));
    if (n >= 0n && n < 65536n) return emit(0x4d, Number(n) & 0xff, Number(n) >> 8);
    if (n >= -(2n ** 31n) && n < 2n ** 31n) return (emit(0x4a), u32(Number(BigInt.asUintN(32, n))));
    const bytes: number[] = [];
    let rest = n;
    for (;;) {
      bytes.push(Number(BigInt.asUintN(8, rest)));
      rest >>= 8n;
      const sign = ((bytes.at(-1) as number) & 0x80) !== 0;
      if ((rest === 0n && !sign) || (rest === -1n && sign)) break;
    }
    emit(0x8a, bytes.length, ...bytes);
  };
  write(value);
  emit(0x2e);
  const head = [0x80, options.protocol ?? 4];
  if (options.frame) {
    const n = length;
    head.push(0x95, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24, 0, 0, 0, 0);
  }
  const out = new Uint8Array(head.length + length);
  out.set(head);
  out.set(body.subarray(0, length), head.length);
  return out;
}

/** Bytes from numbers, strings (as latin-1 text) and byte arrays, for hand-made pickles. */
export function rawBytes(...parts: Array<number | string | readonly number[] | Uint8Array>) {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'number') out.push(part);
    else if (typeof part === 'string') for (const ch of part) out.push(ch.charCodeAt(0));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

/** Bytes from a hex string ("8004 95…", spaces allowed). */
export function hexBytes(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  return Uint8Array.from(clean.match(/../g) ?? [], (h) => parseInt(h, 16));
}
