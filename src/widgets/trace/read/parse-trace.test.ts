import { gzipSync } from 'node:zlib';
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { KIND } from './event-table';
import { createTraceParser } from './parse-trace';
import { readTraceBlob } from './read-trace';
import { TraceError } from '../problem';
import { MAX_DISTINCT_NAMES, MAX_KEPT_EVENTS, MAX_NAME_CHARS } from '../limits';
import { annotation, chunksOf, cpuOp, kernel, memcpy, traceJson } from '../testing/trace-builder';

const SMALL = traceJson([
  cpuOp('aten::linear', 0, 50),
  ...kernel('ampere_bf16_gemm', 20, 30),
  memcpy('HtoD', 60, 10, 4096),
  annotation('ProfilerStep#1', 0, 100),
  { ph: 'f', cat: 'ac2g', name: 'flow', pid: 0, tid: 7, ts: 1, id: 1 },
]);

function parse(chunks: readonly string[]) {
  const parser = createTraceParser();
  for (const chunk of chunks) parser.write(chunk);
  return parser.end();
}

function problemOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (error instanceof TraceError) return error.problem;
    throw error;
  }
  return null;
}

describe('createTraceParser', () => {
  it('keeps the complete events of kept categories with the fields the views need', () => {
    const { events, eventsSeen, gpuNames } = parse([SMALL]);
    expect(eventsSeen).toBe(7);
    expect(events.count).toBe(5);
    expect(gpuNames).toEqual(['NVIDIA H200']);
    const k = [...events.kind].indexOf(KIND.kernel);
    expect(events.names[events.name[k] ?? -1]).toBe('ampere_bf16_gemm');
    expect(events.stream[k]).toBe(7);
    expect(events.device[k]).toBe(0);
    expect(events.threads[events.thread[k] ?? -1]).toBe('0/7');
    const runtime = [...events.kind].indexOf(KIND.cuda_runtime);
    expect(events.correlation[runtime]).toBe(events.correlation[k]);
    const copy = [...events.kind].indexOf(KIND.gpu_memcpy);
    expect(events.bytes[copy]).toBe(4096);
  });

  it('reads the same in chunks of any size', () => {
    const whole = parse([SMALL]);
    for (const sizes of [[1], [5, 3], [64]]) {
      const cut = parse(chunksOf(SMALL, sizes));
      expect([...cut.events.startUs]).toEqual([...whole.events.startUs]);
      expect(cut.events.names).toEqual(whole.events.names);
    }
  });

  it('keeps hostile names as plain, capped text', () => {
    const names = ['__proto__', '<img src=x onerror=alert(1)>', 'n'.repeat(100_000), 'constructor'];
    const { events } = parse([traceJson(names.map((n, i) => cpuOp(n, i * 10, 5)))]);
    expect(events.names[0]).toBe('__proto__');
    expect(events.names[1]).toBe('<img src=x onerror=alert(1)>');
    expect(events.names[2]?.length).toBe(MAX_NAME_CHARS);
    expect(events.names[2]?.endsWith('…')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a bare array of events too', () => {
    expect(parse([JSON.stringify([cpuOp('a', 0, 1)])]).events.count).toBe(1);
  });

  it('names each problem', () => {
    expect(problemOf(() => parse(['']))?.kind).toBe('empty');
    expect(problemOf(() => parse(['<html>']))?.kind).toBe('not-json');
    expect(problemOf(() => parse([SMALL.slice(0, 200)]))?.kind).toBe('truncated');
    expect(problemOf(() => parse(['{"a": 1}']))?.kind).toBe('not-trace');
    expect(problemOf(() => parse(['42']))?.kind).toBe('not-trace');
    expect(problemOf(() => parse([traceJson([])]))?.kind).toBe('no-events');
    const over = () => {
      const parser = createTraceParser({ maxEvents: 3 });
      parser.write(traceJson([0, 1, 2, 3].map((i) => cpuOp('op', i, 1))));
      return parser.end();
    };
    expect(problemOf(over)).toMatchObject({ kind: 'limit', message: /more than 3 kernels/ });
  });

  // 30 MB is past every size at which the parser's work changes: the tokenizer holds only the
  // token it is in, the event table doubles its arrays the same way at any size, and nothing
  // measures memory. The one thing a larger file would test, that the page's limits admit it, is
  // worked out from the characters this trace takes per event, so no 150 MB text is needed.
  it('opens a 30 MB trace fed in chunks, keeping only what it needs, with room for 150 MB', () => {
    const parser = createTraceParser();
    const perBlock = 2000;
    const fromBuilders = (b: number) => {
      const events = [];
      for (let i = 0; i < perBlock; i += 1) {
        const t = (b * perBlock + i) * 10;
        events.push(cpuOp(`aten::op_${i % 50}`, t, 8), ...kernel(`kernel_${i % 200}`, t + 2, 5, t));
      }
      return JSON.stringify(events).slice(1, -1);
    };
    // The same text written straight from a template, at a fraction of the builders' cost
    // (checked against them on the first block): only the times and correlation ids move on.
    const first = fromBuilders(0);
    const correlation0 = Number(/"correlation":(\d+)/.exec(first)?.[1]);
    const block = (b: number) => {
      let text = '';
      for (let i = 0; i < perBlock; i += 1) {
        const t = (b * perBlock + i) * 10;
        const c = correlation0 + b * perBlock + i;
        text +=
          `${i > 0 ? ',' : ''}{"ph":"X","cat":"cpu_op","name":"aten::op_${i % 50}","pid":100,` +
          `"tid":100,"ts":${t},"dur":8,"args":{"External id":1}},{"ph":"X","cat":"cuda_runtime",` +
          `"name":"cudaLaunchKernel","pid":100,"tid":100,"ts":${t},"dur":3,"args":{"correlation":${c}}},` +
          `{"ph":"X","cat":"kernel","name":"kernel_${i % 200}","pid":0,"tid":7,"ts":${t + 2},"dur":5,` +
          `"args":{"device":0,"stream":7,"correlation":${c},"grid":[1,1,1]}}`;
      }
      return text;
    };
    expect(block(0)).toBe(first);
    parser.write('{"schemaVersion": 1, "traceEvents": [');
    let chars = 0;
    let blocks = 0;
    let pieces = 0;
    while (chars < 30e6) {
      const text = (blocks > 0 ? ',' : '') + block(blocks);
      for (const piece of chunksOf(text, [65_536, 1_000_003])) {
        parser.write(piece);
        pieces += 1;
      }
      chars += text.length;
      blocks += 1;
    }
    parser.write(']}');
    const { events, eventsSeen } = parser.end();
    expect(chars).toBeGreaterThan(30e6);
    // Chunks end inside events, names and numbers, so many boundaries are crossed mid-token.
    expect(pieces).toBeGreaterThan(50);
    expect(eventsSeen).toBe(blocks * perBlock * 3);
    expect(events.count).toBe(eventsSeen);
    expect(events.names.length).toBe(50 + 200 + 1);
    // A 150 MB trace of the same events (about 1.2 million) stays within the kept-event limit
    // the parser applies by default, and its few names within the distinct-name limit.
    const eventsIn150MB = Math.ceil((150e6 / chars) * eventsSeen);
    expect(eventsIn150MB).toBeGreaterThan(1e6);
    expect(eventsIn150MB).toBeLessThanOrEqual(MAX_KEPT_EVENTS);
    expect(events.names.length).toBeLessThanOrEqual(MAX_DISTINCT_NAMES);
  }, 120_000);
});

describe('readTraceBlob', () => {
  const never = new AbortController().signal;
  const blob = (bytes: Uint8Array | string) => new NodeBlob([bytes]) as unknown as Blob;

  it('reads plain and gzipped traces and reports progress', async () => {
    const fractions: number[] = [];
    const plain = await readTraceBlob(blob(SMALL), (f) => fractions.push(f), never);
    const zipped = await readTraceBlob(blob(gzipSync(SMALL)), () => undefined, never);
    expect(zipped.events.count).toBe(plain.events.count);
    expect(fractions.at(-1)).toBe(1);
  });

  // Real gzipped traces (the BERT example among them) are read through readTraceBlob in
  // tests/unit/check-traces.test.ts; what the example holds is checked in report.test.ts.

  it('says when gzip is cut short, bytes are not text, or the read was stopped', async () => {
    const fault = async (b: Blob, signal = never) => {
      try {
        await readTraceBlob(b, () => undefined, signal);
      } catch (error) {
        return error instanceof TraceError ? error.problem.kind : String(error);
      }
      return null;
    };
    const zipped = gzipSync(SMALL);
    expect(await fault(blob(zipped.subarray(0, zipped.length - 30)))).toBe('truncated');
    expect(await fault(blob(Uint8Array.from([0xff, 0xfe, 0x00, 0x80])))).toBe('not-json');
    expect(await fault(blob(''))).toBe('empty');
    const stop = new AbortController();
    stop.abort();
    expect(await fault(blob(SMALL), stop.signal)).toBe('cancelled');
  });
});
