/**
 * Reading little-endian numbers and byte runs from a file in memory, with a clear error naming
 * the offset when the file ends early. Pure.
 */
import { SnapshotError } from '../problem';

/** A cursor over the bytes of a file. */
export class ByteReader {
  /** Offset of the next byte to read. */
  offset = 0;
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Bytes left after the cursor. */
  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  /** Throws the truncation error unless `count` more bytes are there; `what` names the value. */
  need(count: number, what: string): void {
    if (count <= this.remaining) return;
    throw new SnapshotError({
      kind: 'truncated',
      offsetBytes: this.bytes.length,
      message:
        `The file ends at byte ${this.bytes.length.toLocaleString('en-US')}, in the middle of ` +
        `${what}: it was cut short (an interrupted copy or download?). Copy the whole file again.`,
    });
  }

  /** One unsigned byte. */
  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.offset++] as number;
  }

  /** An unsigned 16-bit integer. */
  u16(what: string): number {
    this.need(2, what);
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }

  /** A signed 32-bit integer. */
  i32(what: string): number {
    this.need(4, what);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  /** An unsigned 32-bit integer. */
  u32(what: string): number {
    this.need(4, what);
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  /** An unsigned 64-bit integer as a number (inexact above 2^53, which only ever means "huge"). */
  u64(what: string): number {
    this.need(8, what);
    const low = this.view.getUint32(this.offset, true);
    const high = this.view.getUint32(this.offset + 4, true);
    this.offset += 8;
    return high * 2 ** 32 + low;
  }

  /** A big-endian IEEE 754 double (pickle's BINFLOAT). */
  f64BigEndian(what: string): number {
    this.need(8, what);
    const value = this.view.getFloat64(this.offset, false);
    this.offset += 8;
    return value;
  }

  /** `count` bytes, as a view into the file (no copy). */
  take(count: number, what: string): Uint8Array {
    this.need(count, what);
    const run = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return run;
  }
}
