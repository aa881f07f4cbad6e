/**
 * The limits the snapshot reader works within, and why. A file past one of them gets a clear
 * message instead of freezing or crashing the tab. Pure.
 */

/**
 * Largest file the widget opens: 128 MiB. The file is decoded into objects in this tab's memory,
 * where a snapshot takes several times its size on disk (every trace event becomes a small
 * dictionary); past this size a tab can run out of memory. A smaller `max_entries` in
 * `_record_memory_history` records fewer events and keeps the file small.
 */
export const MAX_FILE_BYTES = 128 * 1024 * 1024;

/**
 * Most blocks and trace events the snapshot reader reads from one file: 5 million. Each takes at
 * least about 30 bytes of pickle, so a file of MAX_FILE_BYTES holds fewer; a pickle that reuses
 * one list many times (its memo makes each reuse a few bytes) could otherwise expand a small
 * file into billions of records.
 */
export const MAX_SNAPSHOT_RECORDS = 5_000_000;

/** Bounds on what one pickle may ask the reader to build. */
export interface PickleLimits {
  /** Containers nested inside one another (a snapshot needs about 7). */
  maxDepth: number;
  /** Values held on the reader's stack at once (Python writes containers in batches of 1,000). */
  maxStackValues: number;
  /** MARKs open at once. */
  maxMarks: number;
  /** Objects the pickle may ask to remember for reuse (BINPUT, MEMOIZE). */
  maxMemoEntries: number;
  /** Values built in all. */
  maxValues: number;
  /** Bytes in one string or bytes object. */
  maxStringBytes: number;
  /** Bytes in one integer (LONG1/LONG4); an address needs 8. */
  maxIntegerBytes: number;
}

/** The limits used for snapshots: far above what a real snapshot of MAX_FILE_BYTES needs. */
export const SNAPSHOT_PICKLE_LIMITS: PickleLimits = {
  maxDepth: 64,
  maxStackValues: 1_000_000,
  maxMarks: 1_000,
  // V8's Map holds at most 2^24 entries; stay well below.
  maxMemoEntries: 12_000_000,
  maxValues: 40_000_000,
  maxStringBytes: 16 * 1024 * 1024,
  maxIntegerBytes: 64,
};
