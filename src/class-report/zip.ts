/**
 * Reading a zip of progress files without trusting it. The central directory is read first and
 * every entry's declared size added up: past the bound, nothing is unpacked at all. Each entry is
 * then inflated by fflate's streaming inflater in slices, counting what comes out, and stopped
 * the moment it passes what its header declared or what the bound has left; a lying header
 * (the classic zip bomb) costs one slice of work, never the whole stream. Encrypted entries,
 * ZIP64 archives and zips inside zips are refused with a reason.
 */
import { Inflate, strFromU8 } from 'fflate';

/** One entry as the central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused. */
  compression: number;
  compressedSize: number;
  /** The uncompressed size the directory declares (a hostile zip may lie). */
  declaredSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
  encrypted: boolean;
}

/** The directory of a zip, or why it cannot be read. */
export type ZipDirectory = { ok: true; entries: ZipEntry[] } | { ok: false; message: string };

/** An entry's contents, or why it was not unpacked. */
export type ZipEntryData = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes handed to the inflater at a time: at most ~1,000× that comes out. */
const SLICE = 16 * 1024;

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** Whether bytes begin like a zip (a local header, or the directory of an empty zip). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  const sig = bytes.length >= 4 ? u32(bytes, 0) : 0;
  return sig === LOCAL || sig === EOCD;
}

/**
 * The entries a zip's central directory lists, read without unpacking anything. Refuses a zip
 * whose directory cannot be found or runs past the file, and ZIP64 archives.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipDirectory {
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (u32(bytes, at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return { ok: false, message: 'it is not a readable zip (no central directory)' };
  const count = u16(bytes, end + 10);
  const directoryOffset = u32(bytes, end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    return {
      ok: false,
      message: 'it is a ZIP64 archive, which is far larger than any class of progress files',
    };
  }
  if (count > maxEntries) {
    return {
      ok: false,
      message: `it holds ${count.toLocaleString('en-US')} files, more than the ${maxEntries.toLocaleString('en-US')} read at once`,
    };
  }
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL) {
      return { ok: false, message: 'its central directory is damaged' };
    }
    const flags = u16(bytes, at + 8);
    const nameLength = u16(bytes, at + 28);
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (next > bytes.length) return { ok: false, message: 'its central directory is damaged' };
    entries.push({
      // Bit 11 marks UTF-8 names; others are in the old DOS code page, read as Latin-1.
      name: strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) === 0),
      compression: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      declaredSize: u32(bytes, at + 24),
      localOffset: u32(bytes, at + 42),
      encrypted: (flags & 1) === 1,
    });
    at = next;
  }
  return { ok: true, entries };
}

/**
 * Unpacks one entry, producing at most `limit` bytes (and never more than its header declared):
 * past either, it stops and says so.
 */
export function unpackZipEntry(bytes: Uint8Array, entry: ZipEntry, limit: number): ZipEntryData {
  if (entry.encrypted) return { ok: false, message: 'it is encrypted' };
  if (entry.compression !== 0 && entry.compression !== 8) {
    return { ok: false, message: `it is packed with an unknown method (${entry.compression})` };
  }
  const at = entry.localOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== LOCAL) {
    return { ok: false, message: 'its local header is missing' };
  }
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (start + entry.compressedSize > bytes.length) {
    return { ok: false, message: 'its data runs past the end of the zip' };
  }
  const allowed = Math.min(limit, entry.declaredSize);
  const tooLarge = (): ZipEntryData => ({
    ok: false,
    message:
      allowed < entry.declaredSize
        ? 'it would unpack past the size limit'
        : 'it unpacks past the size its header declares (a zip bomb?), so it was stopped',
  });
  if (entry.compression === 0) {
    if (data.length > allowed) return tooLarge();
    return { ok: true, bytes: data.slice() };
  }
  const chunks: Uint8Array[] = [];
  let produced = 0;
  let over = false;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    produced += chunk.length;
    if (produced > allowed) over = true;
    else chunks.push(chunk);
    if (final) done = true;
  });
  try {
    for (let offset = 0; offset < data.length && !over && !done; offset += SLICE) {
      inflater.push(data.subarray(offset, offset + SLICE), offset + SLICE >= data.length);
    }
  } catch {
    return { ok: false, message: 'its compressed data is damaged' };
  }
  if (over) return tooLarge();
  if (!done && data.length > 0) return { ok: false, message: 'its compressed data is cut short' };
  const out = new Uint8Array(produced);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes: out };
}
