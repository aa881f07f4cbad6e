/**
 * Test helpers: small Chrome traces as torch.profiler writes them, built from a few lines, and
 * the real BERT-base example from public/examples/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** One trace event (Chrome's format). */
export type TraceEvent = Record<string, unknown>;

/** The example's file name, as public/examples/ serves it. */
export const EXAMPLE_FILE = 'trace-bert-base-train-amp-bf16-b32-s128.json.gz';

/** The example's gzipped bytes. */
export function exampleGzipBytes(): Uint8Array {
  return new Uint8Array(readFileSync(join(process.cwd(), 'public', 'examples', EXAMPLE_FILE)));
}

/** The example's JSON text. */
export function exampleText(): string {
  return gunzipSync(exampleGzipBytes()).toString('utf8');
}

let correlation = 1000;

/** A CPU op on the Python thread (or `tid`). */
export function cpuOp(name: string, ts: number, dur: number, tid = 100): TraceEvent {
  return { ph: 'X', cat: 'cpu_op', name, pid: 100, tid, ts, dur, args: { 'External id': 1 } };
}

/** A user annotation (record_function, ProfilerStep#N, DataLoader). */
export function annotation(name: string, ts: number, dur: number, tid = 100): TraceEvent {
  return { ph: 'X', cat: 'user_annotation', name, pid: 100, tid, ts, dur, args: {} };
}

/** A kernel on GPU 0's stream 7, with the runtime call that launched it at `launchTs`. */
export function kernel(name: string, ts: number, dur: number, launchTs = ts - 5): TraceEvent[] {
  correlation += 1;
  return [
    {
      ph: 'X',
      cat: 'cuda_runtime',
      name: 'cudaLaunchKernel',
      pid: 100,
      tid: 100,
      ts: launchTs,
      dur: 3,
      args: { correlation },
    },
    {
      ph: 'X',
      cat: 'kernel',
      name,
      pid: 0,
      tid: 7,
      ts,
      dur,
      args: { device: 0, stream: 7, correlation, grid: [1, 1, 1] },
    },
  ];
}

/** A copy on stream 7 ("Memcpy HtoD (Pageable -> Device)"). */
export function memcpy(
  direction: 'HtoD' | 'DtoH' | 'DtoD',
  ts: number,
  dur: number,
  bytes: number,
) {
  const name = `Memcpy ${direction} (Pageable -> Device)`;
  return { ph: 'X', cat: 'gpu_memcpy', name, pid: 0, tid: 7, ts, dur, args: { stream: 7, bytes } };
}

/** The JSON text of a trace as export_chrome_trace writes it. */
export function traceJson(events: readonly TraceEvent[], extra: TraceEvent = {}): string {
  return JSON.stringify({
    schemaVersion: 1,
    deviceProperties: [{ id: 0, name: 'NVIDIA H200' }],
    ...extra,
    traceEvents: [
      { name: 'process_name', ph: 'M', pid: 0, tid: 0, args: { name: 'x' } },
      ...events,
    ],
  });
}

/** Cuts text into chunks of the given sizes, cycling through them. */
export function chunksOf(text: string, sizes: readonly number[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; at < text.length; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}
