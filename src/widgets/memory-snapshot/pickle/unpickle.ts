/**
 * A small, safe pickle reader: the stack machine of Python's pickle for the opcodes that build
 * plain data (protocols 2 to 5), which is all a memory snapshot uses. It never imports, calls or
 * looks up anything a file names: opcodes that would are refused with a clear message, as are
 * files that are cut short or ask for more than the limits allow. Pure.
 */
import type { PickleLimits } from '../limits';
import type { SnapshotError } from '../problem';
import { ByteReader } from './byte-reader';
import { malformedAt, overLimitAt, unknownOpcodeAt } from './machine-errors';
import { HIGHEST_PROTOCOL, OP } from './opcodes';
import { checkPickleSignature } from './signature';
import { NestingDepths } from './nesting';
import { decodeLong, isDict, isKey, isList, type PyDict, type PyValue } from './values';

/** How to read one pickle. */
export interface UnpickleOptions {
  limits: PickleLimits;
  /** Called every few thousand opcodes with the bytes read so far. */
  onProgress?: (offsetBytes: number) => void;
}

/** Opcodes between two progress reports. */
const PROGRESS_EVERY_OPS = 1 << 16;
const utf8 = new TextDecoder('utf-8');

/** Decodes the pickle in `bytes` into plain values; throws a SnapshotError on any problem. */
export function unpickle(bytes: Uint8Array, options: UnpickleOptions): PyValue {
  checkPickleSignature(bytes);
  return new PickleMachine(bytes, options).run();
}

/** The stack machine; one instance reads one pickle. */
class PickleMachine {
  private readonly reader: ByteReader;
  private readonly limits: PickleLimits;
  private readonly stack: PyValue[] = [];
  private readonly marks: number[] = [];
  /** Remembered values by memo index (CPython numbers them 0, 1, 2, …). */
  private readonly memo: PyValue[] = [];
  private memoEntries = 0;
  private readonly nesting: NestingDepths;
  private valueCount = 0;
  /** Offset of the opcode being run, for messages. */
  private opOffset = 0;

  constructor(
    bytes: Uint8Array,
    private readonly options: UnpickleOptions,
  ) {
    this.reader = new ByteReader(bytes);
    this.limits = options.limits;
    this.nesting = new NestingDepths(this.limits.maxDepth, (max) =>
      this.overLimit(`containers nested more than ${max} deep`),
    );
  }

  run(): PyValue {
    for (let ops = 1; ; ops++) {
      if (ops % PROGRESS_EVERY_OPS === 0) this.options.onProgress?.(this.reader.offset);
      this.opOffset = this.reader.offset;
      if (this.reader.remaining === 0) {
        this.reader.need(1, 'the pickle, before its closing STOP opcode');
      }
      const op = this.reader.u8('an opcode');
      if (op === OP.STOP) return this.pop();
      this.step(op);
    }
  }

  private step(op: number): void {
    const r = this.reader;
    switch (op) {
      case OP.PROTO: {
        const protocol = r.u8('the protocol number');
        if (protocol > HIGHEST_PROTOCOL) throw this.malformed(`declares protocol ${protocol}`);
        return;
      }
      case OP.FRAME: {
        const frameBytes = r.u64('a frame length');
        if (frameBytes > r.remaining) r.need(frameBytes, 'a frame of the pickle');
        return;
      }
      case OP.MARK:
        if (this.marks.length >= this.limits.maxMarks) throw this.overLimit('too many open MARKs');
        this.marks.push(this.stack.length);
        return;
      case OP.POP:
        this.pop();
        return;
      case OP.POP_MARK:
        this.popMark();
        return;
      case OP.DUP:
        return this.push(this.top());
      case OP.EMPTY_DICT:
        return this.push(this.nesting.container(new Map(), []));
      case OP.EMPTY_LIST:
      case OP.EMPTY_TUPLE:
      case OP.EMPTY_SET:
        return this.push(this.nesting.container([], []));
      case OP.TUPLE:
      case OP.LIST:
      case OP.FROZENSET: {
        const items = this.popMark();
        return this.push(this.nesting.container(items, items));
      }
      case OP.TUPLE1:
      case OP.TUPLE2:
      case OP.TUPLE3: {
        const count = op - OP.TUPLE1 + 1;
        const items = this.popCount(count);
        return this.push(this.nesting.container(items, items));
      }
      case OP.DICT: {
        const items = this.popMark();
        const dict: PyDict = new Map();
        this.setItems(this.nesting.container(dict, items), items);
        return this.push(dict);
      }
      case OP.APPEND:
        return this.extend([this.pop()]);
      case OP.APPENDS:
      case OP.ADDITEMS:
        return this.extend(this.popMark());
      case OP.SETITEM: {
        const value = this.pop();
        const key = this.pop();
        return this.setItems(this.topDict(), [key, value]);
      }
      case OP.SETITEMS: {
        const items = this.popMark();
        return this.setItems(this.topDict(), items);
      }
      case OP.NONE:
        return this.push(null);
      case OP.NEWTRUE:
        return this.push(true);
      case OP.NEWFALSE:
        return this.push(false);
      case OP.BININT:
        return this.push(r.i32('an integer'));
      case OP.BININT1:
        return this.push(r.u8('an integer'));
      case OP.BININT2:
        return this.push(r.u16('an integer'));
      case OP.LONG1:
        return this.push(this.long(r.u8('an integer length')));
      case OP.LONG4:
        return this.push(this.long(r.i32('an integer length')));
      case OP.BINFLOAT:
        return this.push(r.f64BigEndian('a float'));
      case OP.SHORT_BINUNICODE:
        return this.push(this.text(r.u8('a string length')));
      case OP.BINUNICODE:
        return this.push(this.text(r.u32('a string length')));
      case OP.BINUNICODE8:
        return this.push(this.text(r.u64('a string length')));
      case OP.SHORT_BINBYTES:
        return this.push(this.binary(r.u8('a bytes length')));
      case OP.BINBYTES:
        return this.push(this.binary(r.u32('a bytes length')));
      case OP.BINBYTES8:
      case OP.BYTEARRAY8:
        return this.push(this.binary(r.u64('a bytes length')));
      case OP.BINPUT:
        return this.remember(r.u8('a memo index'));
      case OP.LONG_BINPUT:
        return this.remember(r.u32('a memo index'));
      case OP.MEMOIZE:
        return this.remember(this.memoEntries);
      case OP.BINGET:
        return this.recall(r.u8('a memo index'));
      case OP.LONG_BINGET:
        return this.recall(r.u32('a memo index'));
      default:
        throw unknownOpcodeAt(this.opOffset, op);
    }
  }

