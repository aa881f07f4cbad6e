/**
 * How much the class report reads before it refuses: sizes of one file, of a zip and of what
 * zips unpack to, and how many files and statements. A class's real inputs sit far below each
 * (a progress file is a few kilobytes per lesson; an LRS export of a class of a hundred is tens
 * of megabytes), so a bound is only ever reached by a wrong file or a hostile one.
 */
import { MAX_PROGRESS_FILE_CHARS } from '../store/progress-io';

/** The bounds one reading keeps to. */
export interface ClassLimits {
  /** Files read in one go, counting each file inside a zip. */
  maxFiles: number;
  /** One file, or one file inside a zip once unpacked, in bytes. */
  maxFileBytes: number;
  /** One progress file, in characters (the progress page's own bound). */
  maxProgressChars: number;
  /** One zip file as chosen, in bytes. */
  maxZipBytes: number;
  /** What every zip of one reading unpacks to, added up, in bytes. */
  maxUnpackedBytes: number;
  /** Statements read from every export together. */
  maxStatements: number;
}

const MiB = 1024 * 1024;

/** The bounds the page uses. */
export const CLASS_LIMITS: ClassLimits = {
  maxFiles: 5000,
  maxFileBytes: 64 * MiB,
  maxProgressChars: MAX_PROGRESS_FILE_CHARS,
  maxZipBytes: 256 * MiB,
  maxUnpackedBytes: 256 * MiB,
  maxStatements: 500_000,
};

/** A size in words: "12.3 MB", "800 bytes" (decimal units, as file managers show them). */
export function sizeInWords(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
