/**
 * Fuzzing the trace reader end to end (gunzip, UTF-8, tokenizer, collector, analysis, through
 * the worker's handler): seeded mutations of a small real-looking trace as text, as bytes and
 * gzipped, mutated JSON values, random bytes, and named hostile files. Each must give a report
 * or one defined problem with a short plain message; no other exception escapes.
 */
import { gzipSync } from 'node:zlib';
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  fuzzReader,
  messageProblems,
  mutateBytes,
  mutateJson,
  randomBytes,
} from '../../../state/testing/mutate';
import { HOSTILE_VALUES } from '../../../state/testing/hostile';
import { buildTraceReport } from '../analysis/report';
import { TraceError, type TraceProblemKind } from '../problem';
import { annotation, cpuOp, kernel, memcpy, traceJson } from '../testing/trace-builder';
import { handleReadTrace } from '../worker/handler';
import type { ReadTraceResponse } from '../worker/protocol';
import { readTraceBlob } from './read-trace';

const CASES = 400;
const MAX_MESSAGE_CHARS = 400;
const KINDS: TraceProblemKind[] = [
  'empty',
  'too-large',
  'not-json',
  'truncated',
  'not-trace',
  'no-events',
  'limit',
];

const EVENTS = [
  annotation('ProfilerStep#1', 0, 100),
  cpuOp('aten::linear', 0, 50),
  cpuOp('aten::mm', 5, 15),
  ...kernel('sm90_xmma_gemm_bf16', 10, 20, 5),
  ...kernel('vectorized_elementwise_kernel', 40, 10, 35),
  memcpy('HtoD', 60, 20, 1000),
];
const TEXT = traceJson(EVENTS);
const BYTES = new TextEncoder().encode(TEXT);
const GZIP = new Uint8Array(gzipSync(TEXT));
const never = new AbortController().signal;

/** Reads bytes as the worker does; a report, or a TraceError's problem; anything else fails. */
async function check(bytes: Uint8Array): Promise<string[]> {
  try {
    const trace = await readTraceBlob(new NodeBlob([bytes]) as unknown as Blob, () => {}, never);
    const report = buildTraceReport(trace);
    return Number.isFinite(report.gpuBusyShare) ? [] : ['busy share not finite'];
  } catch (error) {
    if (!(error instanceof TraceError)) throw error;
    const problems = messageProblems(error.problem.message, MAX_MESSAGE_CHARS);
    if (!KINDS.includes(error.problem.kind)) problems.push(`kind ${error.problem.kind}`);
    return problems;
  }
}

const show = (b: Uint8Array) => JSON.stringify(new TextDecoder().decode(b.slice(0, 120)));

describe('trace reader fuzz', () => {
  it('survives mutated text, bytes and gzip of a real-looking trace', async () => {
    const report = await fuzzReader(
      21,
      CASES,
      (rng, i) => {
        const source = i % 3 === 0 ? GZIP : BYTES;
        return i % 10 === 9 ? randomBytes(rng, 400) : mutateBytes(rng, source, 6);
      },
      check,
      show,
    );
    expect(report.failures).toEqual([]);
  });

  it('survives mutated JSON values (wrong types, huge numbers, hostile strings)', async () => {
    const value = JSON.parse(TEXT) as unknown;
    const report = await fuzzReader(
      7,
      CASES,
      (rng) => new TextEncoder().encode(JSON.stringify(mutateJson(rng, value, 5))),
      check,
      show,
    );
    expect(report.failures).toEqual([]);
  });

  it('keeps hostile names and keys as text', async () => {
    const hostile = HOSTILE_VALUES.map((name, i) => cpuOp(name, i, 1));
    const keys = { __proto__: { polluted: 1 }, constructor: 'x', traceEvents: hostile };
    const text = JSON.stringify(keys).replace('"traceEvents"', '"__proto__": 1, "traceEvents"');
    expect(await check(new TextEncoder().encode(text))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers through the worker handler with exactly one done or failed', async () => {
    for (const bytes of [BYTES, GZIP, BYTES.slice(0, 90), new Uint8Array([0x1f, 0x8b, 1])]) {
      const answers: ReadTraceResponse[] = [];
      await handleReadTrace(
        { kind: 'read', id: 3, file: new NodeBlob([bytes]) as unknown as Blob },
        (r) => answers.push(r),
      );
      const ends = answers.filter((a) => a.kind !== 'progress');
      expect(ends).toHaveLength(1);
      expect(ends[0]?.id).toBe(3);
    }
  });
});
