/**
 * From a file (a Blob) to the events kept, as a stream: the bytes are read in chunks, gunzipped
 * when they start with gzip's magic bytes (DecompressionStream), decoded as UTF-8 and parsed as
 * they come, so a trace of hundreds of MB never sits whole in memory. Runs in the worker.
 */
import { formatBytesBinary } from '../../../format/units';
import { MAX_FILE_BYTES, MAX_TEXT_CHARS } from '../limits';
import { TraceError, type TraceProblem } from '../problem';
import { createTraceParser, type ParseOptions } from './parse-trace';
import type { CollectedTrace } from './trace-collector';

/** How far reading is: the share of the file's bytes read. */
export type ReadProgress = (fraction: number) => void;

/** The problem of a file over {@link MAX_FILE_BYTES}. */
export function tooLargeProblem(sizeBytes: number): TraceProblem {
  return {
    kind: 'too-large',
    message:
      `The file is ${formatBytesBinary(sizeBytes)}; this page opens traces up to ` +
      `${formatBytesBinary(MAX_FILE_BYTES)}. Profile fewer steps and open that trace.`,
  };
}

/** Whether bytes start with gzip's magic number. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * Reads a trace file; throws a TraceError on any problem, or when `signal` aborts (a worker that
 * is stopped by being terminated passes none).
 */
export async function readTraceBlob(
  blob: Blob,
  onProgress: ReadProgress,
  signal: AbortSignal | undefined,
  options: ParseOptions = {},
): Promise<CollectedTrace> {
  if (blob.size === 0) throw new TraceError({ kind: 'empty', message: 'The file is empty.' });
  if (blob.size > MAX_FILE_BYTES) throw new TraceError(tooLargeProblem(blob.size));
  const gzip = isGzip(new Uint8Array(await blob.slice(0, 2).arrayBuffer()));
  let readBytes = 0;
  const counted = blob.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        readBytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  const bytes = gzip
    ? counted.pipeThrough(
        new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>,
      )
    : counted;
  const parser = createTraceParser(options);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = bytes.getReader();
  let chars = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw cancelled();
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw gzip ? damagedGzip(error) : error;
      }
      if (next.done) break;
      const text = decodeChunk(decoder, next.value, false);
      chars += text.length;
      if (chars > MAX_TEXT_CHARS) throw new TraceError(tooLargeProblem(chars));
      parser.write(text);
      onProgress(Math.min(1, readBytes / blob.size));
    }
    parser.write(decodeChunk(decoder, undefined, true));
    return parser.end();
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

function decodeChunk(decoder: TextDecoder, bytes: Uint8Array | undefined, last: boolean): string {
  try {
    return decoder.decode(bytes, { stream: !last });
  } catch {
    throw new TraceError({
      kind: 'not-json',
      message: 'This is not a text file (its bytes are not UTF-8), so it cannot be a JSON trace.',
    });
  }
}

function damagedGzip(error: unknown): TraceError {
  const detail = error instanceof Error ? error.message : String(error);
  return new TraceError({
    kind: 'truncated',
    message:
      'The gzip data is damaged or cut short, so the trace inside cannot be read whole ' +
      `(${detail.slice(0, 120)}). Copy or download the file again.`,
  });
}

function cancelled(): TraceError {
  return new TraceError({ kind: 'cancelled', message: 'Stopped. Nothing from the file was kept.' });
}
