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
  const writer = new Writer();
  writer.write(value);
  writer.byte(0x2e);
  const { body, length } = writer;
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

const encoder = new TextEncoder();

/**
 * The body of one pickle, byte by byte into a growing buffer (a snapshot of 600,000 events is
 * tens of megabytes: no spread arrays, BigInt only past 2^53). The memo numbers strings and
 * objects in one sequence, in the order they were first written.
 */
class Writer {
  body = new Uint8Array(1 << 16);
  length = 0;
  private readonly strings = new Map<string, number>();
  private readonly objects = new Map<object, number>();
  private readonly float = new DataView(new ArrayBuffer(8));

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.length + n <= this.body.length) return;
    const grown = new Uint8Array(Math.max(this.body.length * 2, this.length + n));
    grown.set(this.body.subarray(0, this.length));
    this.body = grown;
  }

  byte(b: number): void {
    this.room(1);
    this.body[this.length++] = b;
  }

  private bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.body.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** An opcode and a 4-byte little-endian count. */
  private opU32(op: number, n: number): void {
    this.room(5);
    const { body } = this;
    let at = this.length;
    body[at++] = op;
    body[at++] = n & 0xff;
    body[at++] = (n >>> 8) & 0xff;
    body[at++] = (n >>> 16) & 0xff;
    body[at++] = n >>> 24;
    this.length = at;
  }

  /** An opcode and a 1-byte or 4-byte length, whichever `n` needs. */
  private sized(short: number, long: number, n: number): void {
    if (n < 256) {
      this.byte(short);
      this.byte(n);
    } else {
      this.opU32(long, n);
    }
  }

  /** MEMOIZE: `key` gets the next memo number (shared by both maps, as one memo). */
  private memoize<K>(map: Map<K, number>, key: K): void {
    map.set(key, this.strings.size + this.objects.size);
    this.byte(0x94);
  }

  /** BINGET or LONG_BINGET of a memo number, if there is one. */
  private recall(index: number | undefined): boolean {
    if (index === undefined) return false;
    if (index < 256) {
      this.byte(0x68);
      this.byte(index);
    } else {
      this.opU32(0x6a, index);
    }
    return true;
  }

  write(v: PickleInput): void {
    if (v === null) return this.byte(0x4e);
    if (v === true) return this.byte(0x88);
    if (v === false) return this.byte(0x89);
    if (typeof v === 'number' && Number.isInteger(v)) return this.int(v);
    if (typeof v === 'bigint') return this.bigInt(v);
    if (typeof v === 'number' || v instanceof Float) {
      this.float.setFloat64(0, typeof v === 'number' ? v : v.value, false);
      this.byte(0x47);
      return this.bytes(new Uint8Array(this.float.buffer));
    }
    if (typeof v === 'string') {
      if (this.recall(this.strings.get(v))) return;
      const bytes = encoder.encode(v);
      this.sized(0x8c, 0x58, bytes.length);
      this.bytes(bytes);
      return this.memoize(this.strings, v);
    }
    if (this.recall(this.objects.get(v))) return;
    if (v instanceof Uint8Array) {
      this.sized(0x43, 0x42, v.length);
      this.bytes(v);
      return this.memoize<object>(this.objects, v);
    }
    if (v instanceof Tuple) {
      const { items } = v;
      const n = items.length;
      if (n === 0) {
        this.byte(0x29);
      } else if (n <= 3) {
        for (const item of items) this.write(item);
        this.byte(0x85 + n - 1);
      } else {
        this.byte(0x28);
        for (const item of items) this.write(item);
        this.byte(0x74);
      }
      return this.memoize<object>(this.objects, v);
    }
    if (Array.isArray(v)) {
      this.byte(0x5d);
      this.memoize<object>(this.objects, v);
      return this.batches(v, (item) => this.write(item), 0x61, 0x65);
    }
    const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
    this.byte(0x7d);
    this.memoize<object>(this.objects, v);
    this.batches(
      entries,
      ([k, item]) => {
        this.write(k);
        this.write(item);
      },
      0x73,
      0x75,
    );
  }

  /** Items in batches of BATCH: APPEND or SETITEM for a batch of one, MARK ... APPENDS for more. */
  private batches<T>(items: T[], one: (item: T) => void, single: number, many: number): void {
    for (let start = 0; start < items.length; start += BATCH) {
      const end = Math.min(start + BATCH, items.length);
      if (end - start === 1) {
        one(items[start] as T);
        this.byte(single);
      } else {
        this.byte(0x28);
        for (let i = start; i < end; i += 1) one(items[i] as T);
        this.byte(many);
      }
    }
  }

  /** A whole number: BININT1, BININT2, BININT or LONG1 (in plain arithmetic up to 2^53). */
  private int(n: number): void {
    if (n >= 0 && n < 256) {
      this.byte(0x4b);
      return this.byte(n);
    }
    if (n >= 0 && n < 65536) {
      this.byte(0x4d);
      this.byte(n & 0xff);
      return this.byte(n >> 8);
    }
    if (n >= -(2 ** 31) && n < 2 ** 31) return this.opU32(0x4a, n);
    if (!Number.isSafeInteger(n)) return this.bigInt(BigInt(n));
    // Two's complement, little-endian, as few bytes as keep the sign.
    this.room(10);
    const { body } = this;
    body[this.length] = 0x8a;
    const countAt = this.length + 1;
    let at = countAt + 1;
    let rest = n;
    for (;;) {
      const high = Math.floor(rest / 256);
      const b = rest - high * 256;
      body[at++] = b;
      rest = high;
      const sign = (b & 0x80) !== 0;
      if ((rest === 0 && !sign) || (rest === -1 && sign)) break;
    }
    body[countAt] = at - countAt - 1;
    this.length = at;
  }

  /** A whole number of any size. */
  private bigInt(n: bigint): void {
    if (n >= -(2n ** 31n) && n < 2n ** 31n) return this.int(Number(n));
    const bytes: number[] = [];
    let rest = n;
    for (;;) {
      bytes.push(Number(BigInt.asUintN(8, rest)));
      rest >>= 8n;
      const sign = ((bytes.at(-1) as number) & 0x80) !== 0;
      if ((rest === 0n && !sign) || (rest === -1n && sign)) break;
    }
    this.byte(0x8a);
    this.byte(bytes.length);
    this.bytes(Uint8Array.from(bytes));
  }
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