  private push(value: PyValue): void {
    if (this.stack.length >= this.limits.maxStackValues) {
      throw this.overLimit('too many values waiting on the stack');
    }
    if (++this.valueCount > this.limits.maxValues) {
      throw this.overLimit(`more than ${this.limits.maxValues.toLocaleString('en-US')} values`);
    }
    this.stack.push(value);
  }

  private pop(): PyValue {
    const floor = this.marks.at(-1) ?? 0;
    if (this.stack.length <= floor) throw this.malformed('needs a value, but none is there');
    return this.stack.pop() as PyValue;
  }

  private top(): PyValue {
    const floor = this.marks.at(-1) ?? 0;
    if (this.stack.length <= floor) throw this.malformed('needs a value, but none is there');
    return this.stack[this.stack.length - 1] as PyValue;
  }

  private popCount(count: number): PyValue[] {
    const items: PyValue[] = [];
    for (let i = 0; i < count; i++) items.unshift(this.pop());
    return items;
  }

  private popMark(): PyValue[] {
    const mark = this.marks.pop();
    if (mark === undefined) throw this.malformed('closes a MARK that was never opened');
    return this.stack.splice(mark);
  }

  private extend(items: PyValue[]): void {
    const list = this.top();
    if (!isList(list)) throw this.malformed('appends to something that is not a list');
    for (const item of items) {
      list.push(item);
      this.nesting.adopt(list, item);
    }
  }

  private topDict(): PyDict {
    const dict = this.top();
    if (!isDict(dict)) throw this.malformed('sets an item on something that is not a dict');
    return dict;
  }

  private setItems(dict: PyDict, items: PyValue[]): void {
    if (items.length % 2 !== 0) throw this.malformed('gives a dict a key without a value');
    for (let i = 0; i < items.length; i += 2) {
      const key = items[i] as PyValue;
      const value = items[i + 1] as PyValue;
      if (!isKey(key)) throw this.malformed('uses a list or dict as a dict key');
      dict.set(key, value);
      this.nesting.adopt(dict, value);
    }
  }

  private long(byteCount: number): number | bigint {
    if (byteCount < 0) throw this.malformed('declares an integer of negative length');
    if (byteCount > this.limits.maxIntegerBytes) {
      throw this.overLimit(`an integer of ${byteCount.toLocaleString('en-US')} bytes`);
    }
    return decodeLong(this.reader.take(byteCount, 'an integer'));
  }

  private checkLength(byteCount: number, what: string): void {
    if (byteCount > this.limits.maxStringBytes) {
      throw this.overLimit(`${what} of ${byteCount.toLocaleString('en-US')} bytes`);
    }
  }

  private text(byteCount: number): string {
    this.checkLength(byteCount, 'a string');
    return utf8.decode(this.reader.take(byteCount, 'a string'));
  }

  private binary(byteCount: number): Uint8Array {
    this.checkLength(byteCount, 'a bytes value');
    return this.reader.take(byteCount, 'a bytes value').slice();
  }

  private remember(index: number): void {
    if (this.memo[index] === undefined) {
      if (this.memoEntries >= this.limits.maxMemoEntries) {
        throw this.overLimit('too many remembered objects');
      }
      this.memoEntries++;
    }
    this.memo[index] = this.top();
  }

  private recall(index: number): void {
    const value = this.memo[index];
    if (value === undefined) throw this.malformed(`recalls object ${index}, never stored`);
    this.push(value);
  }

  private malformed(what: string): SnapshotError {
    return malformedAt(this.opOffset, what);
  }

  private overLimit(what: string): SnapshotError {
    return overLimitAt(this.opOffset, what);
  }
}
