/**
 * The limits the trace reader works within, and why. A trace past one of them gets a clear
 * message instead of freezing or crashing the tab. Pure.
 */

/**
 * Largest file the widget opens: 2 GiB. The file is read as a stream and never held whole, so
 * its size on disk matters less than how many events it holds; this bound only stops a file
 * that could not be a profiler trace (or a gzip bomb) from keeping the tab busy for minutes.
 */
export const MAX_FILE_BYTES = 2 * 1024 ** 3;

/** Most characters of JSON text read after decompression: 4 Gi characters (a gzip bomb's end). */
export const MAX_TEXT_CHARS = 4 * 1024 ** 3;

/**
 * Most events kept: 2 million. Each kept event takes about 50 bytes in typed arrays (name, kind,
 * start, duration, thread, correlation, stream, bytes), so the reader stays under about 100 MB of
 * this tab's memory. A trace of a few training steps holds tens of thousands; a trace past this
 * profiled too many steps at once.
 */
export const MAX_KEPT_EVENTS = 2_000_000;

/** Characters of a name kept (kernel names can be thousands of characters of C++ templates). */
export const MAX_NAME_CHARS = 400;

/** Distinct names kept; further names share one placeholder. */
export const MAX_DISTINCT_NAMES = 200_000;

/** Containers nested inside one another (a trace needs about 5). */
export const MAX_JSON_DEPTH = 64;
