/**
 * A Chrome trace's JSON text, fed in chunks, to the events kept: the tokenizer and the collector
 * together, with every fault turned into a TraceError in plain words. Pure.
 */
import { formatCount } from '../../../format/units';
import { MAX_DISTINCT_NAMES, MAX_JSON_DEPTH, MAX_KEPT_EVENTS, MAX_NAME_CHARS } from '../limits';
import { TraceError } from '../problem';
import { TraceCollector, type CollectedTrace } from './trace-collector';
import { JsonSyntaxError, JsonTokenizer } from './json-stream';

/** Bounds for one parse (the defaults are the page's limits; tests pass smaller ones). */
export interface ParseOptions {
  maxEvents?: number;
  maxNames?: number;
}

/** Parses one trace fed in chunks of text. */
export interface TraceParser {
  /** Reads the next chunk; throws a TraceError on a fault. */
  write(text: string): void;
  /** Ends the text and returns what was kept; throws a TraceError on a fault. */
  end(): CollectedTrace;
  /** Characters read so far. */
  readonly offsetChars: number;
}

/** A new parser. */
export function createTraceParser(options: ParseOptions = {}): TraceParser {
  const collector = new TraceCollector(
    options.maxNames ?? MAX_DISTINCT_NAMES,
    options.maxEvents ?? MAX_KEPT_EVENTS,
  );
  // One more character than kept, so the collector sees when a name was cut.
  const tokenizer = new JsonTokenizer(collector, {
    maxStringChars: MAX_NAME_CHARS + 1,
    maxDepth: MAX_JSON_DEPTH,
  });
  let started = false;
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw asTraceError(error, started);
    }
  };
  return {
    write(text) {
      guarded(() => {
        tokenizer.write(text);
        if (/\S/.test(text)) started = true;
      });
    },
    end() {
      return guarded(() => {
        if (!started) {
          throw new TraceError({ kind: 'empty', message: 'The file holds no text at all.' });
        }
        tokenizer.end();
        if (!collector.foundEvents) throw notTrace();
        const result = collector.result();
        if (result.events.count === 0) throw noEvents(result.eventsSeen);
        return result;
      });
    },
    get offsetChars() {
      return tokenizer.offsetChars;
    },
  };
}

function asTraceError(error: unknown, started: boolean): unknown {
  if (!(error instanceof JsonSyntaxError)) return error;
  const at = formatCount(error.offsetChars);
  if (error.truncated) {
    return new TraceError({
      kind: 'truncated',
      message:
        `The JSON stops at character ${at} before it is complete: the file was cut short, ` +
        'perhaps while it was still being written or copied. Save the trace again.',
      offsetChars: error.offsetChars,
    });
  }
  const detail = error.message.replace(/^Not valid JSON: /, '');
  return new TraceError({
    kind: 'not-json',
    message: started
      ? `This is not valid JSON (${detail} at character ${at}). A profiler trace is the JSON ` +
        'file export_chrome_trace() or tensorboard_trace_handler writes, plain or gzipped.'
      : 'This is not a JSON file. A profiler trace is the JSON file export_chrome_trace() or ' +
        'tensorboard_trace_handler writes, plain or gzipped.',
    offsetChars: error.offsetChars,
  });
}

function notTrace(): TraceError {
  return new TraceError({
    kind: 'not-trace',
    message:
      'This JSON is not a Chrome trace: it has no "traceEvents" list. Open the file ' +
      'prof.export_chrome_trace("trace.json") or tensorboard_trace_handler writes.',
  });
}

function noEvents(seen: number): TraceError {
  return new TraceError({
    kind: 'no-events',
    message:
      `The trace holds ${formatCount(seen)} events but no kernels, copies or CPU ops. Profile ` +
      'with activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA] around a few steps.',
  });
}
